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

Two starts, as the example file can be run:
- `initial: static_equilibrium` (the file as shipped): every body moving with the platform's velocity,
  the body at rest on its tips sunk into the platform, the tips held by friction where the file puts
  them; the equations are in `static_equilibrium` (solved here by fsolve, not read from the library).
  Each tip then sticks if μ0 N covers the friction that holds it, else slides (`start_modes`).
- `initial: as_given` (a copy of the file): the tips touch the platform with zero force; holding them
  would need friction at once, so both start sliding.

Run by CTest (label long): `--cli` runs the library on the example and on the copy, and compares each
by number with the reference from the same start: x_xd = x1 − x0 − x1(0) at the end of every platform
period (drift per period), the modes at t = 0 and the instants at which each tip sticks and slips.
It prints both starts side by side and the reference's values of the case-1 figures the example's
README quotes. Exit status 1 on a mismatch.
"""
import argparse
import csv
import itertools
import math
import os
import subprocess
import sys
import tempfile

import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import fsolve

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

    def loads(self, t, y):
        """M(q), the generalised forces f(t, q, q̇) but the sticking tips' friction, and per tip its
        Jacobian, N, slip velocity, J̇ q̇ and penetration."""
        q, v = y[:5], y[5:]
        _, v0, _ = platform(t)
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
        return M, f, tips

    def evaluate(self, t, y):
        """q̈, and per tip: N, λ_T (stuck) or friction force, slip velocity."""
        M, f, tips = self.loads(t, y)
        a0 = platform(t)[2]
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


def static_equilibrium(q_given):
    """The start `initial: static_equilibrium` asks for, in the reference's own coordinates.

    Unknowns: q = (x1, y1, θ1, θ2, θ3) and the tips' friction forces λ_1, λ_2 (along +x, on the
    tips). At t = 0 every body moves with the platform (q̇ = (ẋ0(0), 0, 0, 0, 0)) and the platform
    does not accelerate (ẍ0(0) = 0), so the rates vanish from every force (the dampers' relative
    rates, the Hertz term c2 δ δ̇, the J̇ q̇ terms) and rest relative to the platform needs
    Q(q) = 0:
        Q(q) = Σ_b J_b(q)ᵀ (0, −m_b g)                        gravity on the body and the legs' centres
             + k (θ_i − θ1 − θ_i0) (e_θ1 − e_θi)   (i = 2, 3)    the rotational springs
             + Σ_tips J_tip(q)ᵀ (λ_tip, K1 δ_tip(q)ⁿ),          δ_tip = −y_tip(q) (platform at y0 = 0),
    and the tips held by friction where they stand:
        x_tip(q) = x_tip(q_given)                               (two equations).
    Seven equations in seven unknowns, solved by fsolve from the body sunk by the depth at which an
    even share of the weight balances K1 δⁿ; returns (q, λ, N)."""
    body = Body()
    body.modes = [STICK, STICK]                 # no slip friction in `loads`: λ stands for it
    v = np.array([platform(0.0)[1], 0.0, 0.0, 0.0, 0.0])
    tip_x = [point_jacobian(q_given, leg, 2 * L0)[0][0] for leg in range(2)]
    weight = (M1 + 2 * ML) * G

    def residual(z):
        q, lam = z[:5], z[5:]
        _, f, tips = body.loads(0.0, np.concatenate([q, v]))
        for leg in range(2):
            f = f + tips[leg]["J"][0] * lam[leg]
        held = [point_jacobian(q, leg, 2 * L0)[0][0] - tip_x[leg] for leg in range(2)]
        return np.concatenate([f / weight, held])  # forces in units of the weight, positions in m

    share = (weight / 2 / K1) ** (1 / EXPONENT)
    guess = np.concatenate([q_given - [0.0, share, 0.0, 0.0, 0.0], [0.0, 0.0]])
    z, _, _, message = fsolve(residual, guess, xtol=1e-12, full_output=True)
    # Solved to near rounding (it reaches 1e-13): the forces to 1e-12 of the weight, the tips to 1e-12 m.
    if np.max(np.abs(residual(z))) > 1e-12:
        raise RuntimeError(f"static equilibrium: {message} (residual {np.max(np.abs(residual(z)))})")
    q, lam = z[:5], z[5:]
    _, _, tips = body.loads(0.0, np.concatenate([q, v]))
    return q, lam, [tips[leg]["N"] for leg in range(2)]


def start_modes(body, t, y):
    """The tips' modes at a start at rest: each sticks if friction within μ0 N holds it, else
    slides; the first combination that `consistent` accepts, sticking preferred (as `decide`)."""
    for modes in itertools.product([STICK, SLIP_POS, SLIP_NEG], repeat=2):
        body.modes = list(modes)
        if body.consistent(t, y):
            return
    raise RuntimeError(f"no consistent contact modes at t = {t}")


def initial_state(start):
    """(body with its modes, y0, description) for `initial: as_given` or `static_equilibrium`."""
    body = Body()
    _, v0, _ = platform(0.0)
    q_given = np.array([0.0, 4.58, 0.0, REST[0], REST[1]])
    if start == "as_given":
        # The tips touch with zero force: for t > 0 holding them would need a friction force above
        # μ0 N (the splaying legs push outwards while N is still building up), so both slide, in the
        # +x direction, from the start (the library finds the same 5 µs in).
        body.modes = [SLIP_POS, SLIP_POS]
        return body, np.concatenate([q_given, [v0, 0.0, 0.0, 0.0, 0.0]]), {}
    q, lam, N = static_equilibrium(q_given)
    y = np.concatenate([q, [v0, 0.0, 0.0, 0.0, 0.0]])
    # The start is at rest in the reference's own dynamics: with both tips stuck nothing accelerates
    # and the stick forces are the equilibrium's (a slip between the two sets of equations would
    # show at the scale of the loads; rounding leaves 1e-12 of them).
    body.modes = [STICK, STICK]
    qdd, tips = body.evaluate(0.0, y)
    weight = (M1 + 2 * ML) * G
    assert np.max(np.abs(body.loads(0.0, y)[0] @ qdd)) < 1e-6 * weight, qdd
    assert max(abs(tips[leg]["lambda"] - lam[leg]) for leg in range(2)) < 1e-6 * weight
    start_modes(body, 0.0, y)
    return body, y, {"q": q, "lambda": lam, "N": N}


def simulate(t_end, start, rtol=1e-10, atol=1e-12):
    """Runs the reference from `start` ("as_given" or "static_equilibrium"); returns a dict: t, x_xd
    and y1 at every 1 ms, the list `log` of (t, tip, kind), the start's modes and state."""
    body, y, equilibrium = initial_state(start)
    run = {"start_modes": list(body.modes), "y0": y.copy(), "equilibrium": equilibrium}
    t = 0.0
    out_t, out_x, out_y = [], [], []
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
            out_y.extend(sol.y[1])
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
    run.update(t=np.array(out_t), x_xd=np.array(out_x), y1=np.array(out_y), log=log)
    return run


