"""`python3 -m stickslip ARGS...`: the `stickslip` command line (run, view, plot, sweep, ...), found
beside this interpreter (a virtual environment's bin/, where `pip install .` puts it), beside the
package in a build tree, or on PATH. `python3 -m stickslip sweep SWEEP.yaml [--scheduler ADDRESS]`
runs the sweep here, on this machine or a Dask cluster (stickslip.sweep.main; `stickslip sweep
--scheduler` hands over to it). `python3 -m stickslip --version` prints the module's version."""
import os
import shutil
import sys


def command_line():
    """The path of the `stickslip` command, or None."""
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [os.path.join(os.path.dirname(sys.executable), "stickslip"),
                  os.path.join(sys.prefix, "bin", "stickslip"),
                  os.path.join(os.path.dirname(os.path.dirname(here)), "bin", "stickslip")]  # build/python/.. → build/bin
    for path in candidates:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return shutil.which("stickslip")


def main(argv):
    if argv[:1] == ["sweep"]:
        from .sweep import main as sweep_main
        return sweep_main(argv[1:])
    if argv[:1] == ["--version"]:
        from . import __version__
        print(f"stickslip {__version__} (Python module, {os.path.dirname(os.path.abspath(__file__))})")
        return 0
    cli = command_line()
    if cli is None:
        print("error: the stickslip command was not found beside this Python or on PATH (docs/python.md)",
              file=sys.stderr)
        return 2
    sys.stdout.flush()
    os.execv(cli, [cli, *argv])
    return 2  # not reached


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
