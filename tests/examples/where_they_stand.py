#!/usr/bin/env python3
"""Every example runs where it stands: from inside each folder of examples/, `stickslip run` on the
folder's model (a short span), `stickslip sweep --dry-run` on its sweep files and `stickslip plot` of
a result, as a user who has `cd`-ed there would type them. Also from a folder holding a numbers.py (the name of a standard module, which
shadowed it in every Python the project started from such a folder): `stickslip plot` runs Python
isolated, so it must still plot.

Two static checks keep it so: no Python file of the project is named like a module of the standard
library, and every place the project's shell scripts, Makefile and CMake files start Python passes
-I (isolated) or -P (no unsafe path first on sys.path).

usage: where_they_stand.py --cli build/bin/stickslip
Exit status 0 when all hold; 1 names every example, file and line that does not.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples")
SKIP_DIRS = {".git", "node_modules", "dist"}
# Long enough for a row after the first (every example writes rows at least every 0.05 s), short
# enough that the 19 folders take seconds, also under the sanitizers.
SPAN = "0.06"


def models(folder):
    """The folder's model files (bodies or generators at the top), not its sweep files."""
    found = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".yaml"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            if re.search(r"^(bodies|generators):", f.read(), re.MULTILINE):
                found.append(name)
    return found


def sweeps(folder):
    """The folder's sweep files (a `parameters:` list at the top)."""
    return [name for name in sorted(os.listdir(folder)) if name.endswith(".yaml") and
            re.search(r"^parameters:", open(os.path.join(folder, name), encoding="utf-8").read(), re.MULTILINE)]


def run(cmd, cwd):
    return subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True, text=True)


def plot_here(cli, cwd, csv, png):
    """Plots the result's second column from cwd; returns a failure text or None."""
    with open(csv, encoding="utf-8") as f:
        column = f.readline().strip().split(",")[1]
    p = run([cli, "plot", csv, "--columns", column, "-o", png], cwd)
    if p.returncode != 0 or not os.path.getsize(png):
        return f"`stickslip plot` exited {p.returncode}: {(p.stdout + p.stderr).strip()[-600:]}"
    return None


def check_example(cli, folder, tmp, fallback_csv):
    """Runs the folder's first model from inside it (a relative path, as typed there) and plots."""
    name = os.path.basename(folder)
    out = os.path.join(tmp, name)
    os.makedirs(out)
    found = models(folder)
    csv = fallback_csv
    if found:
        csv = os.path.join(out, "run.csv")
        p = run([cli, "run", found[0], "-o", csv, "--t-end", SPAN, "-q"], folder)
        if p.returncode != 0:
            return f"examples/{name}: `stickslip run {found[0]}` exited {p.returncode}: {p.stderr.strip()[-600:]}"
    for sweep in sweeps(folder):  # checked and listed from here, not run (minutes)
        p = run([cli, "sweep", sweep, "--dry-run"], folder)
        if p.returncode != 0:
            return f"examples/{name}: `stickslip sweep {sweep} --dry-run` exited {p.returncode}: {p.stderr.strip()[-600:]}"
    failure = plot_here(cli, folder, csv, os.path.join(out, "plot.png"))
    return f"examples/{name}: {failure}" if failure else None


def check_shadowing_folder(cli, tmp, csv):
    """A folder whose numbers.py would break matplotlib's import if Python put it on sys.path."""
    decoy = os.path.join(tmp, "decoy")
    os.makedirs(decoy)
    with open(os.path.join(decoy, "numbers.py"), "w", encoding="utf-8") as f:
        f.write('raise SystemExit("the folder\'s numbers.py was imported instead of the standard module")\n')
    failure = plot_here(cli, decoy, csv, os.path.join(decoy, "plot.png"))
    return f"a folder holding numbers.py: {failure}" if failure else None


def project_files():
    for top, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith("build")]
        for f in files:
            yield os.path.join(top, f)


def shadowing_files():
    """Python files named like a standard module: run from their folder, they replace it."""
    stdlib = set(sys.stdlib_module_names)
    return [f"{os.path.relpath(p, ROOT)}: named like the standard module `{os.path.basename(p)[:-3]}`"
            for p in project_files() if p.endswith(".py") and os.path.basename(p)[:-3] in stdlib]


# A command word that starts Python: python3 (any path), or CMake's variables for it.
PYTHON_COMMAND = re.compile(r"(?:^|[\s;&|(\"'`])((?:/usr/bin/)?python3|\$\{(?:STICKSLIP_PYTHON3|Python3_EXECUTABLE)\})\s+(\S+)")


def unisolated_starts():
    """Places in shell scripts, the Makefile and CMake files that start Python without -I or -P."""
    found = []
    for path in project_files():
        base = os.path.basename(path)
        if not (base.endswith((".sh", ".cmake")) or base in ("Makefile", "CMakeLists.txt")):
            continue
        if base == "install-deps.sh":  # package names (python3 python3-numpy ...), no command
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            for lineno, line in enumerate(f, 1):
                if line.lstrip().startswith("#") or "find_program" in line:
                    continue
                for m in PYTHON_COMMAND.finditer(line):
                    if m.group(2) not in ("-I", "-P"):
                        found.append(f"{os.path.relpath(path, ROOT)}:{lineno}: {m.group(1)} without -I or -P")
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", required=True, help="the stickslip command")
    args = ap.parse_args()
    cli = os.path.abspath(args.cli)
    failures = shadowing_files() + unisolated_starts()
    folders = [os.path.join(EXAMPLES, d) for d in sorted(os.listdir(EXAMPLES))
               if os.path.isdir(os.path.join(EXAMPLES, d))]
    with tempfile.TemporaryDirectory(prefix="stickslip-examples-") as tmp:
        # A result to plot in folders without a model of their own (examples/python).
        fallback = os.path.join(tmp, "pendulum.csv")
        p = run([cli, "run", os.path.join(EXAMPLES, "simple_pendulum", "simple_pendulum.yaml"), "-o", fallback,
                 "--t-end", SPAN, "-q"], tmp)
        if p.returncode != 0:
            print(f"cannot run the simple pendulum: {p.stderr}", file=sys.stderr)
            return 1
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            jobs = [pool.submit(check_example, cli, f, tmp, fallback) for f in folders]
            jobs.append(pool.submit(check_shadowing_folder, cli, tmp, fallback))
            failures += [j.result() for j in jobs if j.result()]
    for f in failures:
        print(f, file=sys.stderr)
    print(f"{len(folders)} example folders, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
