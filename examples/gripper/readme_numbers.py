#!/usr/bin/env python3
"""Regenerates the figures of this folder's README.md (between its readme_numbers.py markers): runs
gripper.py's controller, with the Python module of the build the --stickslip command belongs to.
usage: examples/gripper/readme_numbers.py [--stickslip PATH] [--check]"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from quoted_figures import main  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

# Run inside the module's interpreter: gripper.py's controller and slip measure.
PROBE = """
import sys, warnings
sys.path.insert(0, {here!r})
import numpy as np, stickslip, gripper
warnings.simplefilter("ignore")
model = stickslip.Model.load({model!r})
result = stickslip.Simulation(model, controller=gripper.controller, t_end=gripper.T_END).run()
slip, k0 = gripper.slip_in_grip(result)
t, angle, motor = result["t"], result["yaw_lower.gap"] - 1.2, result["yaw_motor.effort"]
swing, hold = (t >= gripper.T_SWING) & (t <= gripper.T_SWING + gripper.PHASE), t >= 2.8
print(result["cube.z"][-1] - result["cube.z"][0], np.abs(slip[k0:, 0]).max(), np.abs(slip[k0:, 2]).max(),
      result.summary["complementarity_unconverged"], np.abs(motor[swing]).max(), angle[-1], motor[-1],
      result["yaw.ff"][-1], np.ptp(angle[hold]), np.abs(result["yaw.vt"][hold]).max())
"""


def probe(run):
    module = os.path.join(os.path.dirname(os.path.dirname(run.cli)), "python")  # build/bin/stickslip -> build/python
    code = PROBE.format(here=HERE, model=os.path.join(HERE, "gripper.yaml"))
    out = subprocess.run(["/usr/bin/python3", "-P", "-c", code], env=dict(os.environ, PYTHONPATH=module),
                         check=True, capture_output=True, text=True).stdout.split()
    return [float(x) for x in out]


def compute(run):
    lift, sx, sz, left, peak, angle, motor, friction, drift, rate = probe(run)
    return ("| cube's rise | largest slip in the grip since the lift began, along x and z | contact problems left above the tolerance |\n"
            "|---|---|---|\n"
            f"| {lift:.6f} m | {sx:.1e} m, {sz:.1e} m | {left:.0f} |\n\n"
            "| turret's largest motor torque in the swing | its final angle | motor torque at the end, bearing's friction torque | angle's change and largest rate from 2.8 s |\n"
            "|---|---|---|---|\n"
            f"| {peak:.3f} N m | {angle:.6f} rad | {motor:.4f} N m, {friction:.4f} N m | {drift:.1e} rad, {rate:.1e} rad/s |")

if __name__ == "__main__":
    sys.exit(main(__file__, compute))
