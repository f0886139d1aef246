"""Reading back the files of `stickslip run`: the results (CSV, or .npy from `--format npy`) and the
event log beside them, as a Result.

Rows reach the files whole (docs/cli.md, "Interrupted runs"), except when a run is killed (SIGKILL,
a power cut) inside a write: then the last row is cut short. Such a row is dropped with a
SimulationWarning saying so, never read as numbers; anything else malformed raises InputError.
"""
import os
import warnings

import numpy as np

from .errors import InputError, SimulationWarning
from .result import EVENT_FIELDS, Result


def _malformed(path, line, message):
    error = InputError(f"{path}:{line}: {message}" if line else f"{path}: {message}")
    error.file, error.line, error.message = path, line, message
    return error


def _dropped(path, what):
    warnings.warn(f"{path}: {what}: dropped (the run was stopped while writing it)", SimulationWarning,
                  stacklevel=3)


def _whole_lines(path):
    """The file's lines that end with a newline; a last line without one is a row cut short."""
    try:
        with open(path, newline="") as f:
            text = f.read()
    except UnicodeDecodeError:
        raise _malformed(path, 0, "not a text (CSV) file") from None
    lines = text.split("\n")
    if lines.pop():
        _dropped(path, f"line {len(lines) + 1} is an incomplete row")
    return [line.rstrip("\r") for line in lines]


def _rows(path, lines, width):
    """The lines after the header as (line number, cells), each of `width` cells."""
    for line_no, line in enumerate(lines[1:], start=2):
        cells = line.split(",")
        if len(cells) != width:
            raise _malformed(path, line_no, f"expected {width} values, got {len(cells)}")
        yield line_no, cells


def _read_csv(path):
    lines = _whole_lines(path)
    if not lines:
        raise _malformed(path, 1, "empty file: expected a header of column names")
    columns = lines[0].split(",")
    rows = []
    for line_no, cells in _rows(path, lines, len(columns)):
        try:
            rows.append([float(c) for c in cells])
        except ValueError:
            raise _malformed(path, line_no, "a cell is not a number") from None
    return columns, np.array(rows, dtype=np.float64).reshape(len(rows), len(columns))


def npy_columns_path(results_path):
    """Where `stickslip run` writes the column names of .npy results: r.npy -> r.columns.txt."""
    stem, extension = os.path.splitext(os.fspath(results_path))
    return (stem if extension in (".csv", ".npy") else os.fspath(results_path)) + ".columns.txt"


def _npy_header(f, version):
    """(shape, fortran, dtype) of an open .npy file. Files written before the names moved beside the
    rows carry a field per column in their header, which for large models exceeds the 10 000 bytes
    NumPy 1.24 and later read by default: the limit is lifted here, the file being our own."""
    readers = {(1, 0): np.lib.format.read_array_header_1_0, (2, 0): np.lib.format.read_array_header_2_0}
    if version not in readers:  # `stickslip run` writes version 1.0 (2.0 for very large old headers)
        raise ValueError(f"format version {version[0]}.{version[1]} is not read here (1.0 and 2.0 are)")
    try:
        return readers[version](f, max_header_size=1 << 30)
    except TypeError:  # NumPy before 1.24: no limit, no argument
        return readers[version](f)


def _npy_names(path, count):
    names_path = npy_columns_path(path)
    try:
        with open(names_path, encoding="utf-8") as f:
            names = f.read().splitlines()
    except OSError as e:
        raise _malformed(names_path, 0, f"the column names of {path} cannot be read ({e.strerror})") from None
    if len(names) != count:
        raise _malformed(names_path, 0, f"{len(names)} column names for the {count} columns of {path}")
    return names


def _read_npy(path):
    """A 2-D float64 array with its column names beside it (r.columns.txt), or, as written before
    those, a 1-D array of float64 fields named by the columns. The row count comes from the file's
    size, not the header's: the header is updated after each block, so a killed run's header may
    count fewer rows than the file holds whole."""
    with open(path, "rb") as f:
        try:
            shape, fortran, dtype = _npy_header(f, np.lib.format.read_magic(f))
        except ValueError as e:
            raise _malformed(path, 0, f"not a .npy file: {e}") from None
        offset = f.tell()
    if dtype == np.dtype("<f8") and len(shape) == 2 and not fortran:
        names = _npy_names(path, shape[1])
    elif (dtype.names is not None and len(shape) == 1 and not fortran
          and all(dtype[n] == np.dtype("<f8") for n in dtype.names)):
        names = list(dtype.names)
    else:
        raise _malformed(path, 0, "not the results of `stickslip run` (a 2-D float64 array, "
                                  "or a 1-D array of float64 fields)")
    rows, rest = divmod(os.path.getsize(path) - offset, 8 * len(names))
    if rest:
        _dropped(path, f"the bytes after row {rows} are an incomplete row")
    data = np.fromfile(path, dtype=np.float64, count=rows * len(names), offset=offset)
    return names, data.reshape(rows, len(names))


