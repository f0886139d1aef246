"""Sweeps from Python and on a Dask cluster: a LocalCluster on the loopback interface writes the
same table as the local run, row for row (from Python and through `stickslip sweep --scheduler`)."""
import os
import pickle
import signal
import subprocess
import time

import pytest

import stickslip
from conftest import example

# The sliding block of examples/scheme_comparison (rigid feet, time-stepping) over μ and v0; μ < 0
# is refused by the model, so two runs fail and record their error.
SWEEP = """model: {model}
run: {{scheme: time-stepping, t_end: 0.6, output_interval: 0.01}}
parameters:
  - name: mu
    values: [0.3, -0.1, 0.25, 0.2]
    set: [contacts.left.friction.mu_s, contacts.left.friction.mu_k,
          contacts.right.friction.mu_s, contacts.right.friction.mu_k]
  - {{name: v0, path: bodies.block.velocity.0, range: {{from: 0.5, to: 1.0, count: 3}}}}
keep:
  - {{name: stop, final: block.x}}
  - {{first_event: stick, contact: left}}
  - {{max_abs: block.theta}}
  - contact_events
"""


@pytest.fixture
def sweep_file(tmp_path):
    path = tmp_path / "blocks.yaml"
    path.write_text(SWEEP.format(model=example("scheme_comparison", "sliding_block.yaml")))
    return str(path)


def test_a_local_sweep_from_python(sweep_file, tmp_path):
    table = stickslip.run_sweep(sweep_file, tmp_path / "local.csv", jobs=2)
    pandas = pytest.importorskip("pandas")
    assert isinstance(table, pandas.DataFrame)
    assert list(table.columns) == ["run", "mu", "v0", "stop", "first_event.stick.left", "max_abs.block.theta",
                                   "contact_events", "status", "error"]
    assert len(table) == 12 and list(table["run"]) == list(range(12))
    failed = table[table["status"] == "failed"]
    assert list(failed["mu"]) == [-0.1] * 3 and failed["error"].str.contains("contacts\\[0\\].friction.mu_s").all()
    ok = table[table["status"] == "ok"]
    # x* = v0²/(2 μ g) to within μ g h² (tests/sweep/sweep_test.cpp gives the reason)
    assert ((ok["stop"] - ok["v0"] ** 2 / (2 * ok["mu"] * 9.81)).abs() < 4e-8).all()
    # The Sweep itself: one run, and a copy made by pickling (what Dask sends) runs the same.
    sweep = stickslip.Sweep.load(sweep_file)
    copy = pickle.loads(pickle.dumps(sweep))
    assert len(copy) == 12 and copy.parameters(5) == sweep.parameters(5) == [-0.1, 1.0]
    row = copy.run(0)
    assert row.ok and row.quantities == sweep.run(0).quantities
    assert pickle.loads(pickle.dumps(row)).quantities == row.quantities


def test_a_dask_cluster_writes_the_local_table(sweep_file, tmp_path, cli):
    distributed = pytest.importorskip("distributed")
    local = tmp_path / "local.csv"
    stickslip.run_sweep(sweep_file, local, jobs=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = tmp_path / "dask.csv"
        stickslip.run_sweep(sweep_file, on_dask, scheduler=client)
        assert on_dask.read_text() == local.read_text()  # row for row, every digit
        by_address = tmp_path / "address.csv"
        stickslip.run_sweep(sweep_file, by_address, scheduler=cluster.scheduler_address)
        assert by_address.read_text() == local.read_text()
        # The command line hands --scheduler to this module.
        from_cli = tmp_path / "cli.csv"
        p = subprocess.run([cli, "sweep", sweep_file, "-o", str(from_cli), "--scheduler", cluster.scheduler_address],
                           capture_output=True, text=True)
        assert p.returncode == 0, p.stderr
        assert "12 of 12 runs (3 failed); 12 run now" in p.stdout
        assert from_cli.read_text() == local.read_text()
        # Resuming on the cluster: a table missing runs gets exactly those.
        lines = local.read_text().splitlines(keepends=True)
        partial = tmp_path / "partial.csv"
        partial.write_text("".join(lines[:1] + lines[5:9]))
        stickslip.run_sweep(sweep_file, partial, scheduler=client)
        assert partial.read_text() == local.read_text()


def test_sigint_stops_a_cluster_sweep_started_with_sigint_ignored(tmp_path, cli):
    """A shell without job control starts a background command with SIGINT ignored, which Python would
    keep: the sweep on a cluster still stops at SIGINT (status 130, the runs done kept), as the local
    sweep does. Runs of 30 s of sliding (300 000 steps each) keep it busy long enough."""
    distributed = pytest.importorskip("distributed")
    slow = tmp_path / "slow.yaml"
    slow.write_text(SWEEP.format(model=example("scheme_comparison", "sliding_block.yaml")).replace("t_end: 0.6", "t_end: 30"))
    table = tmp_path / "slow.csv"
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        p = subprocess.Popen([cli, "sweep", str(slow), "-o", str(table), "--scheduler", cluster.scheduler_address],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
        deadline = time.monotonic() + 300  # a limit for a broken test, not a figure
        while p.poll() is None and time.monotonic() < deadline and not (
                table.exists() and len(table.read_text().splitlines()) >= 2):
            time.sleep(0.1)
        assert p.poll() is None, p.communicate()
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=300)
    assert p.returncode == 130, (out, err)
    assert "interrupted: the runs done are in" in err and "never retrieved" not in err, err
    assert 2 <= len(table.read_text().splitlines()) < 13


def test_only_an_orphaned_timer_of_the_clients_loop_goes_unreported(caplog):
    """Dask stops its client's event loop on close with tornado's timer futures in flight, and one
    whose timeout fired just before is collected unread: asyncio hands it to the loop's exception
    handler, which printed "Future exception was never retrieved ... TimeoutError" after a cluster
    sweep had ended. The sweep's client drops exactly that report; any other unread error is logged."""
    import asyncio
    import gc
    from stickslip.sweep import _drop_orphaned_timeouts

    loop = asyncio.new_event_loop()
    loop.set_exception_handler(_drop_orphaned_timeouts)
    try:
        for error in (TimeoutError("Timeout"), ValueError("a run failed")):
            future = loop.create_future()
            future.set_exception(error)
            del future  # collected unread: asyncio reports it through the handler
        gc.collect()
    finally:
        loop.close()
    reported = [r.exc_info[1] for r in caplog.records if r.name == "asyncio" and r.exc_info]
    assert [type(e) for e in reported] == [ValueError], caplog.text


def test_the_command_lines_cluster_errors(sweep_file, tmp_path, cli):
    p = subprocess.run([cli, "sweep", sweep_file + ".missing", "--scheduler", "tcp://127.0.0.1:9"],
                       capture_output=True, text=True)
    assert p.returncode == 2 and "cannot open the file" in p.stderr
    # Nobody listens on port 9 of the loopback interface (Dask retries for 2 s here, 30 s by default).
    p = subprocess.run([cli, "sweep", sweep_file, "-o", str(tmp_path / "t.csv"), "--scheduler", "tcp://127.0.0.1:9"],
                       capture_output=True, text=True,
                       env=dict(os.environ, DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT="2s"))
    assert p.returncode == 2 and "no Dask scheduler answers at tcp://127.0.0.1:9" in p.stderr, p.stderr
