"""A robot from URDF driven step by step from Python (docs/urdf.md): a model file that includes the
URDF pendulum and adds a motor, loaded by Model.load and run by a Simulation with a controller."""
import math

import stickslip
from conftest import SOURCE

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