NAMES = ["tip_left", "tip_right"]
MODE_NAMES = {STICK: "stick", SLIP_POS: "slip+", SLIP_NEG: "slip-"}
PERIOD = 2 * math.pi / OMEGA


def run_library(cli, model, t_end):
    """The library's run of `model` at 1 ms to t_end: t, x_xd, its first row (the start) and its event
    log."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "run.csv")
        subprocess.run([cli, "run", model, "-o", out, "--output-interval", "0.001", "--t-end", repr(t_end)],
                       check=True, stdout=subprocess.DEVNULL)
        with open(out) as f:
            rows = list(csv.DictReader(f))
        with open(os.path.join(d, "run.events.csv")) as f:
            events = list(csv.DictReader(f))
    t = np.array([float(r["t"]) for r in rows])
    x = np.array([float(r["body.x"]) - float(r["platform.x"]) for r in rows])
    return t, x - x[0], rows[0], events


def as_given_copy(model, directory):
    """A copy of the example that starts as written, tips just touching (`initial: as_given`)."""
    with open(model, encoding="utf-8") as f:
        text = f.read()
    assert text.count("initial: static_equilibrium") == 1, model
    path = os.path.join(directory, "case1_as_given.yaml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace("initial: static_equilibrium", "initial: as_given"))
    return path


def print_start(ref, first):
    """The two starts side by side: coordinates, tip positions, normal and friction forces."""
    q = ref["y0"][:5]
    lib_q = [float(first[k]) for k in ("body.x", "body.y", "body.theta", "leg_left.theta", "leg_right.theta")]
    print("start      " + "  ".join(f"{n:>16s}" for n in ("x1", "y1", "θ1", "θ2", "θ3")))
    print("reference  " + "  ".join(f"{v:+16.9e}" for v in q))
    print("library    " + "  ".join(f"{v:+16.9e}" for v in lib_q))
    lam = ref["equilibrium"].get("lambda")
    for leg, name in enumerate(NAMES):
        tip = point_jacobian(q, leg, 2 * L0)[0]
        th = float(first[f"leg_{name[4:]}.theta"])
        lib_tip_x = float(first[f"leg_{name[4:]}.x"]) + L0 * math.sin(th)
        ref_ft = f"{lam[leg]:+.6e} N (μ0 N = {MU0 * ref['equilibrium']['N'][leg]:.6e} N)" if lam is not None else "-"
        print(f"{name:9s}  x_tip reference {tip[0]:+.9f} m  library {lib_tip_x:+.9f} m;  δ reference {-tip[1]:.9f} m"
              f"  library {-float(first[name + '.gap']):.9f} m;  friction to hold it: reference {ref_ft},"
              f"  library {float(first[name + '.ft']):+.6e} N;  mode at t = 0 reference "
              f"{MODE_NAMES[ref['start_modes'][leg]]}")


def compare(cli, model, t_end, start):
    """Library on `model` against the reference from `start`; returns (mismatches, reference run)."""
    ref = simulate(t_end, start)
    t_lib, x_lib, first, events = run_library(cli, model, t_end)
    print(f"--- start: {start} ({os.path.basename(model)})")
    print_start(ref, first)
    bad = []
    # x_xd at the end of every period and the drift per period. Both integrate at rtol 1e-10 (library:
    # bdf with the example's tolerances; reference: Radau); the walk of a few cm per period is known
    # to 1e-6 m (measured agreement 1e-8 m).
    ends = [k * PERIOD for k in range(1, int(t_end / PERIOD + 1e-9) + 1)]
    def at(ts, xs, tt):
        return xs[int(np.argmin(np.abs(ts - tt)))]
    previous_ref = previous_lib = 0.0
    for tt in ends:
        xr, xl = at(ref["t"], ref["x_xd"], tt), at(t_lib, x_lib, tt)
        print(f"t = {tt:5.1f} s  x_xd reference {xr:+.9f} m  library {xl:+.9f} m  drift of the period "
              f"{xr - previous_ref:+.9f} / {xl - previous_lib:+.9f} m")
        if abs(xr - xl) > 1e-6:
            bad.append(f"x_xd at t = {tt}: reference {xr}, library {xl}")
        previous_ref, previous_lib = xr, xl
    # Every stick, slip and reversal, in order, at the same instant to 1e-7 s (events located to
    # 1e-12 s on trajectories known to rtol 1e-10; measured agreement 1e-9 s). Some instants of the
    # two tips lie 3 µs apart, so the order is a check in itself.
    if start == "as_given":
        # After the start-up: the library's first 5 µs (onset at zero force and the breakaway of both
        # tips), which the reference begins past with both tips sliding.
        t_from = 1e-3
    else:
        # At rest nothing starts up: the modes at t = 0 and every event after. The library logs each
        # tip's onset at t = 0 (to stick) and, when μ0 N cannot hold it, its slip at t = 0 right after:
        # a tip's mode at t = 0 is the last one logged then.
        t_from = 0.0
        lib_modes = {e["contact"]: e["to"] for e in events if float(e["t"]) == 0.0}
        for leg, name in enumerate(NAMES):
            mode = MODE_NAMES[ref["start_modes"][leg]]
            ok = lib_modes.get(name) == mode
            print(f"{'  ' if ok else '!!'} {name:9s} at t = 0: reference {mode}, library {lib_modes.get(name)}")
            if not ok:
                bad.append(f"{name} at t = 0: reference {mode}, library {lib_modes.get(name)}")
    lib = [(float(e["t"]), e["contact"], e["event"]) for e in events if float(e["t"]) > t_from]
    ref_events = [(te, NAMES[leg], kind) for te, leg, kind in ref["log"] if te > t_from]
    if len(lib) != len(ref_events):
        bad.append(f"{len(lib)} contact events in the library, {len(ref_events)} in the reference")
    for (tl, cl, kl), (tr, cr, kr) in itertools.zip_longest(lib, ref_events, fillvalue=(math.nan, "-", "-")):
        ok = cl == cr and kl == kr and abs(tl - tr) <= 1e-7
        print(f"{'  ' if ok else '!!'} {cr:9s} {kr:8s} reference {tr:.9f} s  library {cl} {kl} {tl:.9f} s")
        if not ok:
            bad.append(f"event {cr} {kr} at {tr}: library has {cl} {kl} at {tl}")
    return bad, ref


def readme_figures(static, touching, t_end):
    """The reference's values of the case-1 figures examples/free_standing_body/README.md quotes
    (its readme_numbers.py computes them from the library's runs, sampled every 10 ms)."""
    q = static["y0"][:5]
    sink = max(-point_jacobian(q, leg, 2 * L0)[0][1] for leg in range(2))
    print(f"README figures from the reference: the tips start sunk by {100 * sink:.1f} cm")
    every_10ms = np.round(static["t"] * 1000).astype(int) % 10 == 0
    ts, xs = static["t"][every_10ms], static["x_xd"][every_10ms]
    def mean(t0):
        return xs[(ts >= t0 - 1e-9) & (ts < t0 + PERIOD - 1e-9)].mean()
    starts = [t0 for t0 in (10.0, 12.0, 14.0, 16.0) if t0 + 2 * PERIOD <= t_end + 1e-9]
    walk = [100 * (mean(t0 + PERIOD) - mean(t0)) for t0 in starts]
    print(f"  walk per period from 10 s: {', '.join(f'{w:.2f}' for w in walk)} cm")
    assert np.array_equal(touching["t"], static["t"])
    tt = ts
    depth0 = touching["y0"][1] - static["y0"][1]
    depth = touching["y1"][every_10ms] - static["y1"][every_10ms]
    half = tt[np.argmax(np.abs(depth) < depth0 / 2)]
    far = np.nonzero(np.abs(depth) >= 1e-4)[0]
    within = f"{tt[far[-1] + 1]:.1f}" if len(far) == 0 or far[-1] + 1 < len(tt) else "(not yet)"
    print(f"  as given: the body sinks {100 * depth0:.1f} cm (half of it in {half:.2f} s, to within 0.1 mm of its"
          f" rest depth after {within} s); x_xd at {t_end:g} s is {touching['x_xd'][-1]:.3f} m"
          f" instead of {static['x_xd'][-1]:.3f} m")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", required=True, help="the stickslip command")
    ap.add_argument("--t-end", type=float, default=20.0, help="compare up to this time (the file runs 20 s)")
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    model = os.path.join(root, "examples", "free_standing_body", "case1_e-0.915.yaml")
    bad = {}
    with tempfile.TemporaryDirectory() as d:
        bad["static_equilibrium"], static = compare(args.cli, model, args.t_end, "static_equilibrium")
        bad["as_given"], touching = compare(args.cli, as_given_copy(model, d), args.t_end, "as_given")
    readme_figures(static, touching, args.t_end)
    for start, mismatches in bad.items():
        for b in mismatches:
            print(f"MISMATCH ({start}):", b)
        print(f"free_standing_body reference, start {start}: "
              f"{'ok' if not mismatches else str(len(mismatches)) + ' mismatches'}")
    return 1 if any(bad.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
