"""stickslip.read_results: the files of `stickslip run` read back equal the run from Python bit for
bit (the CSV holds shortest round-trip decimals, the .npy the doubles themselves); a last row cut
short by a killed run is dropped with a warning, never read as a number."""
import shutil
import subprocess

import numpy as np
import pytest

import stickslip
from conftest import example

CASE1 = example("free_standing_body", "case1_e-0.915.yaml")  # the rocking block: impacts, an event log


def cli_run(cli, out, *options):
    subprocess.run([cli, "run", CASE1, "-o", out, "-q", "--t-end", "0.5", *options], check=True,
                   stdout=subprocess.DEVNULL)


def same_events(a, b):
    return len(a) == len(b) and all(
        all(x == y or (isinstance(x, float) and x != x and y != y) for x, y in zip(ea, eb))  # NaN == NaN here
        for ea, eb in zip(a.tolist(), b.tolist()))


def cut(path, to, n_bytes):
    with open(path, "rb") as f:
        data = f.read()
    with open(to, "wb") as f:
        f.write(data[:len(data) - n_bytes])
    return str(to)


@pytest.mark.parametrize("extension", ["csv", "npy"])
def test_the_files_equal_the_run(cli, tmp_path, extension):
    out = str(tmp_path / f"r.{extension}")
    cli_run(cli, out)
    read = stickslip.read_results(out)
    ran = stickslip.Model.load(CASE1).run(t_end=0.5)
    assert read.columns == ran.columns
    assert np.array_equal(read.data, ran.data, equal_nan=True)
    assert len(read.events) > 0 and same_events(read.events, ran.events)
    assert read.summary is None


def test_a_partial_last_csv_row_is_dropped_with_a_warning(cli, tmp_path):
    out = str(tmp_path / "r.csv")
    cli_run(cli, out)
    whole = stickslip.read_results(out)
    partial = cut(out, tmp_path / "cut.csv", 4)  # into the last row's last number
    with pytest.warns(stickslip.SimulationWarning, match=rf"line {len(whole) + 1} is an incomplete row: dropped"):
        read = stickslip.read_results(partial, events=stickslip.results_file.event_log_path(out))
    assert np.array_equal(read.data, whole.data[:-1], equal_nan=True)


def test_a_partial_last_npy_row_is_dropped_with_a_warning(cli, tmp_path):
    out = str(tmp_path / "r.npy")
    cli_run(cli, out)
    whole = stickslip.read_results(out)
    partial = cut(out, tmp_path / "cut.npy", 3)
    # The column names of .npy results are beside them (r.columns.txt): the cut copy needs its own.
    shutil.copy(stickslip.results_file.npy_columns_path(out), stickslip.results_file.npy_columns_path(partial))
    with pytest.warns(stickslip.SimulationWarning, match=rf"the bytes after row {len(whole) - 1} are an incomplete row"):
        read = stickslip.read_results(partial)
    assert np.array_equal(read.data, whole.data[:-1], equal_nan=True)


def test_a_partial_last_event_is_dropped_and_other_damage_refused(cli, tmp_path):
    out = str(tmp_path / "r.csv")
    cli_run(cli, out)
    whole = stickslip.read_results(out)
    events = cut(stickslip.results_file.event_log_path(out), tmp_path / "cut.events.csv", 2)
    with pytest.warns(stickslip.SimulationWarning, match="is an incomplete row: dropped"):
        read = stickslip.read_results(out, events=events)
    assert same_events(read.events, whole.events[:-1])
    # A row that is short but whole (it has its newline) is damage, not a kill: refused.
    with open(out) as f:
        lines = f.read().split("\n")
    lines[3] = lines[3].rsplit(",", 1)[0]
    bad = tmp_path / "bad.csv"
    bad.write_text("\n".join(lines))
    with pytest.raises(stickslip.InputError, match=r"bad.csv:4: expected \d+ values, got") as e:
        stickslip.read_results(str(bad), events=events)
    assert e.value.line == 4
    not_results = tmp_path / "x.npy"
    np.save(not_results, np.zeros(3))
    with pytest.raises(stickslip.InputError, match="not the results of `stickslip run`"):
        stickslip.read_results(str(not_results))


