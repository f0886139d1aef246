"""Plots columns of a stickslip result file, CSV or .npy (run by `stickslip plot` with /usr/bin/python3).

usage: plot.py RESULTS OUT.png COLUMNS [--x COLUMN] [--overlay] [--title TITLE]
COLUMNS is a comma-separated list of column names or shell-style patterns ("crank.*").
A last row cut short (a run killed while writing it) is dropped with a message; anything else
malformed is an error. Exit status 2 when the file is missing or malformed or a column is missing,
3 when the plot cannot be written.
"""
import csv
import fnmatch
import io
import os
import sys


def fail(message):
    print("error: " + message, file=sys.stderr)
    sys.exit(2)


def dropped(path, what):
    print(f"warning: {path}: {what}: dropped (the run was stopped while writing it)", file=sys.stderr)


def read_csv(path):
    try:
        with open(path, newline="") as f:
            text = f.read()
    except OSError as e:
        fail(f"cannot read '{path}': {e.strerror}")
    except UnicodeDecodeError:
        fail(f"'{path}' is not a text (CSV) file")
    # Rows reach the file whole; a last line without its newline is a row cut short.
    lines = text.split("\n")
    partial = lines.pop() if lines else ""
    if partial:
        dropped(path, f"line {len(lines) + 1} is an incomplete row")
    rows = list(csv.reader(io.StringIO("\n".join(lines))))
    if len(rows) < 2:
        fail(f"'{path}' has no data rows")
    header = rows[0]
    data = {name: [] for name in header}
    for line_no, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            fail(f"{path}:{line_no}: expected {len(header)} values, got {len(row)}")
        for name, cell in zip(header, row):
            try:
                data[name].append(float(cell))
            except ValueError:
                fail(f"{path}:{line_no}: column '{name}' holds '{cell}', not a number")
    return header, data


def npy_columns_path(path):
    """Where `stickslip run` writes the column names of .npy results: r.npy -> r.columns.txt."""
    stem, extension = os.path.splitext(path)
    return (stem if extension in (".npy", ".csv") else path) + ".columns.txt"


def read_npy(path):
    """A .npy of `stickslip run --format npy`: a 2-D float64 array with the column names beside it in
    r.columns.txt, or (written before those) a 1-D structured array, one float64 field per column.
    The row count is taken from the file's size, so a file whose header was not yet updated, or whose
    last row was cut short, loads with its whole rows."""
    import numpy as np
    try:
        with open(path, "rb") as f:
            version = np.lib.format.read_magic(f)
            shape, fortran, dtype = np.lib.format._read_array_header(f, version, max_header_size=1 << 30)
            offset = f.tell()
    except OSError as e:
        fail(f"cannot read '{path}': {e.strerror}")
    except ValueError as e:
        fail(f"'{path}' is not a .npy file: {e}")
    if dtype.names is not None and len(shape) == 1 and not fortran:  # one named field per column
        header, row_bytes = list(dtype.names), dtype.itemsize
    elif dtype == np.dtype("<f8") and len(shape) == 2 and not fortran:  # the names beside it
        names = npy_columns_path(path)
        try:
            with open(names, encoding="utf-8") as f:
                header = f.read().splitlines()
        except OSError as e:
            fail(f"cannot read the column names of '{path}' in '{names}': {e.strerror}")
        if len(header) != shape[1]:
            fail(f"'{names}' names {len(header)} columns, '{path}' has {shape[1]}")
        row_bytes = 8 * shape[1]
    else:
        fail(f"'{path}' is not a stickslip result (a 2-D float64 array, or a 1-D structured array)")
    rows, rest = divmod(os.path.getsize(path) - offset, row_bytes)
    if rest:
        dropped(path, f"the bytes after row {rows} are an incomplete row")
    if rows < 1:
        fail(f"'{path}' has no data rows")
    if dtype.names is not None:
        array = np.memmap(path, dtype=dtype, mode="r", offset=offset, shape=(rows,))
        return header, {name: np.asarray(array[name]) for name in header}
    array = np.memmap(path, dtype="<f8", mode="r", offset=offset, shape=(rows, len(header)))
    return header, {name: np.asarray(array[:, k]) for k, name in enumerate(header)}


def select(header, patterns):
    chosen = []
    for p in patterns:
        matches = [c for c in header if fnmatch.fnmatchcase(c, p)]
        if not matches:
            fail(f"no column matches '{p}'; columns are: {', '.join(header)}")
        chosen.extend(m for m in matches if m not in chosen)
    return chosen


def main(argv):
    args = list(argv)
    options = {"--x": "t", "--title": None}
    overlay = "--overlay" in args
    if overlay:
        args.remove("--overlay")
    for key in ("--x", "--title"):
        if key in args:
            i = args.index(key)
            if i + 1 >= len(args):
                fail(f"{key} needs a value")
            options[key] = args[i + 1]
            del args[i:i + 2]
    if len(args) != 3:
        fail("usage: plot.py CSV OUT.png COLUMNS [--x COLUMN] [--overlay] [--title TITLE]")
    csv_path, png_path, columns = args
    header, data = read_npy(csv_path) if csv_path.endswith(".npy") else read_csv(csv_path)
    x_name = options["--x"]
    if x_name not in data:
        fail(f"no column '{x_name}' for the x axis")
    patterns = [c.strip() for c in columns.split(",") if c.strip()]
    if not patterns:
        fail("no columns to plot; columns are: " + ", ".join(header))
    chosen = select(header, patterns)

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = 1 if overlay else len(chosen)
    fig, axes = plt.subplots(n, 1, sharex=True, figsize=(8, 2.2 * n + 0.8), squeeze=False)
    for k, name in enumerate(chosen):
        ax = axes[0 if overlay else k][0]
        ax.plot(data[x_name], data[name], label=name, linewidth=1.0)
        if overlay:
            ax.legend(loc="best", fontsize="small")
        else:
            ax.set_ylabel(name, fontsize="small")
        ax.grid(True, linewidth=0.3)
    axes[-1][0].set_xlabel(x_name)
    fig.suptitle(options["--title"] or csv_path, fontsize="medium")
    fig.tight_layout()
    try:
        # The format is fixed so the file lands exactly at the path given, whatever its suffix.
        fig.savefig(png_path, dpi=120, format="png")
    except OSError as e:
        print(f"error: cannot write '{png_path}': {e.strerror}", file=sys.stderr)
        sys.exit(3)


if __name__ == "__main__":
    main(sys.argv[1:])
