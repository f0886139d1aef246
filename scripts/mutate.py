#!/usr/bin/env python3
"""Mutation testing: does the test suite notice a small deliberate bug?

Reads the committed list of mutants (tests/mutants.txt), and for each one, in a scratch copy of the
source tree (never the tree it is run from):
  1. replaces the exact original text in the named file by the replacement (the original must occur
     exactly once: a mutant whose text is no longer found, or found twice, stops the run with an
     error naming it, so the list is kept current through refactors),
  2. rebuilds the affected test executable incrementally (Release, ccache),
  3. runs it (optionally with a GoogleTest filter) under a time limit,
  4. restores the file.
A mutant is killed when the test executable fails or times out; it survives when the executable
passes. A mutant that does not compile is an error of the list (fix its replacement), not a kill.
Before the mutants, the unmutated tree is built and every executable the list names is run once:
a failing baseline would make every mutant look killed.

Prints one line per mutant and the survivors; exit status 0 when every mutant is killed, 1 when one
survives, 2 for an error of the list or the baseline.

    scripts/mutate.py                 # every mutant (make mutate)
    scripts/mutate.py --only NAME ... # some of them
    scripts/mutate.py --list          # names, files and tests, without building

Format of tests/mutants.txt: blocks separated by blank lines, `#` comment lines ignored:
    name: moreau_jean_gap_closing
    file: src/formulations/time_stepping/gap_closure.cpp
    test: formulations                       (test executable: build/bin/test_<test>)
    filter: TimeSteppingPersistent*          (optional GoogleTest filter, for speed)
    why: persistent contacts no longer close the gap a rotating body opens
    find: closing_target_[cr.normal] = -gap / (opt_.theta * h);
    replace:                                 (may be empty: the text is deleted)
`find` and `replace` are single lines of the file's text; `\\n` in them stands for a line break
(a mutant spanning lines) and `\\\\` for a backslash.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIST = os.path.join(ROOT, "tests", "mutants.txt")
KEYS = ("name", "file", "test", "filter", "why", "find", "replace")
REQUIRED = ("name", "file", "test", "find", "replace")
# What the scratch copy needs to configure, build and run the tests: the tests read examples/ and docs/,
# the configure step needs cmake/ (the package files), python/ (the module's folder) and viewer/dist
# (compiled into the library), fuzz/ (the regression inputs and seeds test_io replays).
COPY = ("CMakeLists.txt", "cmake", "src", "tests", "examples", "docs", "scripts", "bench", "python", "viewer", "fuzz")
SKIP_DIRS = ("__pycache__", "node_modules")


class ListError(Exception):
    pass


def unescape(text):
    out, i = [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text) and text[i + 1] in "n\\":
            out.append("\n" if text[i + 1] == "n" else "\\")
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def read_mutants(path):
    mutants, block, start = [], {}, 0
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for lineno, line in enumerate(lines + [""], 1):
        if line.startswith("#"):
            continue
        if not line.strip():
            if block:
                missing = [k for k in REQUIRED if k not in block]
                if missing:
                    raise ListError(f"{path}:{start}: mutant {block.get('name', '?')}: missing {', '.join(missing)}")
                block["line"] = start
                mutants.append(block)
                block = {}
            continue
        key, sep, value = line.partition(":")
        if not sep or key not in KEYS:
            raise ListError(f"{path}:{lineno}: expected one of {', '.join(KEYS)} followed by ':', got {line!r}")
        if key in block:
            raise ListError(f"{path}:{lineno}: {key} given twice")
        if not block:
            start = lineno
        value = value[1:] if value.startswith(" ") else value
        block[key] = unescape(value) if key in ("find", "replace") else value.strip()
    names = [m["name"] for m in mutants]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise ListError(f"{path}: mutant names used twice: {', '.join(sorted(dup))}")
    return mutants


def check_texts(mutants, tree):
    """Every mutant's original text occurs exactly once in its file (in the tree given)."""
    for m in mutants:
        path = os.path.join(tree, m["file"])
        if not os.path.isfile(path):
            raise ListError(f"mutant {m['name']} (tests/mutants.txt:{m['line']}): no file {m['file']}")
        with open(path, encoding="utf-8") as f:
            count = f.read().count(m["find"])
        if count != 1:
            what = "is no longer found" if count == 0 else f"occurs {count} times"
            raise ListError(f"mutant {m['name']} (tests/mutants.txt:{m['line']}): its text {what} in {m['file']}: "
                            f"{m['find']!r}; update the list")
        if m["find"] == m["replace"]:
            raise ListError(f"mutant {m['name']}: the replacement equals the original")


def sync_tree(scratch):
    """Copies the source tree into the scratch folder. A file whose content is unchanged is not
    touched, so the scratch build stays incremental; a changed one gets the current time (the source's
    own may be older than objects built from a mutated copy); files gone from the tree are removed."""
    for item in COPY:
        src = os.path.join(ROOT, item)
        dst = os.path.join(scratch, item)
        if not os.path.exists(src):
            continue
        pairs = []
        if os.path.isdir(src):
            for dirpath, dirnames, files in os.walk(src):
                dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
                for name in files:
                    s = os.path.join(dirpath, name)
                    pairs.append((s, os.path.join(dst, os.path.relpath(s, src))))
            wanted = {d for _, d in pairs}
            for dirpath, _, files in os.walk(dst):
                for name in files:
                    if os.path.join(dirpath, name) not in wanted:
                        os.remove(os.path.join(dirpath, name))
        else:
            pairs.append((src, dst))
        for s, d in pairs:
            with open(s, "rb") as f:
                data = f.read()
            if os.path.isfile(d):
                with open(d, "rb") as f:
                    if f.read() == data:
                        continue
            os.makedirs(os.path.dirname(d), exist_ok=True)
            shutil.copyfile(s, d)  # a fresh time stamp: newer than the scratch build's objects
            shutil.copymode(s, d)


