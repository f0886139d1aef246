"""Headless Chromium driven through the DevTools protocol over a pipe (--remote-debugging-pipe:
JSON messages separated by NUL bytes on file descriptors 3 and 4), with the Python standard
library only. Used by browser_test.py and by scripts/viewer_bench.py."""

import base64
import json
import os
import select
import shutil
import subprocess
import tempfile
import time

# Flags that work headless, without a display, a GPU, a sandbox (containers) or network access.
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--remote-debugging-pipe", "--window-size=1200,800", "--hide-scrollbars", "--mute-audio",
]


def find_chromium():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    raise SystemExit("chromium not found: install it with `make deps` (scripts/install-deps.sh)")


class Chromium:
    def __init__(self, log_path=None, timeout=60.0):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="stickslip_chromium_")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def wire_pipes():  # in the child: fd 3 reads our commands, fd 4 carries the answers
            a, b = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        log = open(log_path or os.devnull, "w")
        self.process = subprocess.Popen(
            [find_chromium(), *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            preexec_fn=wire_pipes, pass_fds=(3, 4), stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        log.close()
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self.session = None

    def call(self, method, params=None, session=True):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            while b"\0" not in self._buffer:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not select.select([self._from_browser], [], [], remaining)[0]:
                    raise TimeoutError(f"chromium did not answer {method} within {self.timeout} s")
                chunk = os.read(self._from_browser, 1 << 20)
                if not chunk:
                    raise RuntimeError(f"chromium closed the pipe during {method}")
                self._buffer += chunk
            raw, self._buffer = self._buffer.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})

    def open(self, url):
        """Opens url in a new tab and attaches to it."""
        target = self.call("Target.createTarget", {"url": url}, session=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 session=False)["sessionId"]

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, timeout=30.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.05)
        raise TimeoutError(f"waited {timeout} s for {expression}")

    def click(self, element_id):
        """A real mouse click at the centre of an element (press and release)."""
        x, y = self.evaluate(
            f"(() => {{ const r = document.getElementById({json.dumps(element_id)}).getBoundingClientRect();"
            " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                                   "clickCount": 1})

    def mouse(self, kind, x, y, **extra):
        """One mouse event at page pixel (x, y): mousePressed, mouseMoved, mouseReleased, mouseWheel."""
        self.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, **extra})

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close", session=False)
        except Exception:  # noqa: BLE001 - already gone
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
