"""stickslip.Simulation: a run taken step by step from Python. Without inputs it equals `stickslip
run` bit for bit; state, inputs and a controller act as their closed forms say; checkpoints return
to an instant exactly; errors name what is wrong."""
import math

import numpy as np
import pytest

import stickslip
from conftest import example
from test_model import cli_run

BLOCK = example("scheme_comparison", "sliding_block.yaml")
PENDULUM = example("simple_pendulum", "simple_pendulum.yaml")


@pytest.mark.parametrize("scheme", ["compliant", "event-driven", "time-stepping"])
def test_stepping_equals_the_command_line_bit_for_bit(cli, tmp_path, scheme):
    columns, rows, events = cli_run(cli, BLOCK, str(tmp_path / "block.csv"), "--scheme", scheme, "--t-end", "0.4")
    sim = stickslip.Simulation(BLOCK, scheme=scheme, t_end=0.4)
    while not sim.finished:
        sim.step()
        sim.contacts(), sim.body("block"), sim.q  # reading between steps changes nothing
    result = sim.result()
    assert result.columns == columns
    assert np.array_equal(result.data, rows)  # every number, bit for bit
    assert len(result.events) == len(events)
    assert result.summary["t_final"] == 0.4 and result.summary["steps"] > 0


def test_advance_and_run_equal_model_run():
    model = stickslip.Model.load(PENDULUM)
    expected = model.run(t_end=2)
    sim = stickslip.Simulation(model, t_end=2)
    assert sim.run().data.tobytes() == expected.data.tobytes()
    # Advancing to the output times of a time-stepping run takes the run's own steps.
    block = stickslip.Model.load(BLOCK)
    expected = block.run(scheme="time-stepping", t_end=0.3)
    sim = stickslip.Simulation(block, scheme="time-stepping", t_end=0.3)
    for k in range(1, 61):
        sim.advance(min(0.3, k * 0.005))
    assert sim.finished
    assert np.array_equal(sim.result().data, expected.data)


def pendulum_without_gravity():
    """A bob of 2 kg (J = 0.01 kg m²) on a rod of 0.5 m, a joint actuator at its pivot."""
    return stickslip.Model.from_dict({
        "bodies": [{"name": "bob", "mass": 2, "inertia": 0.01, "position": [0.5, 0]}],
        "joints": [{"name": "pivot", "type": "revolute", "bodies": ["ground", "bob"], "location": [0, 0]}],
        "forces": [{"name": "motor", "type": "joint_actuator", "joint": "pivot", "effort": 0}],
        "simulation": {"integrator": "rk4", "step": 1e-3, "t_end": 1, "output_interval": 0.01}})


def test_a_controller_holds_a_pendulum_at_its_target():
    # A PD controller on the actuator, u = −k_p (θ − θ*) − k_d ω, called before every step, turns the
    # pendulum (J_O = J + m L² = 0.51 kg m²) to θ* = 0.5 rad: critically damped at k_d = 2 √(k_p J_O),
    # θ(t) = θ* (1 − (1 + ω_n t) e^{−ω_n t}), ω_n = √(k_p / J_O).
    kp, J_O, target = 20.0, 0.51, 0.5
    kd = 2 * math.sqrt(kp * J_O)
    wn = math.sqrt(kp / J_O)

    def departure(h):
        calls = []

        def pd(sim):
            calls.append(sim.t)
            sim.set_actuator("motor", -kp * (sim["bob.theta"] - target) - kd * sim["bob.omega"])

        result = stickslip.Simulation(pendulum_without_gravity(), controller=pd, dt=h).run()
        assert len(calls) == round(1 / h)  # once before each of the rk4 steps
        assert result["motor.effort"][0] == 0 and result["motor.effort"][1] != 0  # the column reads what was set
        t, theta = result["t"], np.arctan2(result["bob.y"], result["bob.x"])
        return np.max(np.abs(theta - target * (1 - (1 + wn * t) * np.exp(-wn * t))))

    coarse, fine = departure(1e-3), departure(5e-4)
    # The controller holds u over each step (a zero-order hold): a lag of half a step in the feedback,
    # whose effect on θ is at most θ* ω_n h/2 = 1.6e-3 rad at h = 1 ms (seen 5.9e-4), and first order
    # in h: halving the step halves it (rk4's own error is far below, O(h⁴)).
    assert coarse < 0.5 * target * wn * 1e-3
    assert coarse / fine == pytest.approx(2, abs=0.1)


