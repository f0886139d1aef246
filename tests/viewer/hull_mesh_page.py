"""Part of the browser test (browser_test.py): a spatial model whose shapes are a convex hull given by
points, a convex hull read from a mesh file and a triangle mesh (a dish written here as OBJ), run under
time-stepping and drawn by `stickslip view` with the run's contact points file.

What is checked: the page carries the three shapes with their kinds; the hulls fall into the dish (the
moving hull's drawn pixels move and it is the body under its centre, its pose is the CSV's); the dish
is drawn where it is (the body under the middle of two of its slopes); the contact points of the
run's file are on the page at their frames, named by the shapes' names, in their states' colours at
their pixels, and gone where the file has none, with a point drawn both slipping and sticking."""

import csv
import os

# A square dish: a 0.6 m bottom at z = 0, sloped sides up to a 1 m rim at z = 0.2 (triangles wound
# counter-clockwise seen from inside, so their outward side faces up into the dish).
BOTTOM, RIM, HEIGHT = 0.3, 0.5, 0.2

MODEL = """name: hull_in_dish
dimension: spatial
gravity: [0, 0, -9.81]
materials:
  - {name: steel, density: 2000, impact: {law: newton, e: 0.3}, friction: {law: coulomb, mu_s: 0.5, mu_k: 0.4}}
bodies:
  - name: dish
    motion: fixed
    shapes: [{type: triangle_mesh, mesh: dish.obj, material: steel}]
  - name: gem
    position: [0.05, 0.02, 0.25]
    orientation: {axis: [1, 0.5, 0], angle: 0.5}
    shapes:
      - type: convex_hull
        material: steel
        points: [[0.08, 0, 0], [-0.08, 0, 0], [0, 0.06, 0], [0, -0.06, 0], [0, 0, 0.05], [0, 0, -0.05]]
  - name: nut
    position: [-0.15, -0.1, 0.3]
    orientation: {axis: [0, 1, 1], angle: 0.3}
    shapes: [{type: convex_hull, mesh: nut.obj, material: steel}]
simulation: {t_end: 1.0, step: 1e-3, output_interval: 0.01}
"""


def write_obj(path, vertices, triangles):
    with open(path, "w") as f:
        f.writelines(f"v {x!r} {y!r} {z!r}\n" for x, y, z in vertices)
        f.writelines(f"f {a + 1} {b + 1} {c + 1}\n" for a, b, c in triangles)


def write_scene(work):
    b, r, h = BOTTOM, RIM, HEIGHT
    dish = [(-b, -b, 0), (b, -b, 0), (b, b, 0), (-b, b, 0), (-r, -r, h), (r, -r, h), (r, r, h), (-r, r, h)]
    faces = [(0, 1, 2), (0, 2, 3)]
    for k in range(4):
        i, j = k, (k + 1) % 4
        faces += [(i, 4 + i, 4 + j), (i, 4 + j, j)]
    write_obj(os.path.join(work, "dish.obj"), dish, faces)
    # A hexagonal prism (the nut), closed, triangles wound outward.
    a, t = 0.04, 0.015
    ring = [(a * c, a * s) for c, s in ((1, 0), (0.5, 0.866), (-0.5, 0.866), (-1, 0), (-0.5, -0.866), (0.5, -0.866))]
    nut = [(x, y, -t) for x, y in ring] + [(x, y, t) for x, y in ring]
    faces = []
    for k in range(1, 5):
        faces += [(0, k + 1, k), (6, 6 + k, 6 + k + 1)]
    for k in range(6):
        n = (k + 1) % 6
        faces += [(k, n, 6 + n), (k, 6 + n, 6 + k)]
    write_obj(os.path.join(work, "nut.obj"), nut, faces)
    model = os.path.join(work, "hull_in_dish.yaml")
    with open(model, "w") as f:
        f.write(MODEL)
    return model


def read_points(path):
    """The run's contact points file as rows of check_contact_points: [t, pair, id, x, y, z, nx, ny,
    nz, fn, ftx, fty, ftz, state], the pair named by the shapes (each body's only shape bears its
    name) and the event log's slip− folded into slip, as the page does."""
    names = ["dish", "gem", "nut"]
    rows = []
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            pair = f"{names[int(r['shape_i'])]}|{names[int(r['shape_j'])]}"
            numbers = [float(r[k]) for k in ("x", "y", "z", "nx", "ny", "nz", "fn", "ftx", "fty", "ftz")]
            rows.append([float(r["t"]), pair, int(r["point"]), *numbers, min(int(r["state"]), 2)])
    return rows


def check_hull_and_mesh_page(res, browser, binary, work):
    from browser_test import Page, check_contact_points, check_real_spatial_page, cli, marker_colour_check

    model = write_scene(work)
    out = os.path.join(work, "hull_in_dish.csv")
    cli(binary, "run", model, "-o", out, "-q", "--scheme", "time-stepping")
    html = os.path.join(work, "hull_in_dish.html")
    points_file = os.path.join(work, "hull_in_dish.points.csv")
    cli(binary, "view", out, "--model", model, "-o", html, "--contact-points", points_file, "--fps", "100")
    label = "hull and mesh"

    page = Page(browser, html)
    kinds = browser.evaluate("JSON.parse(document.getElementById('stickslip-data').textContent)"
                             ".bodies.map(b => [b.name, b.shapes.map(s => s.kind)])")
    res.check(dict(map(tuple, kinds)) == {"ground": [], "dish": ["mesh"], "gem": ["convex"], "nut": ["convex"]},
              f"{label}: the page's shapes {kinds}")

    points = read_points(points_file)
    states = {p[13] for p in points}
    res.check({1, 2} <= states, f"{label}: the run's points are never both sticking and slipping: {states}")
    check_contact_points(res, browser, html, points, label)
    # A frame with a slipping point (the hulls' first touches) and the last one (all at rest, sticking):
    # each point's marker in its state's colour, so a marker changes colour when its state does.
    page = Page(browser, html)
    slipping = min(t for t in page.times if any(p[0] == t and p[13] == 2 for p in points))
    browser.click("show-forces")
    seen = set()
    for t in (slipping, page.times[-1]):
        s = page.seek(t)
        want = [p for p in points if p[0] == t]
        res.check(len(s["points"]) == len(want), f"{label} t = {t}: {len(s['points'])} points, file {len(want)}")
        for n, (p, w) in enumerate(zip(s["points"], want)):
            marker_colour_check(res, browser, p["point"], n, w[13], f"{label} t = {t}")
            seen.add(w[13])
    res.check({1, 2} <= seen, f"{label}: the frames checked show states {seen}, not slip and stick")
    browser.click("show-forces")

    check_real_spatial_page(res, browser, html, out, None, "gem", label, shots=os.path.join(work, "hull_in_dish.png"))
    page = Page(browser, html)
    page.seek(page.times[-1])
    for point in ([0.5 * (BOTTOM + RIM), 0, 0.5 * HEIGHT], [-0.5 * (BOTTOM + RIM), 0, 0.5 * HEIGHT]):
        x, y = browser.evaluate(f"window.stickslip.project({point})")
        res.check(browser.evaluate(f"window.stickslip.pick({x!r}, {y!r})") == "dish",
                  f"{label}: the dish is not the body drawn at its slope's middle {point} ({x:.0f}, {y:.0f})")
