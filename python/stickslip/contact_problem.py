"""Reading back a time-stepping contact problem written by `stickslip run --dump-unconverged FOLDER`
(one folder per problem: problem.json, W.npy, rows.npy, contacts.npy; docs/schemes.md, "Unconverged
problems"), to study it or solve it again:

    problem = stickslip.read_contact_problem("dump/step_000001")
    problem.residual(problem.p)                      # the natural residual the run reported
    M, q = problem.lifted_lcp()                      # planar contacts: Stewart & Trinkle's lifting
    p = problem.impulses_from_lcp(stickslip.solve_lcp(M, q, "lemke")["z"])

The problem: impulses p with u = W p + b; per contact 0 <= p_N ⟂ u_N >= 0 and Coulomb's law on its
tangent rows (|p_T| <= mu p_N, opposing u_T when it slides); the first `bilateral_rows` rows free
(u = 0). Inactive contacts have mu = 0, b = 1 and a unit diagonal: their impulses are zero.
"""
import json
import os

import numpy as np

from .errors import InputError

FORMAT = "stickslip contact problem 1"


def _error(path, message):
    error = InputError(f"{path}: {message}")
    error.file, error.message = path, message
    return error


def _table(folder, name, columns):
    path = os.path.join(folder, name)
    try:
        table = np.load(path)
    except (OSError, ValueError) as e:
        raise _error(path, str(e)) from None
    missing = [c for c in columns if table.dtype.names is None or c not in table.dtype.names]
    if missing:
        raise _error(path, f"no column {missing[0]!r} (not a contact problem of stickslip)")
    return table


def _number(value):
    """problem.json writes a number that is not finite as null (JSON has none): NaN here."""
    return float("nan") if value is None else value


