"""stickslip.Model from Python: loading (file, YAML text, dict, built entry by entry), reading and
changing parameters by key path, and runs that equal the command line's bit for bit."""
import csv
import os
import subprocess

import numpy as np
import pytest

import stickslip
from conftest import example

CASE1 = example("free_standing_body", "case1_e-0.915.yaml")


def cli_run(cli, model_path, out, *options):
    """`stickslip run` into `out`; returns (columns, rows as float64, event rows as text)."""
    subprocess.run([cli, "run", model_path, "-o", out, "-q", *options], check=True, stdout=subprocess.DEVNULL)
    with open(out, newline="") as f:
        rows = list(csv.reader(f))
    events_path = out[:-4] + ".events.csv"
    events = []
    if os.path.exists(events_path):
        with open(events_path, newline="") as f:
            events = list(csv.reader(f))[1:]
    return rows[0], np.array([[float(v) for v in r] for r in rows[1:]]), events


def event_rows(result):
    """The event log with its numbers as floats (NaN where the command line leaves a cell empty)."""
    return [[float(e["t"]), e["contact"], e["event"], e["from"], e["to"], float(e["vn_before"]), float(e["vn_after"])]
            for e in result.events]


def parsed(events):
    return [[float(e[0]), *e[1:5], float(e[5] or "nan"), float(e[6] or "nan")] for e in events]


def same(a, b):
    return len(a) == len(b) and all(x == y or (x != x and y != y) for x, y in zip(a, b))  # NaN == NaN here


def test_a_seed_case_equals_the_command_line_bit_for_bit(cli, tmp_path):
    # Zhang & Wang 2017, case 1 (e = -0.915 m): the event-driven scheme with bdf, 2 s of it.
    columns, rows, events = cli_run(cli, CASE1, str(tmp_path / "case1.csv"), "--t-end", "2")
    result = stickslip.Model.load(CASE1).run(t_end=2)
    assert result.columns == columns
    assert result.data.dtype == np.float64
    assert np.array_equal(result.data, rows)  # every number, bit for bit
    assert len(result.events) == len(events) > 4
    assert all(same(a, b) for a, b in zip(event_rows(result), parsed(events)))
    assert result.summary["output_rows"] == len(rows)
    assert result.summary["contact_events"] == len(events)
    assert result.summary["steps"] > 0 and result.summary["t_final"] == 2


def test_the_same_model_from_a_file_text_or_dict(tmp_path):
    text = open(example("simple_pendulum", "simple_pendulum.yaml")).read()
    from_file = stickslip.Model.load(example("simple_pendulum", "simple_pendulum.yaml"))
    from_text = stickslip.Model.from_yaml(text)
    data = {"name": "simple_pendulum", "gravity": [0, -9.81],
            "bodies": [{"name": "bob", "mass": 1.0, "inertia": 0.001,
                        "position": [0.8414709848078965, -0.5403023058681398], "angle": 1.0}],
            "joints": [{"name": "pivot", "type": "revolute", "bodies": ["ground", "bob"], "location": [0, 0]}],
            "simulation": {"t_end": 10, "output_interval": 0.01, "integrator": "dopri5", "rtol": 1e-10,
                           "atol": 1e-12}}
    from_dict = stickslip.Model.from_dict(data)
    built = stickslip.Model("simple_pendulum")
    built.set({"name": "simple_pendulum", "gravity": [0, -9.81], "simulation": data["simulation"]})
    built.add("bodies", data["bodies"][0])
    built.add("joints", data["joints"][0])
    runs = [m.run(t_end=1) for m in (from_file, from_text, from_dict, built)]
    for r in runs[1:]:
        assert np.array_equal(r.data, runs[0].data)
    assert from_dict.get("bodies.bob.position") == data["bodies"][0]["position"]
    assert from_file.source.endswith("simple_pendulum.yaml") and from_dict.source == "<dict>"
    assert stickslip.Model.from_yaml(built.to_yaml()).run(t_end=1).data.tolist() == runs[0].data.tolist()


