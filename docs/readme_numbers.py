#!/usr/bin/env python3
"""Regenerates the figures README.md and the pages of docs/ quote from the program's runs (between
their readme_numbers.py markers): output shown as examples (a run's summary, `stickslip lcp`'s JSON)
and figures of the examples quoted in the text. Measured times (a run's wall time, a solve's time_s)
differ from run to run: they are masked when comparing, and a page keeps the ones it has.
usage: docs/readme_numbers.py [--stickslip PATH] [--check]"""
import math
import os
import re
import subprocess
import textwrap
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


def moving_boxes(run, bodies, rows):
    """A spatial model of `bodies` free bodies and results of `rows` rows in which every one moves in
    all seven pose coordinates (a turn about a skew axis and a drift, closed-form), for the page's size."""
    model = run.path(f"boxes_{bodies}.yaml")
    if not os.path.exists(model):
        with open(model, "w", encoding="utf-8") as f:
            f.write("name: boxes\ndimension: spatial\nbodies:\n")
            f.writelines(f"  - {{name: b{k}, mass: 1, inertia: [0.1, 0.2, 0.25]}}\n" for k in range(bodies))
    csv = run.path(f"boxes_{bodies}_{rows}.csv")
    axis = [c / 14 ** 0.5 for c in (1, 2, 3)]
    with open(csv, "w", encoding="utf-8") as f:
        f.write("t," + ",".join(f"b{k}.{c}" for k in range(bodies) for c in ("x", "y", "z", "qw", "qx", "qy", "qz")) + "\n")
        for r in range(rows):
            t = 0.01 * r
            cells = [f"{t:.6g}"]
            for k in range(bodies):
                a = t + 0.37 * k
                s = math.sin(a / 2)
                cells += [f"{v:.7g}" for v in (k % 100 + 0.1 * math.cos(a), k // 100 + 0.1 * math.sin(a), 0.3 + 0.01 * a,
                                                 math.cos(a / 2), s * axis[0], s * axis[1], s * axis[2])]
            f.write(",".join(cells) + "\n")
    return model, csv


def large_pages(run):
    """docs/cli.md, "Sizes and speed": pages of 10², 10³ and 10⁴ moving bodies written by `stickslip
    view --fps 0 --precision 32` with no readout columns, each of 2 and of 32 frames: the size of the
    page's fixed part (scripts and scene) and of a body-frame, and what those make of 300 and of
    10⁴ frames (frames kept within the default --max-size of 250 MB)."""
    rows_out, per_body_frame = [], []
    dist = os.path.join(HERE, "..", "viewer", "dist")
    scripts = os.path.getsize(os.path.join(dist, "page.html")) + os.path.getsize(os.path.join(dist, "view3d.js"))
    for bodies in (100, 1000, 10000):
        sizes = []
        for frames in (2, 32):  # 30 more frames: base64's 3-byte groups close on both
            model, csv = moving_boxes(run, bodies, frames)
            html = run.path(f"boxes_{bodies}_{frames}.html")
            run.command("view", csv, "--model", model, "-o", html, "--fps", "0", "--precision", "32", "--readout", "none")
            sizes.append(os.path.getsize(html))
            os.remove(csv)
        frame = (sizes[1] - sizes[0]) / 30
        fixed = sizes[0] - 2 * frame
        data_fixed = fixed - scripts  # --max-size counts the data alone
        per_body_frame.append(frame / bodies)
        at300 = fixed + 300 * frame
        # view's rule (src/io/animation_data.cpp): frames beyond the first and last fit 3 % below the
        # limit; one in `every` kept, the last always.
        fit = (0.97 * 250e6 - (data_fixed + 2 * frame)) / frame
        every = math.ceil((1e4 - 1) / fit)
        kept = len(range(0, 10000, every)) + (1 if 9999 % every else 0)
        rows_out.append(f"| {bodies} | {fixed / 1e6:.2f} MB | {frame / 1e3:.0f} kB | {at300 / 1e6:.1f} MB | "
                        + (f"{(fixed + 1e4 * frame) / 1e6:.0f} MB" if every <= 1 else
                           f"{(fixed + 1e4 * frame) / 1e9:.1f} GB: one frame in {every} kept ({kept} frames, "
                           f"{(fixed + kept * frame) / 1e6:.0f} MB)") + " |")
    table = "\n".join(["| bodies | page, fixed part | per frame | 300 frames | 10⁴ frames |", "|---|---|---|---|---|", *rows_out])
    model, csv = moving_boxes(run, 1000, 32)
    thin = subprocess.run([run.cli, "view", csv, "--model", model, "-o", run.path("thin.html"), "--fps", "0", "--precision", "32",
                           "--readout", "none", "--max-size", "0.5"], check=True, capture_output=True, text=True)
    note = [line for line in thin.stderr.splitlines() if line.startswith("note:")]
    assert len(note) == 1, thin.stderr
    return {"cli.md:large-pages": "\n" + table + "\n",
            "cli.md:body-frame": f"{min(per_body_frame):.1f}",
            "cli.md:thinning-note": "\n" + "\n".join("    " + line for line in textwrap.wrap(note[0], 100)) + "\n"}


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
    lined.update(large_pages(run))
    return lined


if __name__ == "__main__":
    sys.exit(main(__file__, compute, volatile=VOLATILE))
