"""`stickslip run --dump-unconverged` and stickslip.read_contact_problem: the first step of the shaken
stack (examples/block_wall/stack.yaml) with Lemke's rescue off, where Gauss-Seidel stalls at a natural
residual of 2.2e-3. The problem read back must be the one the run solved (the residual recomputed from
W, b and p equals the reported one), and Lemke's method on its lifted form, from Python, solves it."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import stickslip
from conftest import SOURCE, example


def stack_without_rescue(tmp_path):
    with open(example("block_wall", "stack.yaml")) as f:
        text = f.read()
    text = text.replace("  step: 1e-3\n", "  step: 1e-3\n  time_stepping: {rescue_variables: 0, interior_point_rescue: false, proximal_rescue_rows: 0}\n")
    path = tmp_path / "stack.yaml"
    path.write_text(text)
    return path


def test_the_stalled_problem_is_written_and_lemke_solves_it(cli, tmp_path):
    dump = tmp_path / "dump"
    run = subprocess.run([cli, "run", str(stack_without_rescue(tmp_path)), "-o", str(tmp_path / "r.csv"), "--t-end",
                          "0.005", "--dump-unconverged", str(dump)], check=True, capture_output=True, text=True)
    assert f"wrote {dump}: 1 contact problem left above the tolerance" in run.stdout
    problem = stickslip.read_contact_problem(dump / "step_000001")
    assert (problem.step, problem.t, problem.solver) == (1, pytest.approx(1e-3), "pgs")
    assert problem.W.shape == (40, 40) and problem.bilateral_rows == 0
    assert np.array_equal(problem.W, problem.W.T)
    assert problem.active.all() and np.all(problem.mu == 0.6)  # all twenty corners closed at the start
    assert (problem.rescue, problem.interior_point, problem.proximal) == ("none", "none", "none")  # rescues off
    # The same numbers as the run's own: the recomputed residual equals the reported one (both are
    # max |p - proj(p - W p - b)| on the same doubles; 1e-12 relative allows for the summation order).
    assert problem.residual(problem.p) == pytest.approx(problem.reported_residual, rel=1e-12)
    assert problem.residual(problem.p) > problem.goal
    M, q = problem.lifted_lcp()
    assert M.shape == (80, 80)
    solution = stickslip.solve_lcp(M, q, "lemke")
    assert solution["status"] == "solved"
    # Lemke's pivots are exact to rounding: impulses of ~1 N s, W entries ~1, so 1e-12 is rounding.
    assert problem.residual(problem.impulses_from_lcp(solution["z"])) < 1e-12


def test_a_folder_without_a_problem_is_an_input_error(tmp_path):
    (tmp_path / "problem.json").write_text(json.dumps({"t": 0, "step": 1, "solver": "pgs", "tolerance": 1e-6, "goal": 1e-6,
                                                       "iterations": 1, "residual": 1, "bilateral_rows": 0}))
    with pytest.raises(stickslip.InputError, match="rows.npy"):
        stickslip.read_contact_problem(tmp_path)


def test_a_folder_that_cannot_be_written_is_a_warning_and_the_run_goes_on(cli, tmp_path):
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    out = tmp_path / "r.csv"
    run = subprocess.run([cli, "run", str(stack_without_rescue(tmp_path)), "-o", str(out), "--t-end", "0.005",
                          "--output-interval", "0.001",
                          "--dump-unconverged", str(blocker / "dump")], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "no further contact problems are written (the run goes on)" in run.stderr
    assert "0 contact problems left above the tolerance (1 more not written)" in run.stdout
    assert len(stickslip.read_results(out)["t"]) == 6  # t = 0 .. 0.005 every 1 ms: nothing lost


def test_the_stalled_problems_script_runs_every_method(cli, tmp_path):
    """scripts/stalled_problems.py (the figures of docs/performance-history.md on the wall's stalls) on the
    stack's stalled problem: Lemke solves it exactly, so its polishing is exact too; the sweeps and
    the Newton method report their residuals; the proximal point method stops at the run's goal
    (1e-6), which it meets from Gauss-Seidel's stall at 2.2e-3."""
    dump = tmp_path / "dump"
    subprocess.run([cli, "run", str(stack_without_rescue(tmp_path)), "-o", str(tmp_path / "r.csv"), "--t-end",
                    "0.002", "--dump-unconverged", str(dump)], check=True, capture_output=True)
    run = subprocess.run([sys.executable, os.path.join(SOURCE, "scripts", "stalled_problems.py"), str(dump),
                          "--sweeps", "12", "--newton", "2", "--polish", "--proximal", "50"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("step_000001: t = 0.001 s, 40 rows, 20 active contacts"), run.stdout
    assert lines[1].startswith("  rows above the goal: "), run.stdout
    assert lines[2].startswith("  sweeps: 2:") and lines[3].startswith("  newton: ")
    assert lines[4].startswith("  lemke:  80 variables, solved after"), run.stdout
    polished = float(lines[5].rsplit("polished ", 1)[1])
    assert polished < 1e-10, run.stdout  # exact to rounding (impulses ~1 N s)
    assert lines[6].startswith("  proximal: ") and lines[6].endswith("(met the goal)"), run.stdout
    assert float(lines[6].split()[1]) <= 1e-6, run.stdout
    # Newton's method on a piecewise-linear function with its exact Jacobian ends within a few steps
    # once the face is right (5 here); a wrong sign in the sliding rows' Jacobian took 600.
    assert int(lines[6].split(" Newton steps")[0].rsplit(" ", 1)[1]) <= 20, run.stdout


def test_malformed_problems_name_their_file_and_null_reads_as_nan(cli, tmp_path):
    """A dump edited by hand or cut short: errors name the file (InputError.file, as the results
    readers do); a residual that was not finite, written as JSON null, reads back as NaN."""
    dump = tmp_path / "dump"
    subprocess.run([cli, "run", str(stack_without_rescue(tmp_path)), "-o", str(tmp_path / "r.csv"), "--t-end",
                    "0.002", "--dump-unconverged", str(dump)], check=True, capture_output=True)
    folder = dump / "step_000001"
    info = json.loads((folder / "problem.json").read_text())
    assert info["format"] == "stickslip contact problem 1" and info["rows"] == 40 and info["contacts"] == 20
    info["residual"] = None
    (folder / "problem.json").write_text(json.dumps(info))
    assert np.isnan(stickslip.read_contact_problem(folder).reported_residual)
    entries = np.load(folder / "W.npy")
    entries["row"][0] = 40  # one past the last row
    np.save(folder / "W.npy", entries)
    with pytest.raises(stickslip.InputError, match="outside the 40 x 40 matrix") as error:
        stickslip.read_contact_problem(folder)
    assert error.value.file == str(folder / "W.npy")
    info["format"] = "something else"
    (folder / "problem.json").write_text(json.dumps(info))
    with pytest.raises(stickslip.InputError, match="not a 'stickslip contact problem 1'"):
        stickslip.read_contact_problem(folder)
