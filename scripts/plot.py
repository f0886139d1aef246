"""Plots columns of a stickslip result file, CSV or .npy (run by `stickslip plot` with /usr/bin/python3).
A contact points file (RESULTS.points.csv) draws one line per point.

usage: plot.py RESULTS OUT.png COLUMNS [--x COLUMN] [--overlay] [--title TITLE]
COLUMNS is a comma-separated list of column names, shell-style patterns ("crank.*") and derived
quantities NAME=EXPRESSION: + - * / and parentheses over numbers, column names, and a column's first
value COLUMN[0] (x_xd=body.x-platform.x-body.x[0]). Axes are labelled with each column's quantity
and unit, read from its name (docs/cli.md, "Output columns").
A last row cut short (a run killed while writing it) is dropped with a message; anything else
malformed is an error. Exit status 2 when the file is missing or malformed or a column is missing,
3 when the plot cannot be written.
"""
import ast
import csv
import fnmatch
import io
import os
import re
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


# Quantity and unit of a column, from the last part of its name (docs/cli.md, "Output columns").
# Names not listed get no unit (the drift columns mix lengths and angles; an effort is a force or a
# torque as its driver decides).
KINDS = {
    "t": ("time", "s"),
    "x": ("position", "m"), "y": ("position", "m"), "z": ("position", "m"),
    "theta": ("angle", "rad"),
    "vx": ("velocity", "m/s"), "vy": ("velocity", "m/s"), "vz": ("velocity", "m/s"),
    "omega": ("angular velocity", "rad/s"), "wx": ("angular velocity", "rad/s"),
    "wy": ("angular velocity", "rad/s"), "wz": ("angular velocity", "rad/s"),
    "qw": ("quaternion", "1"), "qx": ("quaternion", "1"), "qy": ("quaternion", "1"), "qz": ("quaternion", "1"),
    "fx": ("force", "N"), "fy": ("force", "N"), "fz": ("force", "N"),
    "fx_i": ("force", "N"), "fy_i": ("force", "N"), "fz_i": ("force", "N"),
    "mx": ("moment", "N m"), "my": ("moment", "N m"), "mz": ("moment", "N m"),
    "mx_i": ("moment", "N m"), "my_i": ("moment", "N m"), "mz_i": ("moment", "N m"),
    "torque": ("torque", "N m"), "force": ("force", "N"),
    "gap": ("gap", "m"), "vn": ("normal velocity", "m/s"),
    "vt": ("slip velocity", "m/s"), "vt1": ("slip velocity", "m/s"), "vt2": ("slip velocity", "m/s"),
    "slip": ("slip speed", "m/s"),
    "fn": ("normal force", "N"), "ft": ("friction force", "N"), "ft1": ("friction force", "N"),
    "ft2": ("friction force", "N"), "ff": ("friction force", "N"),
    "state": ("contact state", "0 open, 1 stick, 2-3 slip"),
    "kinetic": ("energy", "J"), "potential": ("energy", "J"), "total": ("energy", "J"),
    "eta": ("friction force", "N"), "c": ("half overlap", "m"), "adams": ("friction force", "N"),
}
KINDS.update({f"f{k}": ("corner force", "N") for k in range(1, 9)})
KINDS.update({f"g{k}": ("corner force", "N") for k in range(1, 9)})


def kind(name):
    """(quantity, unit) of a column, or (None, None) when its name does not say."""
    if name == "t":
        return KINDS["t"]
    last = name.rsplit(".", 1)[-1] if "." in name else None
    if name.startswith("energy."):
        return KINDS.get(last, (None, None))
    if last == "z" and name.count(".") == 1:
        return ("position or bristle deflection", "m")
    return KINDS.get(last, (None, None))


def label(name, k):
    quantity, unit = k
    return f"{name} [{unit}]" if unit else name


TOKEN = re.compile(r"(?<![\w.])[A-Za-z_][A-Za-z0-9_.]*(\[0\])?")


