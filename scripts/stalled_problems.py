#!/usr/bin/env python3
"""What other methods make of the contact problems a time-stepping run left above its tolerance.

usage: PYTHONPATH=build/python scripts/stalled_problems.py FOLDER [--sweeps N] [--newton N] [--polish [--eps E]]
                                                       [--proximal ROUNDS [--alpha A]] [--only K ...]

FOLDER is what `stickslip run MODEL --dump-unconverged FOLDER` wrote (one step_N/ per problem). For
each problem it prints its size (rows, closed contacts, the rank of W on their rows), then
  sweeps:  plain nonsmooth Gauss-Seidel continued from the accepted impulses (the residual every
           N/6 sweeps): does the iterate converge slowly, or not at all?
  newton:  a semismooth Newton method on the natural map F(p) = p - proj(p - D⁻¹(W p + b)) (D the
           diagonal of W, as a Gauss-Seidel row update scales it), least-norm steps and an Armijo
           search on |F|², from the accepted impulses;
  lemke:   stickslip's Lemke on the lifted LCP of the closed contacts (planar contacts only);
  polish:  Lemke on the lifted LCP of W + eps I (eps = --eps of W's largest diagonal entry: a
           regularised problem whose solution is unique), then the least-norm correction of its answer
           onto the equalities of the face it identifies (open, sticking or sliding per contact): an
           exact solution of the original problem when the face is right;
  proximal: the proximal point method (Rockafellar 1976): round k solves the problem of W + alpha I
           and b - alpha p_k, whose impulses are unique, by full semismooth Newton steps on Alart and
           Curnier's function (Alart & Curnier 1991), from p_k; alpha = --alpha of W's largest
           diagonal entry. W's rank deficiency slows no step: the regularised problem is regular, and
           the rounds move p along W's null space only as far as Coulomb's law asks.
The figures of docs/performance-history.md ("Small stalled problems finished by Lemke's method") came from
this script on examples/block_wall (--t-end 3.6). Slow (pure Python sweeps): a few seconds per
problem of a few hundred rows.
"""
import argparse
import os
import sys

import numpy as np

import stickslip


def bounds(problem, p):
    """Interval cones, as box_lcp.cpp bounds them: [-mu p_N, max(-mu p_N, mu p_N)]."""
    lo, hi = np.full(len(p), -np.inf), np.full(len(p), np.inf)
    lo[problem.normal] = 0.0
    lo[problem.tangent] = -problem.mu * p[problem.normal]
    hi[problem.tangent] = np.maximum(lo[problem.tangent], -lo[problem.tangent])
    return lo, hi


def planar(problem):
    return bool(np.all(problem.tangent_rows == 1))