def test_a_parameter_change_takes_effect(cli, tmp_path):
    model = stickslip.Model.load(CASE1)
    assert model.get("contacts.tip_left.friction.mu_s") == 0.6
    before = model.run(t_end=2)
    model.set({"contacts.tip_left.friction.mu_s": 0.3, "contacts.tip_left.friction.mu_k": 0.24})
    after = model.run(t_end=2)
    assert model.get("contacts.tip_left.friction") == {"law": "coulomb", "mu_s": 0.3, "mu_k": 0.24}
    assert not np.array_equal(before["body.x"], after["body.x"])
    # ... and equals the command line on a file with that value.
    text = open(CASE1).read().replace("friction: {law: coulomb, mu_s: 0.6, mu_k: 0.48}",
                                      "friction: {law: coulomb, mu_s: 0.3, mu_k: 0.24}", 1)
    changed = tmp_path / "changed.yaml"
    changed.write_text(text)
    _, rows, _ = cli_run(cli, str(changed), str(tmp_path / "changed.csv"), "--t-end", "2")
    assert np.array_equal(after.data, rows)


def test_run_options_are_those_of_the_command_line(cli, tmp_path):
    path = example("simple_pendulum", "simple_pendulum.yaml")
    _, rows, _ = cli_run(cli, path, str(tmp_path / "p.csv"), "--integrator", "rk4", "--dt", "1e-3", "--t-end", "0.5",
                         "--output-interval", "0.05", "--baumgarte", "1,2", "--projection")
    r = stickslip.run(path, integrator="rk4", dt=1e-3, t_end=0.5, output_interval=0.05, baumgarte=(1, 2),
                      projection=True)
    assert np.array_equal(r.data, rows)
    assert len(r) == 11 and r.t[-1] == 0.5


def test_results_as_arrays_and_data_frames():
    r = stickslip.Model.load(CASE1).run(t_end=0.5, output_interval=0.1)
    assert r.data.shape == (6, len(r.columns))
    assert r.t[0] == 0 and r.t[-1] == 0.5
    assert "body.x" in r and "nothing" not in r
    with pytest.raises(KeyError, match="no column 'nothing'"):
        r["nothing"]
    assert r.events.dtype.names == ("t", "contact", "event", "from", "to", "vn_before", "vn_after")
    pandas = pytest.importorskip("pandas")
    frame = r.to_pandas()
    assert list(frame.columns) == r.columns and frame["body.x"].tolist() == r["body.x"].tolist()
    events = r.events_to_pandas()
    assert events["contact"].tolist()[:2] == ["tip_left", "tip_right"]
    assert isinstance(frame, pandas.DataFrame)


def test_the_lcp_solvers_on_arrays():
    M = np.array([[2.0, 1.0], [1.0, 2.0]])
    q = np.array([-1.0, -1.0])
    for solver in ("lemke", "pgs", "fb", "smooth", "enum", "auto"):
        s = stickslip.solve_lcp(M, q, solver=solver, tolerance=1e-12 if solver != "lemke" else 0)
        assert s["status"] == "solved", solver
        assert np.allclose(s["z"], [1 / 3, 1 / 3], atol=1e-10, rtol=0), solver  # z = -M^-1 q, w = 0
        assert np.all(s["w"] >= -1e-10) and abs(s["z"] @ s["w"]) < 1e-10
    assert stickslip.solve_lcp(M, np.array([np.nan, 1.0]))["status"] == "invalid_input"
    with pytest.raises(ValueError, match="solver must be"):
        stickslip.solve_lcp(M, q, solver="simplex")
    # Mixed: x free with 2x + z = 1 (equality), z >= 0 with w = x + z >= 0: x = 1/2, z = 0.
    m = stickslip.solve_mlcp(np.array([[2.0, 1.0], [1.0, 1.0]]), np.array([-1.0, 0.0]), 1)
    assert m["status"] == "solved" and np.allclose(m["z"], [0.5, 0.0], atol=1e-12)
