#!/usr/bin/env python3
"""Every fenced code block of README.md and docs/*.md, run as written.

The blocks run in a scratch copy of the project's tree (every file a symbolic link, `build` the
build tree given), from its top folder, as a reader who cloned the project and ran `make build`
would type them there: `sh` blocks with bash (build/bin on PATH, so `stickslip` is the command),
`python` blocks with /usr/bin/python3 -P (PYTHONPATH=build/python) as a script file, `yaml`, `json`
and `html` blocks parsed, `cpp` blocks compiled against src/ (syntax only), `cmake` blocks parsed by
cmake. Blocks run in their file's order, so a block may use what an earlier one wrote.

A block that cannot run in a test (a cluster's address, a run of minutes, `make` itself) is marked
on the line before it with a comment saying why:

    <!-- doc-test: skip (why) -->

and is then only parsed (bash -n, Python's compiler, the YAML/JSON parsers). A block the reader is
told to save under a name is written there instead of being run:

    <!-- doc-test: write sweep.yaml -->

Blocks without a language, and indented blocks, show output, synopses and file formats: not run.

usage: code_blocks.py --build BUILD_DIR [--only FILE] [--keep]
Exit status 0 when every block ran (exit status 0) or parsed; 1 names each failing block by file and
line with its output.
"""
import argparse
import glob
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FENCE = re.compile(r"^```(\S*)\s*$")
DIRECTIVE = re.compile(r"^<!-- doc-test: (skip|write) ?(.*?) ?-->$")
TIMEOUT = 300  # seconds per block: a hung block (a Dask script without its main guard) fails, not hangs
SKIP_TOP = {".git", "build", "node_modules"}


class Block:
    def __init__(self, path, line, language, text, directive):
        self.path, self.line, self.language, self.text = path, line, language, text
        self.action, self.argument = directive or ("run", "")

    def where(self):
        return f"{os.path.relpath(self.path, ROOT)}:{self.line}"


def blocks_of(path):
    """The fenced blocks of a Markdown file, each with the directive on the line before it."""
    lines = open(path, encoding="utf-8").read().split("\n")
    found, k = [], 0
    while k < len(lines):
        m = FENCE.match(lines[k])
        if not m:
            k += 1
            continue
        end = next((j for j in range(k + 1, len(lines)) if lines[j].startswith("```")), None)
        if end is None:
            raise SystemExit(f"{path}:{k + 1}: a code block that never ends")
        d = DIRECTIVE.match(lines[k - 1].strip()) if k > 0 else None
        if k > 0 and "doc-test" in lines[k - 1] and not d:
            raise SystemExit(f"{path}:{k}: a doc-test comment not of the form '<!-- doc-test: skip|write ... -->'")
        found.append(Block(path, k + 1, m.group(1), "\n".join(lines[k + 1:end]) + "\n",
                           (d.group(1), d.group(2)) if d else None))
        k = end + 1
    return found


def scratch_tree(tmp, build):
    """The project's files as symbolic links in real folders (so blocks can write anywhere in it
    without touching the source), with `build` the given build tree."""
    top = os.path.join(tmp, "stickslip")
    for folder, dirs, files in os.walk(ROOT):
        rel = os.path.relpath(folder, ROOT)
        if rel == ".":
            dirs[:] = [d for d in dirs if d not in SKIP_TOP and not d.startswith("build")]
        dirs[:] = [d for d in dirs if d not in (".git", "node_modules", "__pycache__")]
        os.makedirs(os.path.join(top, rel), exist_ok=True)
        for f in files:
            os.symlink(os.path.join(folder, f), os.path.join(top, rel, f))
    os.symlink(os.path.abspath(build), os.path.join(top, "build"))
    return top


def environment(top):
    env = dict(os.environ)
    env["PATH"] = os.path.join(top, "build", "bin") + os.pathsep + env.get("PATH", "")
    env["PYTHONPATH"] = os.path.join(top, "build", "python")
    env["MPLBACKEND"] = "Agg"
    return env