def _read_events(path):
    lines = _whole_lines(path)
    if not lines or lines[0].split(",") != list(EVENT_FIELDS):
        raise _malformed(path, 1, "not an event log: expected the header " + ",".join(EVENT_FIELDS))
    events = []
    for line_no, cells in _rows(path, lines, len(EVENT_FIELDS)):
        try:
            t, before, after = (float(c) if c else float("nan") for c in (cells[0], cells[5], cells[6]))
        except ValueError:
            raise _malformed(path, line_no, "a time or velocity is not a number") from None
        events.append((t, *cells[1:5], before, after))
    return events


def event_log_path(results_path):
    """Where `stickslip run` writes the event log of these results: r.csv -> r.events.csv."""
    stem, extension = os.path.splitext(os.fspath(results_path))
    return (stem if extension in (".csv", ".npy") else os.fspath(results_path)) + ".events.csv"


def read_results(path, events=None):
    """The results of `stickslip run` (a CSV or .npy file) as a Result, with the event log `events`
    (default: the *.events.csv beside the results, when there is one). Its summary is None.

    A last row cut short by a killed run is dropped with a SimulationWarning; a file that is
    otherwise malformed raises InputError (with `file` and `line`)."""
    path = os.fspath(path)
    columns, data = _unless_unreadable(path, _read_npy if path.endswith(".npy") else _read_csv)
    if "t" not in columns:
        raise _malformed(path, 1, "no column 't' (time): not the results of `stickslip run`")
    events_path = event_log_path(path) if events is None else os.fspath(events)
    log = _unless_unreadable(events_path, _read_events) if events is not None or os.path.exists(events_path) else []
    return Result(columns, data, log, None)


POINT_COLUMNS = ("t", "shape_i", "shape_j", "point", "x", "y", "z", "nx", "ny", "nz", "gap", "vn", "slip", "fn",
                 "ftx", "fty", "ftz", "state")


def contact_points_path(results_path):
    """Where `stickslip run` writes the contact points of these results: r.csv -> r.points.csv,
    r.npy -> r.points.npy."""
    stem, extension = os.path.splitext(os.fspath(results_path))
    if extension in (".csv", ".npy"):
        return stem + ".points" + extension
    return os.fspath(results_path) + ".points.csv"


def read_contact_points(path, model=None):
    """The contact points file of `stickslip run` (docs/cli.md, "Contact points"), CSV or .npy: one row
    per point of a contact between shapes per written row, as a dict of numpy arrays by column
    (t, shape_i, shape_j, point, x, y, z, nx, ny, nz, gap, vn, slip, fn, ftx, fty, ftz, state). With
    `model` (a Model or a model file's path), also `shape_i_name` and `shape_j_name`, the shapes' names
    (the indices count the model's shapes in the file's order). Rows cut short by a kill are dropped
    with a SimulationWarning; anything else malformed raises InputError."""
    path = os.fspath(path)
    columns, data = _unless_unreadable(path, _read_npy if path.endswith(".npy") else _read_csv)
    if tuple(columns) != POINT_COLUMNS:
        raise _malformed(path, 1, "not a contact points file: expected the columns " + ",".join(POINT_COLUMNS))
    points = {name: data[:, k] for k, name in enumerate(columns)}
    if model is not None:
        if not hasattr(model, "shape_names"):
            from ._core import Model
            model = Model.load(os.fspath(model))
        names = np.array(model.shape_names(), dtype=object)
        for side in ("shape_i", "shape_j"):
            points[side + "_name"] = names[points[side].astype(int)] if len(names) else np.array([], dtype=object)
    return points


def _unless_unreadable(path, reader):
    """reader(path), with a file that cannot be opened or read (missing, a folder, no permission)
    reported as InputError like any other bad input."""
    try:
        return reader(path)
    except OSError as e:
        raise _malformed(path, 0, f"cannot be read: {e.strerror or e}") from None
