"""Shared part of the examples' numbers.py scripts: the figures an example's README quotes are
computed by that example's numbers.py and written into the README between the markers

    <!-- numbers.py: begin -->
    ...
    <!-- numbers.py: end -->

so that a change of behaviour cannot leave them stale. Each numbers.py defines compute(run) -> str,
the text of that block, and calls main(__file__, compute).

usage: examples/<example>/numbers.py [--stickslip PATH] [--check]
  (no option)  runs the models and rewrites the block in the example's README.md
  --check      runs them and exits 1 if the README's block differs (ctest -L long runs this)
"""
import argparse
import csv
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEGIN = "<!-- numbers.py: begin -->"
END = "<!-- numbers.py: end -->"


class Runner:
    """Runs `stickslip run` on the example's model files into a temporary folder."""

    def __init__(self, cli, here, tmp):
        self.cli, self.here, self.tmp, self.count = cli, here, tmp, 0

    def __call__(self, model, *options):
        """Columns of the result CSV as lists of floats, plus "summary": the lines the run printed."""
        self.count += 1
        out = os.path.join(self.tmp, f"run{self.count}.csv")
        proc = subprocess.run([self.cli, "run", os.path.join(self.here, model), "-o", out, *options],
                              check=True, capture_output=True, text=True)
        with open(out, newline="") as f:
            rows = list(csv.reader(f))
        data = {name: [float(r[i]) for r in rows[1:]] for i, name in enumerate(rows[0])}
        data["summary"] = (proc.stdout + proc.stderr).strip().splitlines()
        return data


def sci(x, digits=0, sign=False):
    """Scientific notation as the READMEs write it: 1.5e-5 rather than Python's 1.5e-05."""
    text = f"{x:+.{digits}e}" if sign else f"{x:.{digits}e}"
    mantissa, exponent = text.split("e")
    return f"{mantissa}e{int(exponent)}"


def at(data, column, t):
    """The value of a column in the row nearest time t."""
    ts = data["t"]
    k = min(range(len(ts)), key=lambda i: abs(ts[i] - t))
    return data[column][k]


def x_xd(data):
    """x_xd = x1 − x0 − x1(0) of the free-standing body examples."""
    x1, x0 = data["body.x"], data["platform.x"]
    return [a - b - x1[0] for a, b in zip(x1, x0)]


def main(script, compute):
    here = os.path.dirname(os.path.abspath(script))
    ap = argparse.ArgumentParser(description=f"Regenerates the figures quoted in {os.path.relpath(here, ROOT)}/README.md")
    ap.add_argument("--stickslip", default=os.path.join(ROOT, "build", "bin", "stickslip"))
    ap.add_argument("--check", action="store_true", help="exit 1 if the README's figures are stale")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="stickslip-numbers-") as tmp:
        block = compute(Runner(args.stickslip, here, tmp)).strip("\n")
    readme = os.path.join(here, "README.md")
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        sys.exit(f"{readme}: no '{BEGIN}' ... '{END}' block")
    head, rest = text.split(BEGIN, 1)
    old, tail = rest.split(END, 1)
    new_text = f"{head}{BEGIN}\n{block}\n{END}{tail}"
    if args.check:
        if new_text != text:
            print(f"{readme}: the quoted figures are stale; run {os.path.relpath(script, ROOT)}", file=sys.stderr)
            print("expected:\n" + block, file=sys.stderr)
            return 1
        print(f"{readme}: figures up to date")
        return 0
    with open(readme, "w", encoding="utf-8") as f:
        f.write(new_text)
    print(f"{readme}: figures {'unchanged' if new_text == text else 'rewritten'}")
    return 0