def derived(spec, header, data):
    """NAME=EXPRESSION over columns: the values and (quantity, unit) when every term of a sum has
    one unit (products and quotients get none)."""
    name, expression = (part.strip() for part in spec.split("=", 1))
    columns, first = {}, {}

    def substitute(m):
        column, initial = m.group(0).removesuffix("[0]"), m.group(1) is not None
        if column not in data:
            fail(f"{name}: no column '{column}'; columns are: {', '.join(header)}")
        key = f"c{len(columns) + len(first)}"
        (first if initial else columns)[key] = column
        return key

    text = TOKEN.sub(substitute, expression)
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        fail(f"{name}: cannot read the expression '{expression}'")
    allowed = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Add, ast.Sub, ast.Mult, ast.Div, ast.USub, ast.UAdd,
               ast.Constant, ast.Name, ast.Load)
    for node in ast.walk(tree):
        if not isinstance(node, allowed) or (isinstance(node, ast.Constant) and not isinstance(node.value, (int, float))):
            fail(f"{name}: only + - * / ( ), numbers, columns and COLUMN[0] may appear in '{expression}'")
    import numpy as np
    env = {k: np.asarray(data[c], dtype=float) for k, c in columns.items()}
    env.update({k: float(data[c][0]) for k, c in first.items()})
    values = eval(compile(tree, name, "eval"), {"__builtins__": {}}, env)  # checked above: arithmetic only
    units = {kind(c)[1] for c in list(columns.values()) + list(first.values())}
    sums_only = not any(isinstance(n, (ast.Mult, ast.Div)) for n in ast.walk(tree))
    k = (None, units.pop()) if sums_only and len(units) == 1 else (None, None)
    return name, np.broadcast_to(values, np.shape(data[header[0]])), k


def point_series(header, data):
    """The rows of each line to draw: all of them, or, for a contact points file (its long format, one
    row per point per time: docs/cli.md), those of each point (shape_i, shape_j, point), labelled
    " i|j#p"."""
    if not all(c in header for c in ("shape_i", "shape_j", "point")):
        return [("", None)]
    groups = {}
    for r, key in enumerate(zip(data["shape_i"], data["shape_j"], data["point"])):
        groups.setdefault(tuple(int(v) for v in key), []).append(r)
    return [(f" {i}|{j}#{p}", rows) for (i, j, p), rows in sorted(groups.items())]


def select(header, patterns, data):
    """The columns to plot: [(name, values, (quantity, unit))]."""
    chosen, names = [], set()
    for p in patterns:
        if "=" in p:
            chosen.append(derived(p, header, data))
            continue
        matches = [c for c in header if fnmatch.fnmatchcase(c, p)]
        if not matches:
            fail(f"no column matches '{p}'; columns are: {', '.join(header)}")
        for m in matches:
            if m not in names:
                names.add(m)
                chosen.append((m, data[m], kind(m)))
    return chosen


def overlay_label(chosen):
    """The y label of overlaid columns: their common quantity and unit, else their units."""
    kinds = {k for _, _, k in chosen}
    if len(kinds) == 1:
        quantity, unit = kinds.pop()
        if quantity or unit:
            return f"{quantity or 'value'} [{unit}]" if unit else quantity
    units = sorted({k[1] for _, _, k in chosen if k[1]})
    return "value [" + ", ".join(units) + "]" if units else "value"


def figure(x, x_name, chosen, overlay, title, series=(("", None),)):
    """The figure of the chosen columns (select) against x: one axes per column, or one for all; one
    line per series (point_series: a contact point's rows), all rows when there is one."""
    x_kind = kind(x_name)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = 1 if overlay else len(chosen)
    # A constrained layout keeps the title clear of the first axes and the labels inside the figure.
    fig, axes = plt.subplots(n, 1, sharex=True, figsize=(8, 2.2 * n + 0.9), squeeze=False, layout="constrained")
    for k, (name, values, column_kind) in enumerate(chosen):
        ax = axes[0 if overlay else k][0]
        for suffix, rows in series:
            xs, ys = (x, values) if rows is None else ([x[r] for r in rows], [values[r] for r in rows])
            ax.plot(xs, ys, label=(label(name, column_kind) if overlay else name) + suffix,
                    linewidth=1.0 if len(series) == 1 else 0.6)
        if not overlay:
            ax.set_ylabel(label(name, column_kind), fontsize="small")
        ax.grid(True, linewidth=0.3)
        # Two lengths (a path in a plane): one metre is as long on both axes.
        if x_name != "t" and x_kind[1] == "m" and column_kind[1] == "m" and not overlay:
            ax.set_aspect("equal", adjustable="datalim")
    if overlay:
        ax = axes[0][0]
        ax.legend(loc="best", fontsize="small")
        ax.set_ylabel(overlay_label(chosen), fontsize="small")
        if x_name != "t" and x_kind[1] == "m" and all(k[1] == "m" for _, _, k in chosen):
            ax.set_aspect("equal", adjustable="datalim")
    axes[-1][0].set_xlabel(label(x_name, x_kind))
    fig.suptitle(title, fontsize="medium")
    return fig


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
    chosen = select(header, patterns, data)
    fig = figure(data[x_name], x_name, chosen, overlay, options["--title"] or csv_path, point_series(header, data))
    try:
        # The format is fixed so the file lands exactly at the path given, whatever its suffix.
        fig.savefig(png_path, dpi=120, format="png")
    except OSError as e:
        print(f"error: cannot write '{png_path}': {e.strerror}", file=sys.stderr)
        sys.exit(3)


if __name__ == "__main__":
    main(sys.argv[1:])
