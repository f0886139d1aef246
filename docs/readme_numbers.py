#!/usr/bin/env python3
"""Regenerates the figures README.md and the pages of docs/ quote from the program's runs (between
their readme_numbers.py markers): output shown as examples (a run's summary, `stickslip lcp`'s JSON)
and figures of the examples quoted in the text. Measured times (a run's wall time, a solve's time_s)
differ from run to run: they are masked when comparing, and a page keeps the ones it has.
usage: docs/readme_numbers.py [--stickslip PATH] [--check]"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
from quoted_figures import main  # noqa: E402

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples")
VOLATILE = [r'"time_s":[-+.e0-9]+', r"[0-9.]+ s wall \([-+.e0-9]+ steps/s\)",
            r",[-+.e0-9]+,(ok|failed),", r"run now in [0-9.]+ s"]  # the last two: a sweep's wall_time and duration
HERE = os.path.dirname(os.path.abspath(__file__))


def summary(run, model, *options, lines=("time-stepping scheme:", "contact problems:")):
    """The lines of a run's summary that start with one of `lines`, indented as a Markdown block."""
    data = run(os.path.join(EXAMPLES, model), *options)
    kept = [line for line in data["summary"] if line.startswith(lines)]
    return "\n".join("    " + line for line in kept)


def stack_without_rescues(run):
    """The shaken stack with every rescue off: Gauss-Seidel's own unconverged solves."""
    with open(os.path.join(EXAMPLES, "block_wall", "stack.yaml"), encoding="utf-8") as f:
        text = f.read()
    assert text.count("simulation:\n") == 1 and "time_stepping" not in text
    text = text.replace("simulation:\n", "simulation:\n  time_stepping: {rescue_variables: 0, interior_point_rescue: false, "
                                          "proximal_rescue_rows: 0}\n")
    path = run.path("stack_without_rescues.yaml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return summary(run, path, lines=("contact problems:",))


def sweep_block(name):
    """The text of the YAML block sweeps.md tells the reader to save as `name`."""
    with open(os.path.join(HERE, "sweeps.md"), encoding="utf-8") as f:
        text = f.read()
    return re.search(r"<!-- doc-test: write " + re.escape(name) + r" -->\n```yaml\n(.*?)```", text, re.DOTALL).group(1)


def sweep_figures(run):
    """The sweep of sweeps.md, run as the page tells (its model path is relative to the sweep file,
    which sits in the project's folder): the table's first rows, a failed run's row, the last line."""
    top = run.path("project")
    os.makedirs(top)
    os.symlink(EXAMPLES, os.path.join(top, "examples"))
    text = sweep_block("slide.yaml")
    with open(os.path.join(top, "slide.yaml"), "w", encoding="utf-8") as f:
        f.write(text)
    done = run.command("sweep", os.path.join(top, "slide.yaml"), "-o", os.path.join(top, "slide.csv"), "-j", "1")
    with open(os.path.join(top, "slide.csv"), encoding="utf-8") as f:
        table = f.read().splitlines()
    bad = re.sub(r"range: \{from: 0.2, to: 0.5, count: 4\}", "values: [-0.1]", text)
    assert bad != text
    with open(os.path.join(top, "bad.yaml"), "w", encoding="utf-8") as f:
        f.write(bad)
    run.command("sweep", os.path.join(top, "bad.yaml"), "-o", os.path.join(top, "bad.csv"), "-j", "1")
    with open(os.path.join(top, "bad.csv"), encoding="utf-8") as f:
        failed = f.read().splitlines()[1].replace(top + "/", "")
    last = done.strip().splitlines()[0].replace(top + "/", "")
    return {"sweeps.md:table": "\n".join("    " + line for line in table[:3] + ["..."]),
            "sweeps.md:failed": "    " + failed}, f"`{last}`"


def page_sizes(run):
    """The animation page's committed front end, and the page `stickslip view` writes for the demo."""
    dist = os.path.join(HERE, "..", "viewer", "dist")
    kb = lambda path: f"{os.path.getsize(path) / 1e3:.0f} kB"
    demo = os.path.join(EXAMPLES, "free_standing_body", "case1_e-0.915.yaml")
    run(demo)
    csv = os.path.join(run.tmp, f"run{run.count}.csv")
    html = run.path("demo.html")
    run.command("view", csv, "--model", demo, "-o", html)
    return {"architecture.md:page": kb(os.path.join(dist, "page.html")),
            "architecture.md:view3d": kb(os.path.join(dist, "view3d.js")),
            "architecture.md:demo-page": f"{os.path.getsize(html) / 1e6:.1f} MB"}


def free_body_energy(run):
    """docs/schemes.md, "Spinning bodies": a torque-free body (J = (1, 2, 3), |ω| = 3.7 rad/s) for 120 s
    under the generalized-α method at three steps, and under the θ-method at the largest: the largest
    relative rise and fall of the energy."""
    omega = (3.0, 1.0, 2.0)
    spin = sum(w * w for w in omega) ** 0.5
    swings = []
    for method, h in (("generalized_alpha", 0.1), ("generalized_alpha", 0.2), ("generalized_alpha", 0.6), ("theta", 0.6)):
        path = run.path(f"free_body_{method}_{h}.yaml")
        with open(path, "w", encoding="utf-8") as f:
            f.write("dimension: spatial\nbodies:\n  - {name: b, mass: 1, inertia: [1, 2, 3], orientation: {axis: [1, 2, 3], "
                    f"angle: 0.4}}, angular_velocity: [{omega[0]}, {omega[1]}, {omega[2]}]}}\n"
                    f"simulation: {{scheme: time-stepping, step: {h}, t_end: 120, output_interval: 0, "
                    f"time_stepping: {{method: {method}}}}}\n")
        energy = run(path)["energy.total"]
        swings.append((h * spin, max(energy) / energy[0] - 1, 1 - min(energy) / energy[0]))
    alpha = ", ".join(f"+{up * 100:.1f} % / −{down * 100:.1f} % at hΩ = {x:.2f}" for x, up, down in swings[:3])
    theta = max(swings[3][1:])  # rounding: its exact digits vary with the compiler, the bound does not
    kept = "to rounding (below 1e-14)" if theta < 1e-14 else f"within {theta:.0e}"
    return f"{alpha}, where θ = ½ at hΩ = {swings[3][0]:.2f} keeps it {kept}"


def compute(run):
    lcp = run.path("lcp.txt")
    with open(lcp, "w") as f:
        f.write("3\n4 1 0\n1 4 1\n0 1 4\n-5 -6 -5\n")
    blocks = {
        "cli.md:summary-lemke": summary(run, "free_standing_body_rigid/case2_centred.yaml"),
        "cli.md:summary-faces": summary(run, "scheme_comparison/sliding_block.yaml", "--scheme", "time-stepping",
                                        lines=("contact problems:",)),
        "cli.md:summary-pgs": summary(run, "block_wall/stack.yaml", lines=("contact problems:",)) + "\n" +
                              stack_without_rescues(run),
        "cli.md:lcp-output": "```json\n" + run.command("lcp", lcp).strip() + "\n```",
    }
    stack = run(os.path.join(EXAMPLES, "block_wall", "stack.yaml"))
    rescued = re.search(r"(\d+) finished by Lemke's method", "\n".join(stack["summary"]))
    assert rescued and " unconverged" not in "\n".join(stack["summary"]), stack["summary"]
    tables, done = sweep_figures(run)
    blocks.update(tables)
    lined = {name: "\n" + text + "\n" for name, text in blocks.items()}
    lined["sweeps.md:done"] = done
    lined["schemes.md:stack-rescued"] = rescued.group(1)
    lined.update(page_sizes(run))
    lined["schemes.md:free-body-energy"] = free_body_energy(run)
    return lined


if __name__ == "__main__":
    sys.exit(main(__file__, compute, volatile=VOLATILE))
