#!/usr/bin/env python3
"""Independent reference for Zhang & Wang 2017, case 1 (examples/free_standing_body/case1_e-0.915.yaml).

The free-standing body on its two legs, written in its five minimal coordinates q = (x1, y1, θ1, θ2,
θ3) (the hinges are exact: no constraint equations, no Baumgarte terms), with the legs' tips on the
platform through the extended Hertz law F_N = max{K1 δ^n + c2 δ δ̇, 0} and Coulomb friction with μ0
(static) and μ (kinetic). Stick and slip are decided without a complementarity problem: a sticking
tip is one extra equation (its tangential acceleration equals the platform's), its force λ_T comes
out of the solve; at an event the few possible mode combinations are enumerated and the consistent
one is kept. Integrated by SciPy's Radau IIA method (the rotational dampers, c = 1e6 N m s on legs of
0.8 kg m² about their hinges, make the equations stiff), events located by SciPy.

At t = 0 the tips touch the platform with zero force; holding them would need friction at once,
so both start sliding.

Run by CTest (label long): `--cli` runs the library on the example and compares by number:
x_xd = x1 − x0 − x1(0) at the ends of the late platform periods (drift per period), and the instants
at which each tip sticks and slips within them. Exit status 1 on a mismatch.
"""
import argparse
import csv
import math
import os
import subprocess
import sys
import tempfile

import numpy as np
from scipy.integrate import solve_ivp

G = 9.81
M1, J1, ML, JL = 500.0, 4166.7, 10.0, 0.208
HINGES = (np.array([-2.5, -4.33]), np.array([4.33, -4.33]))  # on body 1, body frame (e = −0.915 m)
L0 = 0.25                                                       # hinge to leg centre; tip at 2 l0
REST = (math.radians(-60.0), math.radians(60.0))
K_SPRING, C_SPRING = 1e6, 1e6
K1, EXPONENT, C2 = 1e6, 1.5, 1e7
MU0, MU = 0.6, 0.48
X0, OMEGA = 0.8, math.pi

STICK, SLIP_POS, SLIP_NEG = 1, 2, 3


def platform(t):
    """x0, ẋ0, ẍ0 of the platform (y0 = 0)."""
    return X0 * math.sin(OMEGA * t), X0 * OMEGA * math.cos(OMEGA * t), -X0 * OMEGA ** 2 * math.sin(OMEGA * t)


def rot(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s], [s, c]])


def point_jacobian(q, leg, d):
    """Position, Jacobian (2 × 5) and J̇ q̇ of the point at distance d from hinge `leg` along leg."""
    th1, thi = q[2], q[3 + leg]
    a = HINGES[leg]
    Ra = rot(th1) @ a
    u = np.array([math.sin(thi), -math.cos(thi)])
    p = q[:2] + Ra + d * u
    J = np.zeros((2, 5))
    J[:, 0] = (1, 0)
    J[:, 1] = (0, 1)
    J[:, 2] = (-Ra[1], Ra[0])
    J[:, 3 + leg] = d * np.array([math.cos(thi), math.sin(thi)])
    return p, J, Ra, u