def execute(cmd, top, env):
    try:
        p = subprocess.run(cmd, cwd=top, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                           timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return f"did not end within {TIMEOUT} s"
    if p.returncode != 0:
        return f"exit status {p.returncode}:\n{(p.stdout + p.stderr).strip()[-2000:]}"
    return None


def cpp_unit(text):
    """The block's #include and using lines first, the rest inside a function."""
    head = [l for l in text.splitlines() if l.startswith(("#include", "using "))]
    body = [l for l in text.splitlines() if not l.startswith(("#include", "using "))]
    return "\n".join(head) + "\nvoid doc_block() {\n" + "\n".join(body) + "\n}\n"


def parse(block, top, env, scratch):
    """Checks the block is well formed in its language; returns a failure or None."""
    lang, text = block.language, block.text
    try:
        if lang == "sh":
            return execute(["bash", "-n", "-c", text], top, env)
        if lang == "python":
            compile(text, block.where(), "exec")
        elif lang == "yaml":
            yaml.safe_load(text)
        elif lang == "json":
            json.loads(text)
        elif lang == "html":
            html.parser.HTMLParser().feed(text)
        elif lang == "cpp":
            source = os.path.join(scratch, f"block{block.line}.cpp")
            with open(source, "w", encoding="utf-8") as f:
                f.write(cpp_unit(text))
            return execute(["c++", "-std=c++20", "-fsyntax-only", "-I", os.path.join(ROOT, "src"),
                            "-isystem", "/usr/include/eigen3", source], top, env)
        elif lang == "cmake":  # parsed whole before anything runs; if(FALSE) runs nothing
            script = os.path.join(scratch, f"block{block.line}.cmake")
            with open(script, "w", encoding="utf-8") as f:
                f.write("if(FALSE)\n" + text + "endif()\n")
            return execute(["cmake", "-P", script], top, env)
        else:
            return f"no way to check a '{lang}' block"
    except (SyntaxError, yaml.YAMLError, json.JSONDecodeError) as e:
        return f"does not parse: {e}"
    return None


def check(block, top, env, scratch):
    if block.language in ("", "text"):
        return "a doc-test comment on a block that is not run" if block.action != "run" else None
    if block.action == "skip":
        if not block.argument.startswith("(") or not block.argument.endswith(")"):
            return "a skipped block needs its reason: <!-- doc-test: skip (why) -->"
        return parse(block, top, env, scratch)
    if block.action == "write":
        path = os.path.join(top, block.argument)
        if os.path.lexists(path):
            os.remove(path)
        with open(path, "w", encoding="utf-8") as f:
            f.write(block.text)
        return parse(block, top, env, scratch)
    if block.language == "sh":
        return execute(["bash", "-e", "-c", block.text], top, env)
    if block.language == "python":
        script = os.path.join(scratch, f"block{block.line}.py")
        with open(script, "w", encoding="utf-8") as f:
            f.write(block.text)
        return execute(["/usr/bin/python3", "-P", script], top, env)
    return parse(block, top, env, scratch)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", required=True, help="the build tree (with bin/stickslip and python/)")
    ap.add_argument("--only", help="one Markdown file (a path under the project)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch tree and print where it is")
    args = ap.parse_args()
    files = [os.path.join(ROOT, args.only)] if args.only else \
        [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    tmp = tempfile.mkdtemp(prefix="stickslip-doc-blocks-")
    failures, count = [], 0
    try:
        top = scratch_tree(tmp, args.build)
        env = environment(top)
        for path in files:
            scratch = os.path.join(tmp, "blocks", os.path.basename(path))
            os.makedirs(scratch)
            for block in blocks_of(path):
                count += 1
                failure = check(block, top, env, scratch)
                if failure:
                    failures.append(f"{block.where()} ({block.language or 'no language'}, {block.action}): {failure}")
    finally:
        if args.keep:
            print(f"scratch tree: {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    for f in failures:
        print(f, file=sys.stderr)
    print(f"{count} code blocks in {len(files)} files, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
