#!/usr/bin/env python3
"""Checks that every key the model-file reader reads (src/io: get("…"), at("…"), has("…") and
expect_keys lists) has a row in the table "Every file key and the test of its effect" of
docs/testing.md, and that every test named there exists (TEST(Suite, Name) in tests/). A key added
to the reader without a test of its effect, or a test renamed, fails `make test` here.
Prints what is missing; exit status 1 if anything is."""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KEY = re.compile(r'(?:get|at|has)\("([a-z_0-9]+)"\)')
LIST = re.compile(r'expect_keys\(\{([^}]*)\}')
ROW = re.compile(r'^\| `([a-z_0-9]+)` \|(.*)\|\s*$')
TEST_NAME = re.compile(r'\b([A-Z][A-Za-z0-9]*\.[A-Z][A-Za-z0-9]*)\b')


def reader_keys():
    keys = set()
    io = os.path.join(ROOT, "src", "io")
    for name in os.listdir(io):
        if not name.endswith(".cpp"):
            continue
        text = open(os.path.join(io, name), encoding="utf-8").read()
        keys.update(KEY.findall(text))
        for group in LIST.findall(text):
            keys.update(re.findall(r'"([a-z_0-9]+)"', group))
    return keys


def documented():
    rows = {}
    in_table = False
    for line in open(os.path.join(ROOT, "docs", "testing.md"), encoding="utf-8"):
        if line.startswith("## "):
            in_table = line.strip() == "## Every file key and the test of its effect"
            continue
        m = ROW.match(line.strip()) if in_table else None
        if m:
            rows[m.group(1)] = TEST_NAME.findall(m.group(2))
    return rows


def existing_tests():
    names = set()
    for dirpath, _, files in os.walk(os.path.join(ROOT, "tests")):
        for f in files:
            if f.endswith(".cpp"):
                for s, n in re.findall(r'\bTEST(?:_F)?\(\s*(\w+)\s*,\s*(\w+)\s*\)', open(os.path.join(dirpath, f), encoding="utf-8").read()):
                    names.add(f"{s}.{n}")
    return names


def main():
    keys, rows, tests = reader_keys(), documented(), existing_tests()
    bad = [f"key `{k}` is read by src/io but has no row in docs/testing.md" for k in sorted(keys - rows.keys())]
    for k, named in sorted(rows.items()):
        if not named:
            bad.append(f"key `{k}`: its row names no test")
        bad += [f"key `{k}`: no test {t} in tests/" for t in named if t not in tests]
    for b in bad:
        print(b)
    print(f"file keys: {len(keys)} read, {len(rows)} documented, {len(bad)} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
