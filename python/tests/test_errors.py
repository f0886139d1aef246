"""Errors from Python are stickslip.InputError, ModelError and NumericalError with the command
line's messages; Ctrl-C stops a run with the rows computed so far; the GIL is released while it runs."""
import os
import signal
import subprocess
import threading

import pytest

import stickslip
from conftest import SOURCE, example

def cli_error(cli, model_path, *options):
    """The command line's exit status and its `error: ...` message (first line)."""
    p = subprocess.run([cli, "run", model_path, "-o", os.devnull, "-q", *options], capture_output=True, text=True)
    line = p.stderr.splitlines()[0]
    assert line.startswith("error: ")
    return p.returncode, line[len("error: "):]


def test_input_errors_carry_the_command_lines_message(cli, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(open(example("simple_pendulum", "simple_pendulum.yaml")).read().replace("mass: 1.0", "mass: -1.0"))
    with pytest.raises(stickslip.InputError) as e:
        stickslip.Model.load(str(bad)).run()
    status, message = cli_error(cli, str(bad))
    assert status == 2 and str(e.value) == message
    assert (e.value.file, e.value.line, e.value.path) == (str(bad), 7, "bodies[0].mass")
    assert e.value.message == "must be > 0, got -1.0"
    assert isinstance(e.value, ValueError)  # an InputError is also a ValueError
    # A YAML syntax error, an unknown key, a change refused: all InputError, nothing changed.
    with pytest.raises(stickslip.InputError, match="YAML syntax error"):
        stickslip.Model.from_yaml("bodies: [", name="text.yaml")
    model = stickslip.Model.load(example("simple_pendulum", "simple_pendulum.yaml"))
    with pytest.raises(stickslip.InputError, match=r"simple_pendulum.yaml:6:5: bodies\[0\].mass: must be > 0"):
        model.set("bodies.bob.mass", 0)
    assert model.get("bodies.bob.mass") == 1.0
    with pytest.raises(stickslip.InputError, match="no entry named 'rod' in this list \\(entries: bob\\)"):
        model.get("bodies.rod.mass")
    with pytest.raises(stickslip.InputError, match=r"<dict>: bodies\[0\].mass: must be > 0"):
        stickslip.Model.from_dict({"bodies": [{"name": "b", "mass": 0, "inertia": 1}]}).check()


def test_a_model_is_checked_as_soon_as_it_is_made(tmp_path):
    """Model.load, from_yaml and from_dict check the whole model at once: a typo is an InputError
    there, with its line and key, not at run()."""
    text = open(example("simple_pendulum", "simple_pendulum.yaml")).read().replace("mass:", "mas:")
    typo = tmp_path / "typo.yaml"
    typo.write_text(text)
    for make in (lambda: stickslip.Model.load(str(typo)), lambda: stickslip.Model.from_yaml(text, name="typo.yaml")):
        with pytest.raises(stickslip.InputError, match=r"typo.yaml:7:5: bodies\[0\].mas: unknown key 'mas' "
                                                       r"\(did you mean 'mass'\?") as e:
            make()
        assert (e.value.line, e.value.path) == (7, "bodies[0].mas")
    with pytest.raises(stickslip.InputError, match=r"<dict>: bodies\[0\]: missing key 'inertia'"):
        stickslip.Model.from_dict({"bodies": [{"name": "b", "mass": 1}]})
    built = stickslip.Model()  # built entry by entry: checked when it runs, or by check()
    built.add("bodies", {"name": "b", "mass": 1})
    with pytest.raises(stickslip.InputError, match="missing key 'inertia'"):
        built.check()


def test_run_options_are_checked_like_the_command_line():
    model = stickslip.Model.load(example("simple_pendulum", "simple_pendulum.yaml"))
    for options, name in (({"rtol": -1}, "rtol"), ({"dt": 0}, "dt"), ({"scheme": "implicit"}, "scheme"),
                          ({"integrator": "euler"}, "integrator"), ({"t_end": 0}, "t_end"),
                          ({"baumgarte": (1, -2)}, "baumgarte"), ({"output_interval": -1}, "output_interval")):
        with pytest.raises(stickslip.InputError) as e:
            model.run(**options)
        assert e.value.path == name and str(e.value).startswith(name + " ")


def test_a_scheme_refusing_the_model_is_a_model_error(cli):
    path = os.path.join(SOURCE, "tests", "data", "rigid_ball.yaml")  # the compliant scheme refuses it
    with pytest.raises(stickslip.ModelError) as e:
        stickslip.Model.load(str(path)).run()
    status, message = cli_error(cli, str(path))
    assert status == 2 and str(e.value) == message
    assert "--scheme event-driven" in str(e.value) and e.value.line > 0
    result = stickslip.Model.load(str(path)).run(scheme="event-driven")
    assert result.events["event"][0] == "impact"


def test_a_numerical_failure_keeps_the_rows_before_it(cli):
    path = os.path.join(SOURCE, "tests", "data", "lockup.yaml")  # locks up at t = 0.2527 s
    with pytest.raises(stickslip.NumericalError) as e:
        stickslip.Model.load(str(path)).run()
    status, message = cli_error(cli, str(path))
    assert status == 1 and str(e.value) == message
    assert 0.25 < e.value.t < 0.26 and e.value.step > 0 and e.value.element in ("joint pin", "joint wrist")
    partial = e.value.result
    assert partial.summary is None and len(partial) == 26  # rows at 0, 0.01, ..., 0.25
    assert partial.t[-1] == pytest.approx(0.25, abs=1e-12)


def test_a_numerical_failure_carries_the_warnings_before_it(cli):
    """The warnings the command line prints before its error are the NumericalError's `warnings`."""
    path = os.path.join(SOURCE, "tests", "data", "lockup.yaml")
    with pytest.raises(stickslip.NumericalError) as e:
        stickslip.Model.load(str(path)).run(integrator="bdf", projection=True)
    assert any("projection restarts bdf" in w for w in e.value.warnings), e.value.warnings
    p = subprocess.run([cli, "run", str(path), "-o", os.devnull, "--integrator", "bdf", "--projection"],
                       capture_output=True, text=True)
    printed = [line[len("warning: "):] for line in p.stderr.splitlines() if line.startswith("warning: ")]
    # The slow-steps warning depends on wall time (it estimates the hours left at the run's pace, and
    # is given only when that exceeds a minute), so two runs of one model may differ in it alone.
    def deterministic(warnings):
        return [w for w in warnings if "the steps have collapsed" not in w]
    assert p.returncode == 1 and deterministic(printed) == deterministic(e.value.warnings)
    assert len(e.value.result) > 0 and e.value.result.summary is None


# The pendulum over 1e5 s (about a minute of computing): every test below stops it early.
def long_run(**options):
    return stickslip.Model.load(example("simple_pendulum", "simple_pendulum.yaml")).run(
        t_end=1e5, output_interval=1, **options)


def test_ctrl_c_stops_a_run_with_the_rows_so_far():
    started = threading.Event()

    def interrupt():
        started.wait()
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=interrupt).start()
    with pytest.raises(KeyboardInterrupt) as e:
        long_run(progress=lambda t: started.set())
    partial = e.value.result
    assert 0 < partial.t[-1] < 1e5  # stopped inside the run
    assert partial.summary["stopped"] and partial.summary["stopped_at_step"] > 0


class Stop(Exception):
    pass


def test_the_gil_is_released_while_a_run_computes():
    # The progress callback wakes the main thread; with the GIL held by the run, the main thread
    # could only run again once the run had returned. The callback's exception then ends the run.
    woken, checked, returned = threading.Event(), threading.Event(), threading.Event()
    seen = []

    def progress(t):
        woken.set()
        if checked.is_set():
            raise Stop()

    def run():
        try:
            long_run(progress=progress)
        except Stop as e:
            seen.append(("stopped", e.result.t[-1] > 0))
        returned.set()

    worker = threading.Thread(target=run)
    worker.start()
    woken.wait()
    seen.append(returned.is_set())
    checked.set()
    worker.join()
    assert seen == [False, ("stopped", True)]