class Body:
    def __init__(self):
        self.modes = [STICK, STICK]

    def evaluate(self, t, y):
        """q̈, and per tip: N, λ_T (stuck) or friction force, slip velocity."""
        q, v = y[:5], y[5:]
        x0, v0, a0 = platform(t)
        M = np.diag([M1, M1, J1, JL, JL])
        f = np.array([0.0, -M1 * G, 0.0, 0.0, 0.0])
        tips = []
        for leg in range(2):
            _, Jc, Ra, u = point_jacobian(q, leg, L0)
            bias_c = -v[2] ** 2 * Ra - L0 * v[3 + leg] ** 2 * u          # J̇ q̇ of the leg centre
            M += ML * Jc.T @ Jc
            f += Jc.T @ np.array([0.0, -ML * G]) - ML * Jc.T @ bias_c
            torque = -K_SPRING * (q[3 + leg] - q[2] - REST[leg]) - C_SPRING * (v[3 + leg] - v[2])
            f[3 + leg] += torque
            f[2] -= torque
            p, Jt, Ra, u = point_jacobian(q, leg, 2 * L0)
            vel = Jt @ v
            delta, delta_dot = -p[1], -vel[1]
            N = max(K1 * delta ** EXPONENT + C2 * delta * delta_dot, 0.0) if delta > 0 else 0.0
            bias_t = -v[2] ** 2 * Ra - 2 * L0 * v[3 + leg] ** 2 * u
            tips.append({"J": Jt, "N": N, "vt": vel[0] - v0, "bias": bias_t, "delta": delta})
            f += Jt.T @ np.array([0.0, N])
            if self.modes[leg] != STICK:
                s = 1.0 if self.modes[leg] == SLIP_POS else -1.0
                f += Jt.T @ np.array([-MU * N * s, 0.0])
        stuck = [leg for leg in range(2) if self.modes[leg] == STICK]
        n = 5 + len(stuck)
        A = np.zeros((n, n))
        b = np.zeros(n)
        A[:5, :5] = M
        b[:5] = f
        for row, leg in enumerate(stuck):
            W = tips[leg]["J"][0]
            A[:5, 5 + row] = -W
            A[5 + row, :5] = W
            b[5 + row] = a0 - tips[leg]["bias"][0]
        x = np.linalg.solve(A, b)
        for row, leg in enumerate(stuck):
            tips[leg]["lambda"] = x[5 + row]
        for leg in range(2):
            tips[leg]["at"] = tips[leg]["J"][0] @ x[:5] + tips[leg]["bias"][0] - a0  # relative tangential accel.
        return x[:5], tips

    def rhs(self, t, y):
        qdd, _ = self.evaluate(t, y)
        return np.concatenate([y[5:], qdd])

    def event_value(self, t, y, leg):
        _, tips = self.evaluate(t, y)
        tip = tips[leg]
        if self.modes[leg] == STICK:
            return MU0 * tip["N"] - abs(tip["lambda"])
        return tip["vt"] * (1.0 if self.modes[leg] == SLIP_POS else -1.0)

    def consistent(self, t, y):
        """Whether the current modes hold at (t, y): stuck tips within the cone, slipping tips
        accelerating (relative to the platform) in their slip direction if they are at zero slip."""
        _, tips = self.evaluate(t, y)
        for leg in range(2):
            tip = tips[leg]
            if self.modes[leg] == STICK:
                if abs(tip["lambda"]) > MU0 * tip["N"] * (1 + 1e-9):
                    return False
            elif abs(tip["vt"]) < 1e-7:
                s = 1.0 if self.modes[leg] == SLIP_POS else -1.0
                if tip["at"] * s <= 0:
                    return False
        return True

    def decide(self, t, y, leg):
        """Mode of tip `leg` after its event (the other tip keeps its mode, checked). A located
        saturation leaves stick (the margin μ0 N − |λ_T| is falling through zero there), sliding in the
        direction its stick force pulled; a slip whose speed reached zero sticks if its stick force is
        inside the cone, else slides the way its relative acceleration goes."""
        options = [SLIP_POS, SLIP_NEG] if self.modes[leg] == STICK else [STICK, SLIP_POS, SLIP_NEG]
        base = list(self.modes)
        for mode in options:
            self.modes[leg] = mode
            if self.consistent(t, y):
                return
        self.modes = base
        raise RuntimeError(f"no consistent contact modes at t = {t}")


def simulate(t_end, rtol=1e-10, atol=1e-12):
    """Runs the reference; returns (times, x_xd) at every 1 ms and the list of (t, tip, kind)."""
    body = Body()
    # At t = 0 the tips touch with zero force: for t > 0 holding them would need a friction force
    # above μ0 N (the splaying legs push outwards while N is still building up), so both slide,
    # in the +x direction, from the start (the library finds the same 5 µs in).
    body.modes = [SLIP_POS, SLIP_POS]
    _, v0, _ = platform(0.0)
    q0 = np.array([0.0, 4.58, 0.0, REST[0], REST[1]])
    y = np.concatenate([q0, [v0, 0.0, 0.0, 0.0, 0.0]])
    t = 0.0
    out_t, out_x = [], []
    log = []
    x1_0 = y[0]
    grid = np.arange(0.0, t_end + 1e-9, 1e-3)
    while t < t_end - 1e-12:
        events = []
        for leg in range(2):
            def ev(tt, yy, leg=leg):
                return body.event_value(tt, yy, leg)
            ev.terminal, ev.direction = True, -1
            events.append(ev)
        t_eval = grid[(grid > t + 1e-12) & (grid <= t_end + 1e-12)]
        sol = solve_ivp(body.rhs, (t, t_end), y, method="Radau", rtol=rtol, atol=atol, events=events,
                        t_eval=t_eval, dense_output=False)
        if not sol.success:
            raise RuntimeError(sol.message)
        if len(sol.t):
            out_t.extend(sol.t)
            out_x.extend(sol.y[0] - np.array([platform(tt)[0] for tt in sol.t]) - x1_0)
        if sol.status != 1:
            break
        # The earliest event (its state), and every tip whose function is at zero there.
        t_hit = min(te[0] for te in sol.t_events if len(te))
        k = next(i for i, te in enumerate(sol.t_events) if len(te) and te[0] == t_hit)
        y = sol.y_events[k][0]
        t = t_hit
        before = list(body.modes)
        body.decide(t, y, k)
        for leg in range(2):
            if body.modes[leg] != before[leg]:
                kind = "stick" if body.modes[leg] == STICK else "slip" if before[leg] == STICK else "reversal"
                log.append((t, leg, kind))
    return np.array(out_t), np.array(out_x), log


