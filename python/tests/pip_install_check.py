#!/usr/bin/env python3
"""`pip install .` into a fresh virtual environment (docs/python.md, "Installing with pip"): the
package and the command land in the environment, `python3 -m stickslip` and `stickslip` work there,
and the installed module runs a model, away from the build tree.

    pip_install_check.py --source SOURCE_DIR --build-dir BUILD_DIR

The build tree given is reused as it is (the backend only builds its two targets, which a built
tree has up to date), so the check costs the wheel and the install, not a compilation: it is part of
`make test` (Release pass; the sanitizer build's module would need its runtimes preloaded)."""
import argparse
import os
import subprocess
import sys
import tempfile


def run(*command, env=None, cwd=None):
    r = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"FAILED ({r.returncode}): {' '.join(command)}\n{r.stdout}\n{r.stderr}")
    return r.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", required=True)
    parser.add_argument("--build-dir", required=True)
    a = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "STICKSLIP_CLI")}
    with tempfile.TemporaryDirectory() as tmp:
        venv = os.path.join(tmp, "venv")
        run("/usr/bin/python3", "-m", "venv", "--system-site-packages", venv, env=env)
        python, cli = os.path.join(venv, "bin", "python3"), os.path.join(venv, "bin", "stickslip")
        # --no-index: nothing comes from PyPI (numpy is Debian's, seen through the system site).
        run(python, "-m", "pip", "install", "--no-index", "--disable-pip-version-check", "-q",
            "--config-settings", f"build-dir={a.build_dir}", a.source, env=env, cwd=tmp)
        out = run(python, "-m", "stickslip", "--version", env=env, cwd=tmp)
        package = os.path.join(venv, "lib")
        assert out.startswith("stickslip ") and package in out, out
        assert os.access(cli, os.X_OK), "the command is not in the environment's bin/"
        model = os.path.join(a.source, "examples", "simple_pendulum", "simple_pendulum.yaml")
        csv = os.path.join(tmp, "pendulum.csv")
        run(python, "-m", "stickslip", "run", model, "-o", csv, "--t-end", "0.2", "-q", env=env, cwd=tmp)
        rows = open(csv).read().splitlines()
        assert rows[0].startswith("t,") and len(rows) == 22, rows[:2]  # a header and 21 rows at 0.01 s
        script = ("import stickslip, sys; sim = stickslip.Simulation(sys.argv[1], t_end=0.2); r = sim.run();"
                  "print(stickslip.__file__, len(r))")
        out = run(python, "-c", script, model, env=env, cwd=tmp)
        assert out.startswith(venv) and out.split()[-1] == "21", out
        # The same rows as the command line's (the module and the command come from one build).
        from_cli = [float(x) for x in rows[-1].split(",")]
        out = run(python, "-c", "import stickslip, sys; r = stickslip.Model.load(sys.argv[1]).run(t_end=0.2);"
                  "print(','.join(repr(float(x)) for x in r.data[-1]))", model, env=env, cwd=tmp)
        assert [float(x) for x in out.split(",")] == from_cli, (out, from_cli)
    print("pip install: package, command and python3 -m stickslip work in a fresh environment")


if __name__ == "__main__":
    main()