def test_a_file_that_cannot_be_read_is_an_input_error(cli, tmp_path):
    with pytest.raises(stickslip.InputError, match="missing.csv: cannot be read"):
        stickslip.read_results(str(tmp_path / "missing.csv"))
    out = str(tmp_path / "r.csv")
    cli_run(cli, out)
    with pytest.raises(stickslip.InputError, match="none.events.csv: cannot be read"):
        stickslip.read_results(out, events=str(tmp_path / "none.events.csv"))


def test_npy_format_versions_1_and_2_are_read_and_others_refused(cli, tmp_path):
    """The reader uses NumPy's public header readers (format 1.0, what `stickslip run` writes, and
    2.0); a 3.0 file gets a clear refusal instead of a private API's behaviour."""
    out = str(tmp_path / "r.npy")
    cli_run(cli, out)
    read = stickslip.read_results(out)
    table = np.zeros(len(read), dtype=[(c, "<f8") for c in read.columns])
    for k, c in enumerate(read.columns):
        table[c] = read.data[:, k]
    for version in [(2, 0), (3, 0)]:
        path = tmp_path / f"v{version[0]}.npy"
        with open(path, "wb") as f:
            np.lib.format.write_array(f, table, version=version)
        if version == (2, 0):
            read2 = stickslip.read_results(str(path), events=stickslip.results_file.event_log_path(out))
            assert read2.columns == read.columns and np.array_equal(read2.data, read.data, equal_nan=True)
        else:
            with pytest.raises(stickslip.InputError, match=r"format version 3.0 is not read here"):
                stickslip.read_results(str(path))


WALL = example("block_wall", "block_wall.yaml")  # 294 contacts: over a thousand columns


def test_npy_results_of_a_large_model_load_in_numpy_with_their_names_beside(cli, tmp_path):
    """The header holds only the shape (NumPy 1.24 and later refuse headers over 10 000 bytes by
    default, which a field per column made of a large model's); the names are in r.columns.txt."""
    out, csv = str(tmp_path / "r.npy"), str(tmp_path / "r.csv")
    for path in (out, csv):
        subprocess.run([cli, "run", WALL, "-o", path, "-q", "--t-end", "0.01"], check=True, stdout=subprocess.DEVNULL)
    table = np.load(out)  # NumPy's defaults
    names = (tmp_path / "r.columns.txt").read_text().splitlines()
    from_csv = stickslip.read_results(csv)
    assert len(names) > 1000 and names == from_csv.columns
    assert table.dtype == np.float64 and table.shape == from_csv.data.shape
    assert np.array_equal(table, from_csv.data, equal_nan=True)
    assert stickslip.read_results(out).columns == names
    with open(out, "rb") as f:
        np.lib.format.read_magic(f)
        np.lib.format.read_array_header_1_0(f)
        assert f.tell() <= 128  # the header is a few dozen bytes whatever the columns


def test_npy_results_written_before_the_names_moved_beside_them_are_still_read(cli, tmp_path):
    """The earlier layout (a field per column in the header) of a large model, whose header NumPy
    refuses by default, reads back through read_results."""
    csv = str(tmp_path / "r.csv")
    subprocess.run([cli, "run", WALL, "-o", csv, "-q", "--t-end", "0.01"], check=True, stdout=subprocess.DEVNULL)
    read = stickslip.read_results(csv)
    table = np.zeros(len(read), dtype=[(c, "<f8") for c in read.columns])
    for k, c in enumerate(read.columns):
        table[c] = read.data[:, k]
    old = tmp_path / "old.npy"
    with open(old, "wb") as f:
        np.lib.format.write_array(f, table)  # format 1.0, as stickslip wrote them
    with pytest.raises(ValueError, match="max_header_size"):
        np.load(old)
    again = stickslip.read_results(str(old), events=stickslip.results_file.event_log_path(csv))
    assert again.columns == read.columns and np.array_equal(again.data, read.data, equal_nan=True)


def test_npy_without_its_column_names_is_refused_by_name(cli, tmp_path):
    out = str(tmp_path / "r.npy")
    cli_run(cli, out)
    (tmp_path / "r.columns.txt").unlink()
    with pytest.raises(stickslip.InputError, match=r"r.columns.txt: the column names of .*r.npy cannot be read"):
        stickslip.read_results(out)
