"""A robot from URDF driven step by step from Python (docs/urdf.md): a model file that includes the
URDF pendulum and adds a motor, loaded by Model.load and run by a Simulation with a controller."""
import math

import pytest

import stickslip
from conftest import SOURCE, example

PENDULUM = f"{SOURCE}/tests/data/urdf/pendulum.urdf"


def test_a_model_including_a_urdf_runs_from_python(tmp_path):
    model_file = tmp_path / "arm.yaml"
    model_file.write_text(f"""urdf: {PENDULUM}
gravity: [0, 0, 0]
forces:
  - {{name: motor, type: joint_actuator, joint: pivot, effort: 0}}
simulation: {{scheme: compliant, integrator: dopri5, rtol: 1e-11, atol: 1e-13, projection: true, t_end: 1}}
""")
    sim = stickslip.Simulation(stickslip.Model.load(str(model_file)))
    sim.set_actuator("motor", 0.5)
    sim.advance(1.0)
    # No gravity: the rod turns about its pin at τ / I_O, I_O = m L²/3 = 2/3 kg m²; dopri5 follows a
    # constant acceleration to rounding.
    assert math.isclose(sim.body("rod")["angular_velocity"][1], 0.5 / (2 / 3), rel_tol=1e-10)


def test_a_urdf_alone_loads_and_runs_with_the_defaults():
    model = stickslip.Model.load(PENDULUM)
    assert model.get("urdf") == "pendulum.urdf"
    result = model.run(t_end=0.1)
    # Released at rest from 1 rad: the rod's centre falls (time-stepping, the URDF's defaults).
    assert result["rod.z"][-1] < result["rod.z"][0]


def test_the_gripper_example_lifts_swings_and_holds_its_cube_without_slip():
    """examples/gripper over its whole run: the fingers close, the carriage lifts the cube by 0.1 m (the
    rise done at 1.6 s), the turret swings it by 0.8 rad and the arm holds it to 3.5 s.

    The grip needs a tenth of its friction at μ_s, so every point sticks: the cube moves with the
    fingers but for the contact problems' leftover. The goal of the solve is 1e-6 of the step's
    largest free velocity (15 m/s in the finger joints' rows), but a loaded point inside its cone that
    slips by more than 1e-8 m/s is solved again to 1e-4 of that goal (stick_slip_decision.hpp), so the
    slip stays below the stick speed 1e-6 m/s over the 2.9 s since the lift began: 2.9e-6 m along the
    pads (measured: 1.2e-7 m).

    The turret's bearing (0.2 N m of constant friction) brings it to rest after the swing where the
    PD's torque falls inside the bound; from 2.8 s (at rest since 2.58 s) it does not move (angle and
    rate unchanged but for rounding) and the bearing's friction holds the motor's torque, equal and
    opposite but for the grip's contact solve, exact only to its goal: the turret's 0.11 kg m² times
    1.5e-5 rad/s per 1 ms step, 1.7e-6 N m (measured: 1.6e-6 N m on entering the hold, 1.1e-11 from 3 s)."""
    import sys
    import numpy as np
    sys.path.insert(0, example("gripper"))
    import gripper
    model = stickslip.Model.load(example("gripper", "gripper.yaml"))
    result = stickslip.Simulation(model, controller=gripper.controller, t_end=gripper.T_END).run()
    slip, k0 = gripper.slip_in_grip(result)
    assert np.abs(slip[k0:, [0, 2]]).max() < 2.9e-6
    # Lifted, not left on the floor: the lift's PD (4000 N/m, the lifted weight fed forward) ends the
    # 0.1 m rise within 1 mm unless a force error of 4 N, half the lifted weight, remains.
    assert abs(result["cube.z"][-1] - result["cube.z"][0] - gripper.LIFT) < 1e-3
    assert result["grip_left.points"][-1] >= 1 and result["grip_right.points"][-1] >= 1
    hold = result["t"] >= 2.8
    assert np.ptp(result["yaw_lower.gap"][hold]) < 1e-12 and np.abs(result["yaw.vt"][hold]).max() < 1e-12
    motor, friction = result["yaw_motor.effort"][hold], result["yaw.ff"][hold]
    assert np.abs(motor).max() < gripper.YAW_FRICTION and np.abs(motor).min() > 0.1  # held, not idle
    assert np.abs(motor + friction).max() < 1e-5