def test_inputs_state_and_contacts_between_steps():
    # A ball resting on a floor (time-stepping, h = 1 ms): the floor carries m g; thrown up at
    # 0.981 m/s it rises v s − g s²/2 exactly (the midpoint rule is exact for constant gravity).
    model = stickslip.Model.from_dict({
        "gravity": [0, -9.81],
        "bodies": [{"name": "ball", "mass": 0.5, "inertia": 0.0005, "position": [0, 0.05]}],
        "contacts": [{"name": "floor", "type": "circle_line", "bodies": ["ground", "ball"], "radius": 0.05,
                      "impact": {"law": "newton", "e": 0}}],
        "forces": [{"name": "push", "type": "point_force", "body": "ball", "fx": 0}],
        "simulation": {"scheme": "time-stepping", "step": 1e-3, "t_end": 1, "output_interval": 0.01}})
    sim = stickslip.Simulation(model)
    sim.advance(0.2)
    floor, = sim.contacts()
    assert floor["name"] == "floor" and floor["state"] == "stick"
    assert floor["normal_force"] == pytest.approx(0.5 * 9.81, abs=1e-9)
    assert np.allclose(floor["point"], [0, 0, 0], atol=1e-12) and np.allclose(floor["normal"], [0, 1, 0])
    sim.set_body("ball", velocity=[0, 0.981])
    sim.advance(0.3)
    assert sim.body("ball")["position"][1] == pytest.approx(0.05 + 0.0981 - 0.5 * 9.81 * 0.01, abs=1e-12)
    assert sim.contacts()[0]["state"] == "open"
    # A horizontal force of 1 N on the free ball: ẍ = 2 m/s² for 0.1 s.
    sim.set_force("push", [1.0, 0])
    x0 = sim.body("ball")["position"][0]
    sim.advance(0.4)
    assert sim.body("ball")["position"][0] - x0 == pytest.approx(0.5 * 2 * 0.01, abs=1e-12)
    # q and v as arrays, set back: the ball moved to x = 0, at rest.
    q, v = sim.q, sim.v
    q[0], v[:] = 0.0, 0.0
    sim.set_state(q=q, v=v)
    assert sim.body("ball")["position"][0] == 0.0 and np.all(sim.v == 0)


def test_checkpoints_return_to_an_instant(tmp_path):
    model = pendulum_without_gravity()
    sim = stickslip.Simulation(model)
    sim.set_actuator("motor", 0.3)
    sim.advance(0.4)
    checkpoint = sim.checkpoint()
    assert checkpoint.t == 0.4
    sim.set_actuator("motor", -1.0)  # after the checkpoint: undone by restore
    first = sim.run()
    sim.restore(checkpoint)
    assert sim.t == 0.4 and not sim.finished
    sim.advance(1.0)
    again = sim.result()
    assert not np.array_equal(first.data, again.data)  # the later input was undone ...
    assert np.all(again["motor.effort"][40:] == 0.3)    # ... and the input set before the checkpoint kept
    # From a file, in a new simulation: the same rows after the checkpoint, bit for bit.
    checkpoint.save(str(tmp_path / "at_0.4.checkpoint"))
    other = stickslip.Simulation(model)
    other.restore(str(tmp_path / "at_0.4.checkpoint"))
    other.advance(1.0)
    assert np.array_equal(other.result().data[-60:], again.data[-60:])


def test_errors_say_what_is_wrong():
    sim = stickslip.Simulation(pendulum_without_gravity())
    with pytest.raises(ValueError, match="no joint actuator 'nothing'"):
        sim.set_actuator("nothing", 1)
    with pytest.raises(ValueError, match="beyond the end of the run"):
        sim.advance(2)
    with pytest.raises(ValueError, match="no body 'nobody'"):
        sim.body("nobody")
    with pytest.raises(stickslip.InputError):
        stickslip.Simulation(pendulum_without_gravity(), dt=-1)

    def failing(s):
        raise RuntimeError("controller failed")

    sim.controller = failing
    with pytest.raises(RuntimeError, match="controller failed"):
        sim.step()
    assert sim.t == 0  # the step was not taken
    sim.controller = None
    sim.run()
    with pytest.raises(RuntimeError, match="reached its end"):
        sim.step()


def test_a_result_shows_as_its_animation_in_jupyter():
    result = stickslip.Simulation(PENDULUM, t_end=0.5).run()
    page = result.animation()
    assert page.startswith("<!DOCTYPE html>") and "simple_pendulum" in page
    cell = result._repr_html_()
    assert cell.startswith("<iframe") and "srcdoc=" in cell
    assert stickslip.Model.load(PENDULUM).run(t_end=0.1)._repr_html_().startswith("<iframe")


