"""The exceptions of stickslip, with the messages of the `stickslip` command line.

InputError   a malformed or non-physical model (or sweep) file, a bad option: `file`, `line`,
             `column` (0 when unknown), `path` (the key, "bodies[2].mass"), `message`.
ModelError   a model the chosen scheme cannot take (a rigid contact in the compliant scheme,
             redundant constraints refused); located in the file like an InputError.
NumericalError  the computation failed: `t`, `step`, `element` (the model element at fault),
             `result`, the rows and events computed before the failure, and `warnings`, the run's
             warnings before it (those the command line prints).
"""


class Error(Exception):
    """Base class of the errors raised by stickslip."""


class InputError(Error, ValueError):
    """Bad input; the command line exits with status 2 for it."""

    file = ""
    line = 0
    column = 0
    path = ""
    message = ""


class ModelError(InputError):
    """A model the scheme cannot take; status 2 on the command line."""


class NumericalError(Error, ArithmeticError):
    """The simulation failed; status 1 on the command line."""

    t = float("nan")
    step = -1
    element = ""
    message = ""
    result = None
    warnings = ()


class SimulationWarning(UserWarning):
    """A warning of the simulation (the command line prints it as `warning: ...`)."""
