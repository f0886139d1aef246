"""A robot from URDF driven step by step from Python (docs/urdf.md): a model file that includes the
URDF pendulum and adds a motor, loaded by Model.load and run by a Simulation with a controller."""
import math

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


def test_the_gripper_example_lifts_its_cube_without_slip():
    """examples/gripper: the fingers close, the carriage lifts the cube by 0.1 m (to t = 1.7 s, the
    rise done). The grip needs a tenth of its friction at μ_s, so every point sticks: the cube moves
    with the fingers but for the contact problems' leftover. The goal of the solve is 1e-6 of the
    step's largest free velocity (15 m/s in the finger joints' rows), but a loaded point inside its
    cone that slips by more than 1e-8 m/s is solved again to 1e-4 of that goal
    (stick_slip_decision.hpp), so the slip stays below the stick speed 1e-6 m/s over the 1.1 s since
    the lift began (1.1e-6 m along the pads; measured: 1.2e-7 m, with either sweep)."""
    import sys
    import numpy as np
    sys.path.insert(0, example("gripper"))
    import gripper
    model = stickslip.Model.load(example("gripper", "gripper.yaml"))
    result = stickslip.Simulation(model, controller=gripper.controller, t_end=1.7).run()
    slip, k0 = gripper.slip_in_grip(result)
    assert np.abs(slip[k0:, [0, 2]]).max() < 1.1e-6
    # Lifted, not left on the floor: the lift's PD (4000 N/m, the lifted weight fed forward) ends the
    # 0.1 m rise within 1 mm unless a force error of 4 N, half the lifted weight, remains.
    assert abs(result["cube.z"][-1] - result["cube.z"][0] - gripper.LIFT) < 1e-3
    assert result["grip_left.points"][-1] >= 1 and result["grip_right.points"][-1] >= 1