# A ball resting on a floor, both shapes: the event-driven scheme runs them compiled into a point contact.
BALL_ON_FLOOR = """dimension: spatial
gravity: [0, 0, -9.81]
materials: [{name: steel, density: 7800, impact: {law: newton, e: 0}, friction: {law: coulomb, mu_s: 0.3, mu_k: 0.2}}]
bodies:
  - {name: floor, motion: fixed, shapes: [{name: ground, type: plane, normal: [0, 0, 1], material: steel}]}
  - {name: ball, position: [0, 0, 0.05], velocity: [0.1, 0, 0], shapes: [{name: shot, type: sphere, radius: 0.05, material: steel}]}
"""


@pytest.mark.parametrize("case, scheme, integrator", [("shaking_stack", "time-stepping", []),
                                                      ("capsule_grip", "compliant", ["rk4", "1e-4"]),
                                                      ("ball_on_floor", "event-driven", [])])
def test_contacts_report_the_shape_points_of_the_contact_points_file(cli, tmp_path, case, scheme, integrator):
    """Contacts between shapes only (three boxes on a table; a capsule between two pads; a ball rolling
    on a floor, compiled into a point contact under the event-driven scheme): at each
    instant the stepping API stops at, contacts() holds exactly the rows that the contact points file
    of the same run has at that time, in its order. Both are one computation written two ways (the
    compliant case with rk4, whose steps end on the output times, so that stopping there takes no
    step the run did not take) and the CSV holds each number in its shortest round-trip form, so the
    comparison is exact (no tolerance)."""
    path = example(case, case + ".yaml")
    if case == "ball_on_floor":
        path = str(tmp_path / "ball_on_floor.yaml")
        with open(path, "w") as f:
            f.write(BALL_ON_FLOOR)
    out = str(tmp_path / "run.csv")
    options = dict(scheme=scheme, t_end=0.02, output_interval=0.005)
    cli_options = ["--scheme", scheme, "--t-end", "0.02", "--output-interval", "0.005"]
    if integrator:
        options.update(integrator=integrator[0], dt=float(integrator[1]))
        cli_options += ["--integrator", integrator[0], "--dt", integrator[1]]
    cli_run(cli, path, out, *cli_options)
    model = stickslip.Model.load(path)
    points = stickslip.read_contact_points(tmp_path / "run.points.csv", model)
    sim = stickslip.Simulation(model, **options)
    states = {0: "open", 1: "stick", 2: "slip+", 3: "slip-"}
    # The event-driven rows between events come from its integrator's dense output, which stopping
    # there would replace by a step's end: that case is compared at its start, then checked on its own.
    for t in (0.0,) if scheme == "event-driven" else (0.0, 0.01, 0.02):
        if t > 0:
            sim.advance(t)
        rows = np.flatnonzero(points["t"] == t)
        reported = [c for c in sim.contacts() if "shape_i" in c]
        assert len(reported) == len(rows) > 0
        for c, r in zip(reported, rows):
            assert c["name"] == f"{c['shape_i']}|{c['shape_j']}#{c['point_id']}"
            assert (c["shape_i"], c["shape_j"]) == (points["shape_i_name"][r], points["shape_j_name"][r])
            assert c["point_id"] == points["point"][r]
            assert c["state"] == states[int(points["state"][r])]
            assert list(c["point"]) == [points[k][r] for k in ("x", "y", "z")]
            assert list(c["normal"]) == [points[k][r] for k in ("nx", "ny", "nz")]
            assert list(c["friction_force"]) == [points[k][r] for k in ("ftx", "fty", "ftz")]
            assert (c["gap"], c["normal_velocity"], c["slip_speed"], c["normal_force"]) == \
                (points["gap"][r], points["vn"][r], points["slip"][r], points["fn"][r])
        # The shapes carry weight: some point presses (not only points within the margin).
        assert t == 0.0 or max(c["normal_force"] for c in reported) > 0
    if scheme == "event-driven":
        # The ball slides and rolls on the level floor: its one point carries its weight, m g with
        # m = 7800 kg/m³ × 4/3 π (0.05 m)³, to the rounding of the contact problem's solve.
        sim.advance(0.02)
        point, = [c for c in sim.contacts() if "shape_i" in c]
        assert point["name"] == "ground|shot#0" and point["state"] != "open"
        assert point["normal_force"] == pytest.approx(7800 * 4 / 3 * math.pi * 0.05**3 * 9.81, rel=1e-12)
