"""Parameter sweeps from Python, on this machine or on a Dask cluster (docs/sweeps.md).

What a run is, what its row holds and how the table is written and resumed is the library's
(src/sweep/, bound as Sweep, SweepRow, SweepTable); this module only schedules: the local cores
through the library's own runner, or a Dask cluster, whose workers call Sweep.run.
"""
import argparse
import os
import sys

from . import _core
from .errors import InputError


def _output_path(sweep, output):
    if output:
        return str(output)
    if sweep.output:
        return sweep.output
    return os.path.splitext(os.path.basename(sweep.source))[0] + ".csv"


def _run_one(sweep, run):
    return sweep.run(run)


class SchedulerUnreachable(ConnectionError):
    """No Dask scheduler answers at the address given."""


def _connect(scheduler):
    from distributed import Client

    if isinstance(scheduler, Client):
        return scheduler
    try:
        return Client(scheduler)  # waits distributed.comm.timeouts.connect (Dask's configuration)
    except (OSError, TimeoutError) as e:
        raise SchedulerUnreachable(f"no Dask scheduler answers at {scheduler}: {e}") from None


def _drop_orphaned_timeouts(loop, context):
    """The client's loop is stopped on close with tornado's timer futures in flight (a batched send
    waits on one with a deadline); one whose timeout fired just before the stop is collected unread,
    and asyncio then prints "Future exception was never retrieved ... TimeoutError('Timeout')" after
    the sweep has ended. That is a shutdown artefact, not a failed run: only it is dropped."""
    if isinstance(context.get("exception"), TimeoutError) and \
            context.get("message", "").startswith("Future exception was never retrieved"):
        return
    loop.default_exception_handler(context)


def _run_on_dask(sweep, table, scheduler, show_progress):
    from distributed import as_completed

    client = _connect(scheduler)
    loop = getattr(client.loop, "asyncio_loop", None)  # tornado's IOLoop over asyncio's
    if client is not scheduler and loop is not None:  # our own client's; a caller's keeps its handler
        loop.set_exception_handler(_drop_orphaned_timeouts)
    progress = _core.SweepProgress(show_progress, table.total, table.done)
    futures = []
    try:
        pending = table.pending
        if pending:
            remote = client.scatter(sweep, broadcast=True)
            futures = client.map(_run_one, [remote] * len(pending), pending, pure=False)
            for future in as_completed(futures):
                table.record(future.result())
                progress.update(table.done, table.failed)
    except BaseException:
        client.cancel(futures)
        raise
    finally:
        progress.finish()
        if client is not scheduler:
            client.close()


def run_sweep(sweep, output=None, *, jobs=0, scheduler=None, restart=False, retry_failed=False, progress=False):
    """Runs a sweep and returns its table (read_table).

    sweep       a sweep file's path, or a Sweep
    output      the table CSV (default: the file's `output`, else its stem + .csv in the current folder)
    jobs        runs at once on this machine (0: one per core); not with a scheduler
    scheduler   None (this machine), a Dask scheduler address ("tcp://host:8786") or a
                distributed.Client; an address nobody answers raises SchedulerUnreachable
    restart     discard the rows of an earlier run of the sweep in the table (else it resumes)
    retry_failed  run the failed runs recorded in the table again
    progress    show the progress bar on standard error
    Ctrl-C stops the sweep (KeyboardInterrupt); the table keeps the finished runs, and the same call
    resumes it.
    """
    if scheduler is not None and jobs:
        raise ValueError("jobs is for this machine; a cluster's workers are set where it runs")
    if not isinstance(sweep, _core.Sweep):
        sweep = _core.Sweep.load(os.fspath(sweep))
    path = _output_path(sweep, output)
    table = _core.SweepTable(sweep, path, restart, retry_failed)
    if scheduler is None:
        _core.run_sweep_local(sweep, table, jobs, progress)
    else:
        _run_on_dask(sweep, table, scheduler, progress)
        table.finish()
    return read_table(path)


def read_table(path):
    """A sweep table as a pandas DataFrame, or without pandas as a dict of numpy arrays (numbers)
    and lists (status, error)."""
    try:
        import pandas
    except ImportError:
        pandas = None
    if pandas is not None:
        return pandas.read_csv(path, keep_default_na=False, na_values=[""])
    import csv

    import numpy as np
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    table = {}
    for k, name in enumerate(header):
        values = [r[k] for r in body]
        if name in ("status", "error"):
            table[name] = values
        else:
            table[name] = np.array([float(v) if v else np.nan for v in values])
    return table


def main(argv=None):
    """`python3 -m stickslip sweep`: what `stickslip sweep --scheduler` runs."""
    parser = argparse.ArgumentParser(prog="stickslip sweep", description="Run a parameter sweep")
    parser.add_argument("sweep")
    parser.add_argument("-o", "--output")
    parser.add_argument("-j", "--jobs", type=int, default=0)
    parser.add_argument("--scheduler")
    parser.add_argument("--restart", action="store_true")
    parser.add_argument("--retry-failed", action="store_true")
    parser.add_argument("-q", "--quiet", action="store_true")
    a = parser.parse_args(argv)
    import signal
    import time
    # A shell without job control starts a background command with SIGINT ignored, and Python then
    # leaves it ignored: SIGINT must stop this sweep as it stops `stickslip sweep` on one machine.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    interrupted = False
    try:
        sweep = _core.Sweep.load(a.sweep)
        path = _output_path(sweep, a.output)
        table = _core.SweepTable(sweep, path, a.restart, a.retry_failed)
        start, before = time.monotonic(), table.done
        show = not a.quiet and sys.stderr.isatty()
        try:
            if a.scheduler:
                _run_on_dask(sweep, table, a.scheduler, show)
                table.finish()
            else:
                _core.run_sweep_local(sweep, table, a.jobs, show)
        except KeyboardInterrupt:
            interrupted = True
    except (InputError, SchedulerUnreachable) as e:  # the exit statuses of docs/cli.md
        print(f"error: {e}", file=sys.stderr)
        return 2
    except (OSError, RuntimeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 3
    print(f"wrote {path}: {table.done} of {table.total} runs ({table.failed} failed); "
          f"{table.done - before} run now in {time.monotonic() - start:.1f} s")
    if table.failed:
        print("the failed runs' errors are in the table's error column")
    if interrupted:
        print(f"interrupted: the runs done are in {path}; the same command resumes the sweep", file=sys.stderr)
        return 130
    return 0
