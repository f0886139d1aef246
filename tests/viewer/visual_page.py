"""Part of the browser test (browser_test.py): a body drawn by a visual (a drawn-only mesh, written
here as OBJ, scaled, posed off the body's centre and coloured) beside a body drawn by its collision
shape, run and drawn by `stickslip view`.

What is checked: the page carries the visual with its colour, and the collision shapes as before; at
frames spread over the run the pixel at the visual's centre (its pose in the body composed with the
body's pose in the CSV, projected by the page's camera) is drawn in the visual's hue, also where the
visual has moved away from where it was at the start (where the start's pixel no longer is); the
page offers the collision shapes' toggle, and a page without visuals does not."""

import colorsys
import os

# The visual: a cube of edge 2 HALF (mm in the file, scale 0.001), its centre POSE_X along the body's x
# axis, in COLOUR (sRGB). The body spins about z and drifts along x, without gravity or contacts.
HALF = 60.0
POSE_X = 0.15
COLOUR = [0.9, 0.3, 0.05]

MODEL = """name: painted
dimension: spatial
bodies:
  - name: crate
    mass: 1
    inertia: [0.01, 0.01, 0.01]
    velocity: [0.6, 0, 0]
    angular_velocity: [0, 0, 1.5]
    shapes: [{type: sphere, radius: 0.03}]
    visuals:
      - {type: triangle_mesh, mesh: cube.obj, scale: 0.001, position: [%r, 0, 0], color: [%r, %r, %r]}
  - name: ball
    mass: 1
    inertia: [0.01, 0.01, 0.01]
    position: [0, 0.5, 0]
    shapes: [{type: sphere, radius: 0.08}]
simulation: {scheme: time-stepping, t_end: 1.0, step: 1e-3, output_interval: 0.01}
""" % (POSE_X, *COLOUR)


def write_cube(path, h):
    corners = [(x, y, z) for x in (-h, h) for y in (-h, h) for z in (-h, h)]
    # Each face as two triangles wound counter-clockwise seen from outside (index = 4 x + 2 y + z).
    quads = [(0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6), (0, 2, 6, 4), (1, 5, 7, 3)]
    with open(path, "w") as f:
        f.writelines(f"v {x!r} {y!r} {z!r}\n" for x, y, z in corners)
        for a, b, c, d in quads:
            f.write(f"f {a + 1} {b + 1} {c + 1}\nf {a + 1} {c + 1} {d + 1}\n")


def rotate(q, v):
    w, x, y, z = q
    u = (x, y, z)
    c = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
    cc = (u[1] * c[2] - u[2] * c[1], u[2] * c[0] - u[0] * c[2], u[0] * c[1] - u[1] * c[0])
    return [v[k] + 2 * w * c[k] + 2 * cc[k] for k in range(3)]


def hue_and_saturation(rgb):
    h, _, s = colorsys.rgb_to_hls(*[c / 255 for c in rgb[:3]])
    return 360 * h, s


def in_colour(rgb):
    """Lambert shading scales the colour's linear channels by one factor and the page encodes sRGB:
    the hue stays within a degree (measured: 17.3 to 17.9 degrees, 17.6 wanted, over the faces lit and
    shaded at every fifth frame; saturation 0.90 and above), so
    8 degrees and a saturation above 0.6 tell it from every other colour of the page (the palette's
    nearest hue, #9c755f, has saturation 0.24; the slip marker's red is 17 degrees away)."""
    want, _ = hue_and_saturation([255 * c for c in COLOUR])
    hue, sat = hue_and_saturation(rgb)
    return abs(hue - want) <= 8 and sat > 0.6 and max(rgb[:3]) > 80


def check_visual_page(res, browser, binary, work):
    from browser_test import Page, cli, read_csv

    label = "visuals"
    write_cube(os.path.join(work, "cube.obj"), HALF)
    model = os.path.join(work, "painted.yaml")
    with open(model, "w") as f:
        f.write(MODEL)
    out = os.path.join(work, "painted.csv")
    cli(binary, "run", model, "-o", out, "-q")
    html = os.path.join(work, "painted.html")
    cli(binary, "view", out, "--model", model, "-o", html, "--fps", "50", "--paused")
    table = read_csv(out)

    page = Page(browser, html)
    data = browser.evaluate("(() => { const d = JSON.parse(document.getElementById('stickslip-data').textContent);"
                            " return d.bodies.map(b => [b.name, b.shapes.map(s => s.kind),"
                            " (b.visuals || []).map(s => [s.kind, s.color])]); })()")
    res.check(data == [["ground", [], []], ["crate", ["sphere"], [["mesh", COLOUR + [1]]]], ["ball", ["sphere"], []]],
              f"{label}: the page's shapes and visuals {data}")
    res.check(browser.evaluate("document.getElementById('show-collision-label').hidden") is False,
              f"{label}: no toggle for the collision shapes of a body drawn by its visual")

    def centre(row):
        x = [table["crate." + c][row] for c in "xyz"]
        q = [table["crate." + c][row] for c in ("qw", "qx", "qy", "qz")]
        return [a + b for a, b in zip(x, rotate(q, [POSE_X, 0, 0]))]

    def pixel_at(point):
        x, y = browser.evaluate(f"window.stickslip.project({point!r})")
        return (x, y), browser.evaluate(f"window.stickslip.pixel({x!r}, {y!r})")

    frames = [0, len(page.times) // 3, 2 * len(page.times) // 3, len(page.times) - 1]
    start = centre(page.rows[0])
    moved = 0
    for k in frames:
        page.seek(page.times[k])
        where, rgb = pixel_at(centre(page.rows[k]))
        res.check(in_colour(rgb), f"{label} t = {page.times[k]}: the visual's centre {where} drawn in {rgb}, not its colour {COLOUR}")
        if k == 0:
            continue
        # Where the visual was at the start: once the visual is more than its size away, not its colour.
        far = sum((a - b) ** 2 for a, b in zip(centre(page.rows[k]), start)) ** 0.5 > 4 * HALF / 1000
        if far:
            moved += 1
            old, rgb_old = pixel_at(start)
            res.check(not in_colour(rgb_old), f"{label} t = {page.times[k]}: the start's pixel {old} still drawn in the visual's colour {rgb_old}")
    res.check(moved >= 2, f"{label}: the visual moved away from its start at {moved} of the frames checked")

    # The collision sphere at the body's centre, outside the visual: hidden, then drawn dimmed when
    # the box is ticked (its pixel changes), hidden again when it is cleared.
    k = len(page.times) // 2
    page.seek(page.times[k])
    body = [table["crate." + c][page.rows[k]] for c in "xyz"]
    where, hidden = pixel_at(body)
    browser.click("show-collision")
    _, shown = pixel_at(body)
    browser.click("show-collision")
    _, again = pixel_at(body)
    res.check(shown != hidden and again == hidden,
              f"{label}: the collision sphere at {where}: {hidden} hidden, {shown} shown, {again} hidden again")

    # A page without visuals has no toggle.
    sphere = os.path.join(work, "sphere.html")
    if os.path.exists(sphere):
        Page(browser, sphere)
        res.check(browser.evaluate("document.getElementById('show-collision-label').hidden") is True,
                  f"{label}: the collision shapes' toggle on a page without visuals")