def sweeps(problem, p, count):
    """Gauss-Seidel from p; the residual after every count/6 sweeps."""
    W, b, p = problem.W, problem.b, p.copy()
    diagonal, u = np.diag(W).copy(), W @ p + b
    normal_of = np.full(len(p), -1)
    normal_of[problem.tangent] = problem.normal
    mu = np.zeros(len(p))
    mu[problem.tangent] = problem.mu
    is_normal = np.zeros(len(p), dtype=bool)
    is_normal[problem.normal] = True
    trace = []
    for k in range(1, count + 1):
        for i in range(len(p)):
            z = p[i] - u[i] / diagonal[i]
            if is_normal[i]:
                z = max(z, 0.0)
            elif normal_of[i] >= 0:
                r = mu[i] * p[normal_of[i]]
                z = min(max(z, -r), r)
            if z != p[i]:
                u += (z - p[i]) * W[:, i]
                p[i] = z
        if k % max(1, count // 6) == 0:
            trace.append(f"{k}:{problem.residual(p):.1e}")
    return " ".join(trace)


def natural_map(problem, p):
    """F(p) and one element of its generalised Jacobian (planar contacts)."""
    W, d = problem.W, np.diag(problem.W)
    z = p - (W @ p + problem.b) / d
    lo, hi = bounds(problem, p)
    hi = np.maximum(lo, hi)
    F = p - np.clip(z, lo, hi)
    J = np.eye(len(p))
    inside = (z > lo) & (z < hi)
    J[inside] = W[inside] / d[inside, None]
    for c, (n, t) in enumerate(zip(problem.normal, problem.tangent)):
        if z[t] >= hi[t] and not inside[t]:
            J[t, n] -= problem.mu[c]
        elif z[t] <= lo[t] and not inside[t]:
            J[t, n] += problem.mu[c]
    return F, J


def newton(problem, p, steps):
    p = p.copy()
    for _ in range(steps):
        F, J = natural_map(problem, p)
        merit = F @ F
        if problem.residual(p) < 1e-12:
            break
        direction = np.linalg.lstsq(J, -F, rcond=1e-12)[0]
        t = 1.0
        while t > 1e-8:
            trial = p + t * direction
            G, _ = natural_map(problem, trial)
            if G @ G <= (1 - 1e-4 * t) * merit:
                p = trial
                break
            t *= 0.5
        else:
            return p, "no descent"
    return p, ""


def lemke(problem):
    if not planar(problem):
        return "disc cones: not lifted"
    M, q = problem.lifted_lcp()
    if problem.bilateral_rows:
        result = stickslip.solve_mlcp(M, q, problem.bilateral_rows)
    else:
        result = stickslip.solve_lcp(M, q, "lemke")
    residual = problem.residual(problem.impulses_from_lcp(result["z"]))
    return f"{len(q)} variables, {result['status']} after {result.get('iterations', 0)} pivots, residual {residual:.1e}"


def face_equations(problem, p):
    """The equalities A p = c of the face p is on: open (p_N = p_T = 0), stick (u_N = u_T = 0) or
    slide (u_N = 0, p_T = ±mu p_N), and the bilateral rows' u = 0."""
    W, b, n = problem.W, problem.b, len(p)
    scale = max(np.abs(p).max(), 1e-300)
    A, c = [], []
    for k, (N, T, mu) in enumerate(zip(problem.normal, problem.tangent, problem.mu)):
        if not problem.active[k] or p[N] <= 1e-7 * scale:
            A += [np.eye(n)[N], np.eye(n)[T]]
            c += [0.0, 0.0]
            continue
        A.append(W[N])
        c.append(-b[N])
        if abs(p[T]) < mu * p[N] * (1 - 1e-6):
            A.append(W[T])
            c.append(-b[T])
        else:
            row = np.eye(n)[T] - np.sign(p[T]) * mu * np.eye(n)[N]
            A.append(row)
            c.append(0.0)
    for r in range(problem.bilateral_rows):
        A.append(W[r])
        c.append(-b[r])
    return np.array(A), np.array(c)


def polish(problem, eps):
    if not planar(problem):
        return "disc cones: not lifted"
    M, q = problem.lifted_lcp()
    nb = problem.bilateral_rows
    added = eps * np.diag(problem.W).max()
    for k in range((len(q) - nb) // 4):  # the rows of p_N, p_T+ and p_T- of each contact
        M[nb + 4 * k: nb + 4 * k + 3, nb + 4 * k: nb + 4 * k + 3] += added * np.eye(3)
    result = stickslip.solve_mlcp(M, q, nb) if nb else stickslip.solve_lcp(M, q, "lemke")
    p = problem.impulses_from_lcp(result["z"])
    A, c = face_equations(problem, p)
    polished = p + np.linalg.lstsq(A, c - A @ p, rcond=1e-12)[0]
    return (f"{result['status']} after {result.get('iterations', 0)} pivots, residual {problem.residual(p):.1e}; "
            f"polished {problem.residual(polished):.1e}")


def alart_curnier(problem, A, c, rho, p, jacobian):
    """Alart and Curnier's function F(p) (zero exactly at Coulomb's law for u = A p + c; Alart & Curnier
    1991) and, when asked, its generalised Jacobian: per contact F_N = p_N - max(0, p_N - rho u_N),
    F_T = p_T - proj(p_T - rho u_T) on [-mu g, mu g] with g = max(0, p_N - rho u_N)."""
    u = A @ p + c
    N, T, mu = problem.normal, problem.tangent, problem.mu
    F, J = p.copy(), (np.eye(len(p)) if jacobian else None)
    g = p[N] - rho[N] * u[N]
    closed = g > 0
    F[N[closed]] = rho[N[closed]] * u[N[closed]]
    bound = mu * np.maximum(g, 0.0)
    tau = p[T] - rho[T] * u[T]
    stick = closed & (np.abs(tau) <= bound)
    side = np.where(tau > 0, 1.0, -1.0)
    F[T[stick]] = rho[T[stick]] * u[T[stick]]
    slide = ~stick
    F[T[slide]] = p[T[slide]] - side[slide] * bound[slide]
    if jacobian:
        for rows in (N[closed], T[stick]):
            J[rows] = rho[rows, None] * A[rows]
        for k in np.flatnonzero(slide & closed):  # d(mu g)/dp = mu (e_N - rho_N A_N)
            J[T[k]] -= side[k] * mu[k] * (np.eye(1, len(p), N[k])[0] - rho[N[k]] * A[N[k]])
    return F, J


def proximal(problem, alpha_share, rounds, steps):
    """The proximal point method: each round solves the problem of W + alpha I and b - alpha p_k
    (unique impulses, alpha = alpha_share of W's largest diagonal entry) by full semismooth Newton
    steps on Alart and Curnier's function, from p_k. The best residual on the original problem,
    the rounds and the Newton steps."""
    W, b, p = problem.W, problem.b, problem.p.copy()
    alpha = alpha_share * np.max(np.diag(W))
    A = W + alpha * np.eye(len(p))
    rho = 1.0 / np.diag(A)
    best, newton_steps = problem.residual(p), 0
    for k in range(1, rounds + 1):
        c = b - alpha * p
        for _ in range(steps):
            F, J = alart_curnier(problem, A, c, rho, p, True)
            if np.max(np.abs(F)) <= 1e-3 * problem.goal:
                break
            newton_steps += 1
            try:
                p = p + np.linalg.solve(J, -F)
            except np.linalg.LinAlgError:  # a singular Jacobian: the least-norm step
                p = p + np.linalg.lstsq(J, -F, rcond=None)[0]
        best = min(best, problem.residual(p))
        if best <= problem.goal:
            return best, k, newton_steps
    return best, rounds, newton_steps


def describe(folder, args):
    problem = stickslip.read_contact_problem(folder)
    closed = np.flatnonzero(problem.active)  # active: within the activation gap in this step
    rows = np.concatenate([np.arange(problem.bilateral_rows), problem.normal[closed], problem.tangent[closed]])
    eigenvalues = np.linalg.eigvalsh(problem.W[np.ix_(rows, rows)]) if len(rows) else np.zeros(1)
    rank = int(np.sum(eigenvalues > 1e-10 * max(eigenvalues.max(), 1e-300)))
    print(f"{os.path.basename(folder)}: t = {problem.t:g} s, {len(problem.b)} rows, {len(closed)} active contacts, "
          f"rank of W on their rows {rank}; residual {problem.reported_residual:.1e} (goal {problem.goal:.0e}) "
          f"after {problem.iterations} sweeps; Lemke's rescue: {problem.rescue}")
    if planar(problem):  # where the residual sits: the rows above the goal, the worst one's kind
        u = problem.W @ problem.p + problem.b
        lo, hi = bounds(problem, problem.p)
        per_row = np.abs(problem.p - np.clip(problem.p - u, lo, np.maximum(lo, hi)))
        worst = int(np.argmax(per_row))
        kind = "normal" if worst in set(problem.normal.tolist()) else "tangent" if worst in set(problem.tangent.tolist()) else "bilateral"
        print(f"  rows above the goal: {int(np.sum(per_row > problem.goal))}; the worst a {kind} row, "
              f"u = {u[worst]:.1e} at p = {problem.p[worst]:.2e}")
    if not planar(problem):  # the sweeps and Newton here take interval cones only
        print("  disc cones (spatial contacts): not analysed")
        return
    if args.sweeps > 0:
        print(f"  sweeps: {sweeps(problem, problem.p, args.sweeps)}")
    if args.newton > 0:
        p, note = newton(problem, problem.p, args.newton)
        print(f"  newton: {problem.residual(p):.1e} {note}".rstrip())
    print(f"  lemke:  {lemke(problem)}")
    if args.polish:
        print(f"  polish: {polish(problem, args.eps)}")
    if args.proximal > 0:
        residual, rounds, steps = proximal(problem, args.alpha, args.proximal, 20)
        print(f"  proximal: {residual:.1e} after {rounds} rounds, {steps} Newton steps"
              f"{' (met the goal)' if residual <= problem.goal else ''}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--sweeps", type=int, default=1500)
    parser.add_argument("--newton", type=int, default=30)
    parser.add_argument("--polish", action="store_true", help="also the regularised Lemke and its polishing")
    parser.add_argument("--eps", type=float, default=1e-6, help="the polishing's regularisation (default 1e-6)")
    parser.add_argument("--proximal", type=int, default=0, metavar="ROUNDS",
                        help="also the proximal point method with Newton steps, at most ROUNDS rounds")
    parser.add_argument("--alpha", type=float, default=1e-4,
                        help="its regularisation, a share of W's largest diagonal entry (default 1e-4)")
    parser.add_argument("--only", type=int, nargs="*", help="these steps only (N of step_N)")
    args = parser.parse_args()
    names = sorted(n for n in os.listdir(args.folder) if n.startswith("step_"))
    if args.only:
        names = [n for n in names if int(n[5:]) in args.only]
    if not names:
        sys.exit(f"{args.folder}: no step_N folders (written by stickslip run --dump-unconverged)")
    for name in names:
        describe(os.path.join(args.folder, name), args)


if __name__ == "__main__":
    main()
