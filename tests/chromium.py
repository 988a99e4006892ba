"""A minimal Chrome DevTools Protocol client over ``--remote-debugging-pipe``.

Enough to open a page in headless Chromium, run JavaScript in it (clicks included) and read
the rendered DOM of every frame -- the Snakemake report shows HTML results in an iframe,
which ``chromium --dump-dom`` does not include. Standard library only: the pipe protocol is
JSON messages separated by NUL bytes on file descriptors 3 (commands) and 4 (replies).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time


def find_chromium() -> str | None:
    """The Chromium executable, installing Debian's package when root with apt-get."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    if os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run(["apt-get", "install", "-y", "-q", "chromium"], check=False,
                       capture_output=True, timeout=900)
        return shutil.which("chromium")
    return None


class Browser:
    """One headless Chromium; ``with Browser(path, profile_dir) as b: ...``."""

    def __init__(self, executable, profile_dir):
        cmd_r, self._cmd_w = os.pipe()
        self._out_r, out_w = os.pipe()

        def wire():  # in the child: the pipe ends become fds 3 and 4
            os.dup2(cmd_r, 3)
            os.dup2(out_w, 4)

        self._proc = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu",
             "--remote-debugging-pipe", f"--user-data-dir={profile_dir}",
             "--window-size=1400,1000", "about:blank"],
            # 3 and 4 kept too: subprocess closes unlisted fds after preexec_fn runs
            pass_fds=(cmd_r, out_w, 3, 4), preexec_fn=wire, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(cmd_r)
        os.close(out_w)
        self._buffer = b""
        self._next_id = 0
        self.events = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:  # noqa: BLE001 -- closing is best effort
            pass
        try:
            self._proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
        for fd in (self._cmd_w, self._out_r):
            try:
                os.close(fd)
            except OSError:
                pass

    def _read_message(self, timeout):
        import select

        deadline = time.monotonic() + timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._out_r], [], [], left)[0]:
                raise TimeoutError("no reply from Chromium")
            chunk = os.read(self._out_r, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None, timeout=60):
        """Send one command and return its result (events seen meanwhile are kept)."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._cmd_w, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read_message(timeout)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def open(self, url):
        """A new tab at ``url``; returns its session id."""
        target = self.send("Target.createTarget", {"url": url})["targetId"]
        return self.send("Target.attachToTarget", {"targetId": target, "flatten": True})[
            "sessionId"]

    def evaluate(self, session, expression, timeout=60):
        """Run JavaScript (a promise is awaited) and return its JSON value."""
        result = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                "returnByValue": True}, session, timeout)
        if "exceptionDetails" in result:
            raise RuntimeError(f"JavaScript error: {result['exceptionDetails']}")
        return result["result"].get("value")

    def click(self, session, text, tag="a", timeout=20.0):
        """Click (real mouse events) the first visible ``tag`` element whose text is ``text``.

        Waits up to ``timeout`` seconds for it to appear; returns False if it never does.
        """
        find = (f"(() => {{ const e = Array.from(document.querySelectorAll({json.dumps(tag)}))"
                f".find(e => e.textContent.trim() === {json.dumps(text)} && e.offsetParent);"
                " if (!e) return null; e.scrollIntoView({block: 'center'});"
                " const r = e.getBoundingClientRect();"
                " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        deadline = time.monotonic() + timeout
        while (point := self.evaluate(session, find)) is None:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.2)
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": point[0], "y": point[1],
                                                   "button": "left", "clickCount": 1}, session)
        return True

    def wait_for(self, session, expression, timeout=30.0):
        """Poll a JavaScript expression until it is truthy; returns its last value."""
        deadline = time.monotonic() + timeout
        while not (value := self.evaluate(session, expression)):
            if time.monotonic() > deadline:
                return value
            time.sleep(0.2)
        return value

    def document(self, session):
        """The whole DOM, iframes' documents included (``DOM.getDocument`` with pierce)."""
        return self.send("DOM.getDocument", {"depth": -1, "pierce": True}, session)["root"]


def walk(node):
    """Every node of a ``DOM.getDocument`` tree, iframe content documents included."""
    yield node
    for child in node.get("children", []):
        yield from walk(child)
    if "contentDocument" in node:
        yield from walk(node["contentDocument"])
    for child in node.get("shadowRoots", []):
        yield from walk(child)


def frames(root):
    """The content documents of the iframes in a DOM tree (outermost first)."""
    return [n["contentDocument"] for n in walk(root) if "contentDocument" in n]


def text_of(node) -> str:
    """All text under a node, in document order."""
    return " ".join(n.get("nodeValue", "") for n in walk(node) if n.get("nodeType") == 3)


def page_widths(executable, profile_dir, paths, width=1280, height=900) -> dict:
    """``{path: (scrollWidth, clientWidth)}`` of each HTML file opened at ``width`` x
    ``height`` px: a page whose ``scrollWidth`` exceeds its ``clientWidth`` makes the reader
    scroll sideways."""
    out = {}
    with Browser(executable, profile_dir) as browser:
        # one tab at a fixed window size, navigated from page to page
        session = browser.open("about:blank")
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": width, "height": height, "deviceScaleFactor": 1,
                      "mobile": False}, session)
        for path in paths:
            url = path.resolve().as_uri()
            browser.send("Page.navigate", {"url": url}, session)
            if not browser.wait_for(session, f"location.href === {json.dumps(url)} && "
                                             'document.readyState === "complete"'):
                raise TimeoutError(f"{path} did not load")
            time.sleep(0.2)   # let embedded images decode and the layout settle
            out[path] = tuple(json.loads(browser.evaluate(session, (
                "JSON.stringify([document.documentElement.scrollWidth, "
                "document.documentElement.clientWidth])"))))
    return out
