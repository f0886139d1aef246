"""Shared part of the readme_numbers.py scripts: the figures a README (or a page of docs/) quotes from
the program's runs are computed by the readme_numbers.py beside it and written into the page between
markers, so that a change of behaviour cannot leave them stale. One block per page:

    <!-- readme_numbers.py: begin -->
    ...
    <!-- readme_numbers.py: end -->

or several, each named (the name may also mark a figure inside a sentence):

    the slider tips at <!-- readme_numbers.py: begin tip -->0.47110 s<!-- readme_numbers.py: end tip -->

Each readme_numbers.py defines compute(run) and calls main(__file__, compute). compute returns the
text of the one block, or a dict {name: text} of named blocks of its README, or of other pages with
keys "PAGE:name" (PAGE relative to the script's folder). An unnamed block's text goes between the
markers on lines of its own; a named block's text exactly as given. Where a figure is not the same
from run to run (a time measured by the program), main(..., volatile=[regex]) masks what the
regexes match when comparing, and keeps the page's text when only that differs.

usage: <folder>/readme_numbers.py [--stickslip PATH] [--check]
  (no option)  runs the models and rewrites the blocks of the pages
  --check      runs them and exits 1 if a page's block differs (make test, or make test-long for the
               scripts whose runs take minutes, runs this)
"""
import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARK = "readme_numbers.py"


def begin(name=""):
    return f"<!-- {MARK}: begin{' ' + name if name else ''} -->"


def end(name=""):
    return f"<!-- {MARK}: end{' ' + name if name else ''} -->"


class Runner:
    """Runs `stickslip run` on the folder's model files into a temporary folder."""

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
        data["events_file"] = out[:-len(".csv")] + ".events.csv"
        data["path"] = out  # the files beside it (events, contact points) share its stem
        return data

    def command(self, *args, stdin=None):
        """The output of another command of stickslip (`lcp`, `sweep`, ...), run in the temporary folder."""
        proc = subprocess.run([self.cli, *args], cwd=self.tmp, input=stdin, check=True, capture_output=True,
                              text=True)
        return proc.stdout

    def path(self, name):
        """A file of the temporary folder."""
        return os.path.join(self.tmp, name)


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


def crossing(t, values, level, start=0):
    """The first time after index `start` at which `values` reaches `level`, interpolated linearly
    between the two rows around it; None if it never does."""
    for k in range(max(1, start), len(values)):
        a, b = values[k - 1] - level, values[k] - level
        if a == 0:
            return t[k - 1]
        if a * b < 0:
            return t[k - 1] + (t[k] - t[k - 1]) * a / (a - b)
    return None


def _replace_block(text, name, block, page, volatile):
    """The page's text with the block replaced; raises SystemExit when its markers are missing."""
    b, e = begin(name), end(name)
    if text.count(b) != 1 or text.count(e) != 1:
        sys.exit(f"{page}: expected one '{b}' ... '{e}' block")
    head, rest = text.split(b, 1)
    old, tail = rest.split(e, 1)
    new = f"\n{block.strip(chr(10))}\n" if not name else block
    if volatile and _masked(old, volatile) == _masked(new, volatile):
        new = old  # only a measured figure differs: keep the page's
    return f"{head}{b}{new}{e}{tail}"


def _masked(text, volatile):
    for pattern in volatile:
        text = re.sub(pattern, "…", text)
    return text


def _pages(here, blocks):
    """{page path: {block name: text}} from what compute returned."""
    if isinstance(blocks, str):
        blocks = {"": blocks}
    pages = {}
    for key, text in blocks.items():
        page, _, name = key.rpartition(":") if ":" in key else ("README.md", "", key)
        pages.setdefault(os.path.normpath(os.path.join(here, page)), {})[name] = text
    return pages


def main(script, compute, volatile=()):
    here = os.path.dirname(os.path.abspath(script))
    ap = argparse.ArgumentParser(description=f"Regenerates the figures quoted in {os.path.relpath(here, ROOT)}")
    ap.add_argument("--stickslip", default=os.path.join(ROOT, "build", "bin", "stickslip"))
    ap.add_argument("--check", action="store_true", help="exit 1 if a page's figures are stale")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="stickslip-numbers-") as tmp:
        pages = _pages(here, compute(Runner(os.path.abspath(args.stickslip), here, tmp)))
    stale = 0
    for page, blocks in pages.items():
        with open(page, encoding="utf-8") as f:
            text = f.read()
        new_text = text
        for name, block in blocks.items():
            new_text = _replace_block(new_text, name, block, page, volatile)
        shown = os.path.relpath(page, ROOT)
        if args.check:
            if new_text != text:
                stale += 1
                print(f"{shown}: the quoted figures are stale; run {os.path.relpath(script, ROOT)}", file=sys.stderr)
                for name, block in blocks.items():
                    print(f"expected {name or 'the block'}:\n{block}", file=sys.stderr)
            else:
                print(f"{shown}: figures up to date")
            continue
        if new_text != text:
            with open(page, "w", encoding="utf-8") as f:
                f.write(new_text)
        print(f"{shown}: figures {'unchanged' if new_text == text else 'rewritten'}")
    return 1 if stale else 0
