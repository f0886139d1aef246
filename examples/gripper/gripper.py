#!/usr/bin/env python3
"""The gripper example (README.md beside it): a PD controller in Python drives the four joint motors of
gripper.urdf between the time steps of stickslip's time-stepping scheme. The fingers close on the
cube with a squeeze of SQUEEZE newtons each, the carriage lifts it by LIFT metres, the turret swings it
by SWING radians and the arm holds it: friction alone keeps it in the grip.

Writes the run (CSV, event log, contact points) and a figure of the cube's slip in the grip.
usage: gripper.py [--out FOLDER]     (run `make build` first)
"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.append(os.path.join(ROOT, "build", "python"))  # the module as `make build` leaves it, unless PYTHONPATH names one

import numpy as np  # noqa: E402
import stickslip  # noqa: E402

SQUEEZE = 10.0          # each finger's force on the cube once closed [N]
LIFT, SWING = 0.1, 0.8  # the carriage's rise [m] and the turret's turn [rad]
T_GRIP, T_LIFT, T_SWING, T_END = 0.4, 0.6, 1.6, 3.5  # phases: close, lift, swing, hold [s]
PHASE = 1.0             # the lift and the swing each take a second
# The load the lift carries: carriage, fingers and cube [kg] (gripper.urdf; the cube: 4 cm of aluminium).
LIFTED = 0.5 + 2 * 0.05 + 2700 * 0.04 ** 3
# The Coulomb friction of the turret's bearing [N m] (gripper.urdf's <dynamics friction>), which the
# turret's plain PD does not compensate: the turret stops where the PD's torque falls inside it.
YAW_FRICTION = 0.2


def smooth(t, t0):
    """0 before t0, 1 a PHASE later, a quintic in between (zero speed and acceleration at both ends);
    returns the value and its rate."""
    s = min(max((t - t0) / PHASE, 0.0), 1.0)
    return s ** 3 * (10 - 15 * s + 6 * s * s), 30 * s * s * (1 - s) ** 2 / PHASE


def controller(sim):
    t = sim.t
    # Each finger presses with the squeeze, ramped up over the first PHASE / 4 (so the fingers close
    # gently), with a little damping; a centring term on the difference of the two slides keeps the
    # pair, and the cube between them, at the carriage's middle, as a parallel gripper's linkage does.
    # (The efforts are explicit in the step: gains with h c / m well below 1 for the 50 g fingers.)
    slide = {side: sim[f"{side}_slide_lower.gap"] for side in ("left", "right")}
    rate = {side: sim[f"{side}_slide_lower.vn"] for side in ("left", "right")}
    off_centre = 500.0 * (slide["left"] - slide["right"]) + 5.0 * (rate["left"] - rate["right"])
    squeeze = SQUEEZE * smooth(4 * t, 0.0)[0]
    for side, sign in (("left", -1.0), ("right", 1.0)):
        sim.set_actuator(f"{side}_motor", squeeze - 2.0 * rate[side] + sign * off_centre)
    # The slide and the angle are the stops' gaps (lower limits 0 and -1.2 rad), their rates the stops' vn.
    s, ds = smooth(t, T_LIFT)
    lift = 9.81 * LIFTED + 4000.0 * (LIFT * s - sim["lift_lower.gap"]) + 120.0 * (LIFT * ds - sim["lift_lower.vn"])
    sim.set_actuator("lift_motor", lift if t >= T_GRIP else 0.0)
    a, da = smooth(t, T_SWING)
    yaw = 40.0 * (SWING * a - (sim["yaw_lower.gap"] - 1.2)) + 8.0 * (SWING * da - sim["yaw_lower.vn"])
    sim.set_actuator("yaw_motor", yaw)


def quat_rotate_inverse(q, v):
    """R(q)ᵀ v for unit quaternions q = (w, x, y, z) in rows."""
    w, u = q[:, :1], q[:, 1:]
    t = 2.0 * np.cross(u, v)
    return v - w * t + np.cross(u, t)


def slip_in_grip(result):
    """The cube's centre relative to the fingers (the midpoint of the two), in the carriage's frame,
    less its value when the lift starts [m]: zero while the grip holds, whatever the arm does. (Along
    y, across the pads, it moves only with the pads' penetration; x and z are the slip.)"""
    col = lambda body, keys: np.stack([result[f"{body}.{k}"] for k in keys], axis=1)  # noqa: E731
    fingers = 0.5 * (col("left_finger", "xyz") + col("right_finger", "xyz"))
    rel = quat_rotate_inverse(col("carriage", ("qw", "qx", "qy", "qz")), col("cube", "xyz") - fingers)
    k0 = int(np.searchsorted(result["t"], T_LIFT))
    return rel - rel[k0], k0


def run(out):
    os.makedirs(out, exist_ok=True)
    model = stickslip.Model.load(os.path.join(HERE, "gripper.yaml"))
    sim = stickslip.Simulation(model, controller=controller, t_end=T_END)
    result = sim.run()
    result.to_pandas().to_csv(os.path.join(out, "gripper.csv"), index=False)
    return result


def figure(result, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    slip, k0 = slip_in_grip(result)
    t = result["t"]
    fig, ax = plt.subplots(1, 3, figsize=(15, 4))
    ax[0].plot(t, result["cube.z"] - result["cube.z"][0], label="cube's rise")
    ax[0].plot(t, result["yaw_lower.gap"] - 1.2, label="turret's angle [rad]")
    ax[0].set_ylabel("rise [m], angle [rad]")
    ax[0].set_title("the arm lifts the cube and swings it round")
    for k, axis in enumerate("xyz"):
        ax[1].plot(t[k0:], 1e6 * slip[k0:, k], label=f"{axis} (carriage frame)")
    ax[1].set_ylabel("cube in the grip, since the lift began [µm]")
    ax[1].set_title("slip in the grip (zero while it holds)")
    ax[2].plot(t, result["yaw_motor.effort"], label="motor")
    ax[2].plot(t, result["yaw.ff"], label="bearing's friction")
    for bound in (-YAW_FRICTION, YAW_FRICTION):
        ax[2].axhline(bound, color="grey", linestyle="--", linewidth=0.8)
    ax[2].set_ylabel("torque about the turret's axis [N m]")
    ax[2].set_title(f"the turret's bearing (friction within ±{YAW_FRICTION} N m)")
    for a in ax:
        a.set_xlabel("t [s]")
        a.grid(True, linewidth=0.3)
        a.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main():
    out = sys.argv[sys.argv.index("--out") + 1] if "--out" in sys.argv else os.path.join(ROOT, "results", "gripper")
    result = run(out)
    figure(result, os.path.join(out, "gripper.png"))
    slip, k0 = slip_in_grip(result)
    lifted = result["cube.z"][-1] - result["cube.z"][0]
    print(f"cube lifted by {lifted:.6f} m and turned by {result['yaw_lower.gap'][-1] - 1.2:.6f} rad")
    print(f"largest slip in the grip since the lift began: along x {np.abs(slip[k0:, 0]).max():.2e} m, "
          f"along z {np.abs(slip[k0:, 2]).max():.2e} m (across the pads, y: {np.abs(slip[k0:, 1]).max():.2e} m)")
    print(f"figure: {os.path.join(out, 'gripper.png')}")

if __name__ == "__main__":
    main()