def run_library(cli, model):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "run.csv")
        subprocess.run([cli, "run", model, "-o", out, "--output-interval", "0.001"], check=True,
                       stdout=subprocess.DEVNULL)
        with open(out) as f:
            rows = list(csv.DictReader(f))
        with open(os.path.join(d, "run.events.csv")) as f:
            events = list(csv.DictReader(f))
    t = np.array([float(r["t"]) for r in rows])
    x = np.array([float(r["body.x"]) - float(r["platform.x"]) for r in rows])
    return t, x - x[0], events


def compare(cli, model, t_end, period=2.0):
    """Library against reference; returns the list of mismatches (empty: pass)."""
    t_ref, x_ref, log = simulate(t_end)
    t_lib, x_lib, events = run_library(cli, model)
    bad = []
    # x_xd at the end of every period and the drift per period. Both integrate at rtol 1e-10 (library:
    # bdf with the example's tolerances; reference: Radau); the walk of a few cm per period is known
    # to 1e-6 m (measured agreement 1e-8 m).
    ends = [k * period for k in range(1, int(t_end / period + 1e-9) + 1)]
    def at(ts, xs, tt):
        return xs[int(np.argmin(np.abs(ts - tt)))]
    previous_ref = previous_lib = 0.0
    for tt in ends:
        xr, xl = at(t_ref, x_ref, tt), at(t_lib, x_lib, tt)
        print(f"t = {tt:5.1f} s  x_xd reference {xr:+.9f} m  library {xl:+.9f} m  drift of the period "
              f"{xr - previous_ref:+.9f} / {xl - previous_lib:+.9f} m")
        if abs(xr - xl) > 1e-6:
            bad.append(f"x_xd at t = {tt}: reference {xr}, library {xl}")
        previous_ref, previous_lib = xr, xl
    # Every stick, slip and reversal after the start-up (the library's first 5 µs: onset and the
    # breakaway of both tips at zero force), in order, at the same instant to 1e-7 s (events located
    # to 1e-12 s on trajectories known to rtol 1e-10; measured agreement 1e-9 s). Some instants of the
    # two tips lie 3 µs apart, so the order is a check in itself.
    names = ["tip_left", "tip_right"]
    lib = [(float(e["t"]), e["contact"], e["event"]) for e in events if float(e["t"]) > 1e-3]
    ref = [(te, names[leg], kind) for te, leg, kind in log if te > 1e-3]
    if len(lib) != len(ref):
        bad.append(f"{len(lib)} contact events in the library, {len(ref)} in the reference")
    for (tl, cl, kl), (tr, cr, kr) in zip(lib, ref):
        ok = cl == cr and kl == kr and abs(tl - tr) <= 1e-7
        print(f"{'  ' if ok else '!!'} {cr:9s} {kr:8s} reference {tr:.9f} s  library {cl} {kl} {tl:.9f} s")
        if not ok:
            bad.append(f"event {cr} {kr} at {tr}: library has {cl} {kl} at {tl}")
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", required=True, help="the stickslip command")
    ap.add_argument("--t-end", type=float, default=20.0, help="compare up to this time (the file runs 20 s)")
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    model = os.path.join(root, "examples", "free_standing_body", "case1_e-0.915.yaml")
    bad = compare(args.cli, model, args.t_end)
    for b in bad:
        print("MISMATCH:", b)
    print(f"free_standing_body reference: {'ok' if not bad else str(len(bad)) + ' mismatches'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