class ContactProblem:
    """W (dense n × n), b, p_start, p (arrays of n), the contacts (normal, tangent, tangent_rows, mu,
    active: integer and float arrays) and what the run reported (t, step, solver, tolerance, goal,
    reported_residual, iterations, bilateral_rows, rescue: "none", "tried" or "improved" when p is
    Lemke's answer, still above the goal; interior_point and proximal: the same for the interior-point
    rescue after it and the proximal one after that, "none" in dumps written before them; all of
    problem.json in `info`)."""

    def __init__(self, folder):
        try:
            with open(os.path.join(folder, "problem.json")) as f:
                self.info = json.load(f)
        except (OSError, ValueError) as e:
            raise _error(os.path.join(folder, "problem.json"), str(e)) from None
        summary = os.path.join(folder, "problem.json")
        if not isinstance(self.info, dict) or self.info.get("format", FORMAT) != FORMAT:
            raise _error(summary, f"not a {FORMAT!r}")
        try:
            self.t, self.step, self.solver = _number(self.info["t"]), self.info["step"], self.info["solver"]
            self.tolerance, self.goal, self.reported_residual = (_number(self.info[k]) for k in
                                                                 ("tolerance", "goal", "residual"))
            self.iterations, self.bilateral_rows = self.info["iterations"], self.info["bilateral_rows"]
            self.rescue = self.info.get("rescue", "none")
            self.interior_point = self.info.get("interior_point", "none")
            self.proximal = self.info.get("proximal", "none")
        except KeyError as e:
            raise _error(summary, f"no key {e}") from None
        rows = _table(folder, "rows.npy", ("b", "p_start", "p"))
        n = len(rows)
        if self.info.get("rows", n) != n:
            raise _error(os.path.join(folder, "rows.npy"), f"{n} rows where problem.json says {self.info['rows']}")
        self.b, self.p_start, self.p = (np.array(rows[c]) for c in ("b", "p_start", "p"))
        entries = _table(folder, "W.npy", ("row", "column", "value"))
        row, column = entries["row"].astype(int), entries["column"].astype(int)
        if len(row) and (min(row.min(), column.min()) < 0 or max(row.max(), column.max()) >= n):
            raise _error(os.path.join(folder, "W.npy"), f"an entry outside the {n} x {n} matrix")
        self.W = np.zeros((n, n))
        self.W[row, column] = entries["value"]
        contacts = _table(folder, "contacts.npy", ("normal", "tangent", "tangent_rows", "mu", "active"))
        self.normal, self.tangent, self.tangent_rows = (contacts[c].astype(int) for c in
                                                        ("normal", "tangent", "tangent_rows"))
        used = np.concatenate([self.normal, self.tangent, self.tangent + self.tangent_rows - 1])
        if len(used) and (used.min() < 0 or used.max() >= n or self.tangent_rows.min() < 1):
            raise _error(os.path.join(folder, "contacts.npy"), f"a contact's row outside the {n} rows")
        self.mu, self.active = np.array(contacts["mu"]), contacts["active"] != 0

    def residual(self, p):
        """The natural residual max |p - proj(p - u)| with u = W p + b (the run's measure)."""
        p = np.asarray(p, dtype=float)
        z = p - (self.W @ p + self.b)
        target = z.copy()
        target[self.normal] = np.maximum(z[self.normal], 0.0)
        for c in range(len(self.normal)):
            rows = slice(self.tangent[c], self.tangent[c] + self.tangent_rows[c])
            if self.tangent_rows[c] == 1:  # as box_lcp.cpp clamps: [-mu p_N, max(-mu p_N, mu p_N)]
                lo = -self.mu[c] * p[self.normal[c]]
                target[rows] = np.clip(z[rows], lo, max(lo, -lo))
                continue
            radius = self.mu[c] * max(p[self.normal[c]], 0.0)  # the disc cone
            t = z[rows]
            size = np.linalg.norm(t)
            target[rows] = t if size <= radius else t * (radius / size)
        return float(np.max(np.abs(p - target))) if len(p) else 0.0

    def lifted_lcp(self):
        """(M, q) of the active contacts (4 variables each: p_N, p_T+, p_T-, beta) as an LCP, or a
        mixed LCP whose first bilateral_rows variables are free (solve_mlcp). Planar contacts only."""
        if np.any(self.tangent_rows[self.active] != 1):
            raise InputError("the lifting takes planar contacts only (one tangent row each)")
        contacts = np.flatnonzero(self.active)
        nb = self.bilateral_rows
        m = nb + 4 * len(contacts)
        # Each lifted variable as a signed row of W: the bilateral rows, then per contact N, T+, T-.
        rows, signs, slots = list(range(nb)), [1.0] * nb, list(range(nb))
        for k, c in enumerate(contacts):
            base = nb + 4 * k
            rows += [self.normal[c], self.tangent[c], self.tangent[c]]
            signs += [1.0, 1.0, -1.0]
            slots += [base, base + 1, base + 2]
        rows, signs, slots = np.array(rows, dtype=int), np.array(signs), np.array(slots, dtype=int)
        M, q = np.zeros((m, m)), np.zeros(m)
        M[np.ix_(slots, slots)] = signs[:, None] * self.W[np.ix_(rows, rows)] * signs[None, :]
        q[slots] = signs * self.b[rows]
        for k, c in enumerate(contacts):
            base = nb + 4 * k
            M[base + 1, base + 3] = M[base + 2, base + 3] = 1.0
            M[base + 3, base] = self.mu[c]
            M[base + 3, base + 1] = M[base + 3, base + 2] = -1.0
        return M, q

    def impulses_from_lcp(self, z):
        """The impulses p (n rows) of a solution z of lifted_lcp()."""
        p = np.zeros(len(self.b))
        p[:self.bilateral_rows] = z[:self.bilateral_rows]
        for k, c in enumerate(np.flatnonzero(self.active)):
            base = self.bilateral_rows + 4 * k
            p[self.normal[c]] = z[base]
            p[self.tangent[c]] = z[base + 1] - z[base + 2]
        return p


def read_contact_problem(folder):
    """The contact problem written into `folder` by `stickslip run --dump-unconverged`."""
    return ContactProblem(folder)
