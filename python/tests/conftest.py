"""Paths the Python tests need: the source tree (examples), the command line (to compare with), and
a PYTHONPATH that lets Dask's worker processes import the same stickslip package."""
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.environ.get("STICKSLIP_SOURCE_DIR", os.path.normpath(os.path.join(HERE, "..", "..")))
CLI = os.environ.get("STICKSLIP_CLI", os.path.join(SOURCE, "build", "bin", "stickslip"))

import stickslip  # noqa: E402  (from PYTHONPATH: the build tree's python/ folder)

PACKAGE_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(stickslip.__file__)))
if PACKAGE_PARENT not in os.environ.get("PYTHONPATH", "").split(os.pathsep):
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [PACKAGE_PARENT, os.environ.get("PYTHONPATH")]))


def example(*parts):
    return os.path.join(SOURCE, "examples", *parts)


@pytest.fixture
def source():
    return SOURCE


@pytest.fixture
def cli():
    return CLI


sys.path.insert(0, HERE)