TURRET = """<?xml version="1.0"?>
<robot name="turret">
  <link name="world"/>
  <joint name="bearing" type="revolute">
    <parent link="world"/><child link="turret"/><axis xyz="0 0 1"/>
    <limit lower="-2" upper="2" effort="0" velocity="0"/>
    <dynamics friction="0.2"/>
  </joint>
  <link name="turret">
    <inertial><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial>
  </link>
</robot>
"""


@pytest.mark.parametrize("scheme", ["time-stepping", "event-driven"])
def test_a_motor_turns_a_turret_against_its_bearing_friction(tmp_path, scheme):
    """What examples/gripper's turret relies on: a motor torque τ about a vertical revolute joint with a
    constant friction bound T = 0.2 N m (URDF's <dynamics friction>) and limits at ±2 rad, I = 0.1 kg m²,
    no gravity torque about the axis. |τ| ≤ T: the joint sticks, the friction holds τ. τ = 0.6 N m for
    0.5 s: θ̈ = (τ − T)/I = 4 rad/s², so ω = 2 rad/s and θ = 0.5 rad. Released: it coasts against T,
    θ̈ = −T/I = −2 rad/s², stops after I ω / T = 1 s at θ = 0.5 + I ω²/(2T) = 1.5 rad and sticks
    there, short of its stop, also when the motor pulls back with −0.15 N m.

    The accelerations are piecewise constant: the time-stepping scheme (θ = 1/2: velocities by the
    impulse, positions by the trapezoid, both exact for a constant acceleration) meets every instant
    on its 1 ms grid (the stop at 2 s ends a step), so it is exact to the rounding of 3000 steps, and
    dopri5 at rtol 1e-11 (its stages exact for a quadratic motion; the stop located as an event) to
    its tolerance."""
    (tmp_path / "turret.urdf").write_text(TURRET)
    (tmp_path / "turret.yaml").write_text("""urdf: turret.urdf
gravity: [0, 0, -9.81]
forces:
  - {name: motor, type: joint_actuator, joint: bearing, effort: 0}
""")
    options = dict(scheme=scheme, t_end=3.0)
    options.update(dt=1e-3) if scheme == "time-stepping" else options.update(integrator="dopri5", rtol=1e-11, atol=1e-13)
    sim = stickslip.Simulation(stickslip.Model.load(str(tmp_path / "turret.yaml")), **options)
    # Measured: 2.7e-15 rad time-stepping, 3.7e-11 rad and 1e-12 rad/s event-driven (the stop's event).
    tol = 1e-11 if scheme == "time-stepping" else 1e-9

    def check(angle, rate):
        assert abs(sim["bearing_lower.gap"] - 2.0 - angle) < tol, (sim.t, sim["bearing_lower.gap"] - 2.0)
        assert abs(sim["bearing.vt"] - rate) < tol, (sim.t, sim["bearing.vt"])

    sim.set_actuator("motor", 0.15)   # below T: it sticks, the friction holding the motor's torque
    sim.advance(0.5)
    check(0.0, 0.0)
    assert abs(sim["bearing.ff"] + 0.15) < 1e-9
    sim.set_actuator("motor", 0.6)    # above T: (0.6 − 0.2)/0.1 = 4 rad/s²
    sim.advance(1.0)
    check(0.5, 2.0)
    assert abs(sim["bearing.ff"] + 0.2) < 1e-9  # sliding: the friction at its bound, against the turn
    sim.set_actuator("motor", 0.0)    # released: −2 rad/s² until it stops
    sim.advance(1.5)
    check(0.5 + 2.0 * 0.5 - 0.5 * 2.0 * 0.5 ** 2, 1.0)
    sim.advance(2.5)
    check(1.5, 0.0)
    sim.set_actuator("motor", -0.15)  # pulled back within T: it stays
    sim.advance(3.0)
    check(1.5, 0.0)
    assert abs(sim["bearing.ff"] - 0.15) < 1e-9
