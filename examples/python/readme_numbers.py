#!/usr/bin/env python3
"""Regenerates the figures of this folder's README.md (between its readme_numbers.py markers): runs
fig6_case1.py itself, with the Python module of the build the --stickslip command belongs to.
usage: examples/python/readme_numbers.py [--stickslip PATH] [--check]"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from quoted_figures import main  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def compute(run):
    module = os.path.join(os.path.dirname(os.path.dirname(run.cli)), "python")  # build/bin/stickslip -> build/python
    env = dict(os.environ, PYTHONPATH=module)
    out = subprocess.run(["/usr/bin/python3", "-P", os.path.join(HERE, "fig6_case1.py"), "--out", run.path("fig6.png")],
                         env=env, check=True, capture_output=True, text=True).stdout
    drift = dict(re.findall(r"^(e = \S+(?: m)?)\s+x_xd\(20 s\) = (\S+) m", out, re.MULTILINE))
    return (f"It prints x_xd(20 s) = {drift['e = -0.915 m']} m for e = −0.915 m (the command line gives the same\n"
            f"bit for bit) and {drift['e = 0']} m for e = 0, whose motion becomes periodic after the first periods\n"
            f"(examples/free_standing_body/README.md).")


if __name__ == "__main__":
    sys.exit(main(__file__, compute))
