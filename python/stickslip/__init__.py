"""stickslip: nonsmooth multibody dynamics (rigid bodies, joints, contacts with impacts and dry
friction) from Python. docs/python.md describes the module; docs/sweeps.md the sweeps.

    import stickslip
    model = stickslip.Model.load("examples/free_standing_body/case1_e0.yaml")
    model.set("contacts.tip_left.friction.mu_s", 0.5)
    result = model.run(t_end=5)
    result["body.x"], result.events, result.summary, result.to_pandas()
    stickslip.read_results("run.csv")   # the files of `stickslip run`, as a Result
    stickslip.read_contact_points("run.points.csv")  # the points of the contacts between shapes
    stickslip.read_contact_problem("dump/step_000001")  # from `stickslip run --dump-unconverged dump`
    sim = stickslip.Simulation(model, t_end=5)          # step by step: sim.step(), sim.advance(t),
    sim.set_actuator("motor", 2.0); sim.body("arm")     # inputs and state between steps
"""
from ._core import Model, Sweep, SweepRow, SweepTable, __version__, solve_lcp, solve_mlcp
from .contact_problem import ContactProblem, read_contact_problem
from .errors import Error, InputError, ModelError, NumericalError, SimulationWarning
from .result import Result
from .results_file import read_contact_points, read_results
from .simulation import Checkpoint, Simulation
from .sweep import read_table, run_sweep


def load(path):
    """Reads a model file (Model.load)."""
    return Model.load(path)


def run(model, **options):
    """Runs a model (a Model or a model file's path) with the options of `stickslip run`."""
    if not isinstance(model, Model):
        model = Model.load(str(model))
    return model.run(**options)


__all__ = ["Model", "Simulation", "Checkpoint", "Sweep", "SweepRow", "SweepTable", "Result", "Error", "InputError", "ModelError",
           "NumericalError", "SimulationWarning", "load", "run", "read_results", "read_contact_points", "run_sweep", "read_table", "solve_lcp",
           "solve_mlcp", "read_contact_problem", "ContactProblem", "__version__"]
