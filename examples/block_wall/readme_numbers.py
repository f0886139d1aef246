#!/usr/bin/env python3
"""Regenerates the figures quoted in this folder's README.md (between its readme_numbers.py markers).

usage: examples/block_wall/readme_numbers.py [--stickslip PATH] [--check]
Runs the wall for its 8 s and its first 3 s at the default settings and for 8 s with Gauss-Seidel
alone (subspace_after: 0), and the stack for its 4 s: a few minutes.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))
from quoted_figures import main  # noqa: E402


def solver_figures(data):
    """Sweeps on average and at most, unconverged problems and their largest residual."""
    return solver_figures_and_rescues(data)[:4]


def solver_figures_and_rescues(data):
    """solver_figures, the problems Lemke's method finished (time_stepping.rescue_variables), those
    the interior-point method finished and was handed (interior_point_rescue), and those the
    proximal point method finished and was handed (proximal_rescue_rows)."""
    line = next(s for s in data["summary"] if s.startswith("contact problems:"))
    m = re.search(r"solved by pgs, ([0-9.]+) sweeps on average, at most (\d+)"
                  r"(?:, (\d+)(?: of \d+)? finished by Lemke's method)?"
                  r"(?:, (\d+) of (\d+) finished by the interior-point method \([0-9.]+ iterations each\))?"
                  r"(?:, (\d+) of (\d+) finished by the proximal point method \([0-9.]+ Newton steps each\))?"
                  r"(?:, (\d+) unconverged \(largest residual ([0-9.e+-]+))?", line)
    return (float(m.group(1)), int(m.group(2)), int(m.group(8) or 0), float(m.group(9) or 0),
            int(m.group(3) or 0), int(m.group(4) or 0), int(m.group(5) or 0), int(m.group(6) or 0),
            int(m.group(7) or 0))


def steps(data):
    return int(re.search(r"time-stepping scheme: (\d+) steps", " ".join(data["summary"])).group(1))


def events(run):
    with open(os.path.join(run.tmp, f"run{run.count}.events.csv"), encoding="utf-8") as f:
        return sum(1 for _ in f) - 1


def unconverged_text(count, residual):
    if count == 0:
        return "every problem met the tolerance"
    return f"{count} ended above it (largest residual {residual:.1e}, counted in the summary)"


def compute(run):
    wall = run("block_wall.yaml")
    sweeps, most, unconverged, residual, _, finished, handed, proximal_finished, proximal_handed = \
        solver_figures_and_rescues(wall)
    n = steps(wall)
    wall_events = events(run)
    gentle_sweeps, gentle_most, gentle_unconverged, gentle_residual = solver_figures(run("block_wall.yaml", "--t-end", "3"))
    with open(os.path.join(HERE, "block_wall.yaml"), encoding="utf-8") as f:
        text = f.read()
    text = text.replace("file: ground_motion.csv", "file: " + os.path.join(HERE, "ground_motion.csv"))
    text = text.replace("time_stepping: {solver: pgs}", "time_stepping: {solver: pgs, subspace_after: 0}")
    plain_path = os.path.join(run.tmp, "block_wall_sweeps_only.yaml")
    with open(plain_path, "w", encoding="utf-8") as f:
        f.write(text)
    plain_sweeps, plain_most, plain_unconverged, _ = solver_figures(run(plain_path))
    plain_left = (f"{plain_unconverged} problems end above it after the rescues" if plain_unconverged
                  else "every problem meets it after the rescues")
    stack = run("stack.yaml")
    stack_sweeps, stack_most, stack_unconverged, stack_residual, stack_rescued = solver_figures_and_rescues(stack)[:5]
    return f"""The wall runs with `solver: pgs` (nonsmooth Gauss-Seidel on the sparse Delassus operator, the
default above 40 lifted variables anyway) at the default tolerance, 1e-6: {sweeps:.1f} sweeps per step
on average (at most {most}), with subspace steps between them. Of the {n} contact problems,
{handed} were left above the tolerance by Gauss-Seidel and solved again by the interior-point method
in velocity space (`interior_point_rescue`, docs/schemes.md), which finished {finished} of them;
the proximal point method with Newton steps (`proximal_rescue_rows`, docs/schemes.md) finished
{proximal_finished} of the {proximal_handed} left after that, and {unconverged_text(unconverged, residual)}. {"All" if gentle_unconverged == 0 else "Most"} of those are in the strong part of the sweep
(from about 3 s: the table's acceleration well above μg, the whole wall sliding and its blocks
rocking and landing at every step, where Gauss-Seidel converges slowly or not at all; see
docs/performance.md): over the first 3 s it takes {gentle_sweeps:.2f} sweeps per step (at most
{gentle_most}) and {unconverged_text(gentle_unconverged, gentle_residual)}. Without the subspace steps (`subspace_after: 0`)
Gauss-Seidel needs {plain_sweeps:.0f} sweeps per step on average at this tolerance, and {plain_left}.
The event log records {wall_events} contact changes (impacts, separations, stick-slip); the wall
slides on the table and the half units at its ends rock and walk outward. The shaken stack
(`stack.yaml`, 4 s) takes {stack_sweeps:.1f} sweeps per step on average (at most {stack_most});
{stack_rescued} problems where Gauss-Seidel stalled (small, degenerate: the first step's twenty closed
corners with the base sliding among them) were solved again exactly by Lemke's method
(`rescue_variables`, docs/schemes.md), and {unconverged_text(stack_unconverged, stack_residual)}."""


if __name__ == "__main__":
    sys.exit(main(__file__, compute))