def configure(tree, build):
    # Run on an existing build folder too (cheap there), so that one configured before the unity
    # batches existed has them turned off as well.
    env = dict(os.environ, CMAKE_CXX_COMPILER_LAUNCHER=os.environ.get("CMAKE_CXX_COMPILER_LAUNCHER", "ccache"))
    env.setdefault("CCACHE_BASEDIR", os.path.dirname(tree))
    # One file at a time (no unity batches): a mutant then recompiles its own file only.
    subprocess.run(["cmake", "-S", tree, "-B", build, "-DCMAKE_BUILD_TYPE=Release", "-DSTICKSLIP_BENCHMARKS=OFF",
                    "-DSTICKSLIP_UNITY=OFF"], check=True, env=env, stdout=subprocess.DEVNULL)


def build_target(build, test, jobs):
    env = dict(os.environ)
    env.setdefault("CCACHE_BASEDIR", os.path.dirname(os.path.dirname(build) + "/"))
    r = subprocess.run(["cmake", "--build", build, "-j", str(jobs), "--target", f"test_{test}"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    return r.returncode == 0, r.stdout


def run_test(build, m, timeout):
    cmd = [os.path.join(build, "bin", f"test_{m['test']}")]
    if m.get("filter"):
        cmd.append(f"--gtest_filter={m['filter']}")
    cmd.append("--gtest_brief=1")
    try:
        r = subprocess.run(cmd, cwd=build, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    if r.returncode == 0:
        return "passed", r.stdout
    failed = sorted({l.split("]", 1)[1].split("(")[0].strip() for l in r.stdout.splitlines()
                     if l.startswith("[  FAILED  ]") and "." in l and " tests, " not in l})
    if not failed:
        return "failed", f"exit status {r.returncode}"
    return "failed", f"{len(failed)} failed: " + ", ".join(failed)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", nargs="+", metavar="NAME", help="run these mutants only")
    ap.add_argument("--list", action="store_true", help="list the mutants and check their texts, build nothing")
    ap.add_argument("--scratch", default=os.path.join(ROOT, "build-mutate"), help="scratch folder (default build-mutate/)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=600, help="time limit of one test run [s]")
    args = ap.parse_args()
    try:
        mutants = read_mutants(LIST)
        check_texts(mutants, ROOT)
        if args.only:
            unknown = set(args.only) - {m["name"] for m in mutants}
            if unknown:
                raise ListError(f"no mutant named {', '.join(sorted(unknown))}")
            mutants = [m for m in mutants if m["name"] in args.only]
    except ListError as e:
        print(f"mutate: {e}", file=sys.stderr)
        return 2
    if args.list:
        for m in mutants:
            print(f"{m['name']:40s} {m['file']:55s} test_{m['test']} {m.get('filter', '')}")
        print(f"{len(mutants)} mutants, every original text found once")
        return 0

    tree, build = os.path.join(args.scratch, "tree"), os.path.join(args.scratch, "build")
    sync_tree(tree)
    configure(tree, build)
    print(f"mutate: {len(mutants)} mutants; scratch tree {tree}", flush=True)
    for test in sorted({m["test"] for m in mutants}):
        ok, log = build_target(build, test, args.jobs)
        if not ok:
            print(log[-3000:])
            print(f"mutate: the unmutated tree does not build test_{test}", file=sys.stderr)
            return 2
        status, detail = run_test(build, {"test": test}, args.timeout * 3)
        if status != "passed":
            print(f"mutate: baseline test_{test} {status}: {detail}", file=sys.stderr)
            return 2
    survivors, errors = [], []
    for i, m in enumerate(mutants, 1):
        path = os.path.join(tree, m["file"])
        with open(path, encoding="utf-8") as f:
            original = f.read()
        t0 = time.time()
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(original.replace(m["find"], m["replace"], 1))
            ok, log = build_target(build, m["test"], args.jobs)
            if not ok:
                errors.append(m["name"])
                verdict, detail = "DOES NOT COMPILE", next((l for l in log.splitlines() if "error" in l), "")
            else:
                status, detail = run_test(build, m, args.timeout)
                verdict = "killed" if status != "passed" else "SURVIVED"
                detail = status if status == "timeout" else "" if status == "passed" else detail
                if status == "passed":
                    survivors.append(m)
        finally:
            with open(path, "w", encoding="utf-8") as f:
                f.write(original)
        print(f"[{i:2d}/{len(mutants)}] {m['name']:40s} {verdict:9s} {time.time() - t0:6.1f} s  {detail}", flush=True)
    build_target(build, mutants[-1]["test"], args.jobs)  # leave the scratch build unmutated
    print()
    killed = len(mutants) - len(survivors) - len(errors)
    print(f"mutate: {killed} of {len(mutants)} mutants killed, {len(survivors)} survived, {len(errors)} do not compile")
    for m in survivors:
        print(f"  survivor {m['name']}: {m['file']}: {m.get('why', '')}")
    for name in errors:
        print(f"  list error {name}: the mutated file does not compile")
    return 2 if errors else 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
