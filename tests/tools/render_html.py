"""Renders an HTML page in headless Chromium (over the DevTools protocol,
on a pipe) and reports, as JSON on stdout: the errors the page logged
(console, exceptions, log entries, failed loads), every request other
than the page itself, the page's size, and for each `figure.chart` the
numbers of drawn (non-white) and coloured (not grey: the data, axes
and text are grey or black) pixels in its SVG's box in a full-page
screenshot, which is written to SCREENSHOT (PNG), the box's size, and
each text the SVG draws: its characters, its class (`tick-x`, `tick-y`
for the tick labels) and the box Chromium drew it in, from the SVG's
top left corner.

Usage: render_html.py CHROMIUM PAGE.html SCREENSHOT.png
"""
import base64
import json
import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib


class Browser:
    def __init__(self, chromium):
        self.profile = tempfile.mkdtemp(prefix="render-html-")
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()
        # The child reads commands on fd 3 and writes replies on fd 4.
        def fds():
            # Through free numbers first, in case the pipe's ends are 3 or
            # 4 themselves (os.dup2 makes the copies inheritable).
            r, w = os.dup(to_child_r), os.dup(from_child_w)
            os.dup2(r, 3)
            os.dup2(w, 4)
        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--hide-scrollbars",
             "--user-data-dir=" + self.profile, "--remote-debugging-pipe", "about:blank"],
            # (close_fds would close 3 and 4 again after preexec_fn.)
            preexec_fn=fds, close_fds=False,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child_r)
        os.close(from_child_w)
        self.buf = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.to_child, json.dumps(msg).encode() + b"\0")
        return self.next_id

    def read(self, deadline):
        while b"\0" not in self.buf:
            if time.time() > deadline:
                raise SystemExit("chromium did not answer in time")
            chunk = os.read(self.from_child, 1 << 20)
            if not chunk:
                raise SystemExit("chromium closed the pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=None, timeout=60):
        want = self.send(method, params, session)
        deadline = time.time() + timeout
        while True:
            msg = self.read(deadline)
            if msg.get("id") == want:
                if "error" in msg:
                    raise SystemExit(f"{method}: {msg['error']}")
                return msg.get("result", {})
            self.events.append(msg)

    def wait_event(self, method, timeout=60):
        deadline = time.time() + timeout
        for i, e in enumerate(self.events):
            if e.get("method") == method:
                del self.events[i]
                return e
        while True:
            msg = self.read(deadline)
            if msg.get("method") == method:
                return msg
            self.events.append(msg)

    def close(self):
        try:
            self.call("Browser.close", timeout=10)
        except SystemExit:
            pass
        self.proc.wait(timeout=30)


def png_pixels(data):
    """(width, height, rows of RGB(A) bytes, bytes per pixel) of an 8-bit PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and interlace == 0, (depth, ctype, interlace)
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, rows, bpp


def main():
    chromium, page, shot = sys.argv[1:4]
    url = "file://" + os.path.abspath(page)
    b = Browser(chromium)
    try:
        targets = b.call("Target.getTargets")["targetInfos"]
        target = next(t["targetId"] for t in targets if t["type"] == "page")
        session = b.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            b.call(domain + ".enable", session=session)
        b.call("Emulation.setDeviceMetricsOverride",
               {"width": 1100, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session=session)
        b.call("Page.navigate", {"url": url}, session=session)
        b.wait_event("Page.loadEventFired")
        height = b.call("Runtime.evaluate", {"expression": "document.documentElement.scrollHeight",
                                             "returnByValue": True}, session=session)["result"]["value"]
        b.call("Emulation.setDeviceMetricsOverride",
               {"width": 1100, "height": int(height), "deviceScaleFactor": 1, "mobile": False}, session=session)
        boxes = b.call("Runtime.evaluate", {"expression": """JSON.stringify([...document.querySelectorAll('figure.chart')].map(f => {
            const s = f.querySelector('svg'); if (!s) return {id: f.id, w: 0, h: 0, x: 0, y: 0, texts: []};
            const r = s.getBoundingClientRect();
            const texts = [...s.querySelectorAll('text')].map(t => {
                const b = t.getBoundingClientRect();
                return {text: t.textContent, cls: t.getAttribute('class') || '',
                        x: b.x - r.x, y: b.y - r.y, w: b.width, h: b.height}; });
            return {id: f.id, x: r.x + scrollX, y: r.y + scrollY, w: r.width, h: r.height, texts: texts}; }))""",
                                            "returnByValue": True}, session=session)["result"]["value"]
        png = base64.b64decode(b.call("Page.captureScreenshot",
                                      {"format": "png", "captureBeyondViewport": True},
                                      session=session)["data"])
        time.sleep(0.2)
        # Events that arrived since: errors and requests.
        b.call("Runtime.evaluate", {"expression": "1"}, session=session)
    finally:
        b.close()
    with open(shot, "wb") as f:
        f.write(png)
    errors, requests = [], []
    for e in b.events:
        m, p = e.get("method"), e.get("params", {})
        if m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert", "warning"):
            errors.append(f"console.{p['type']}: {p.get('args')}")
        elif m == "Runtime.exceptionThrown":
            errors.append(f"exception: {p.get('exceptionDetails', {}).get('text')}")
        elif m == "Log.entryAdded" and p["entry"].get("level") in ("error", "warning"):
            errors.append(f"log: {p['entry'].get('text')} {p['entry'].get('url', '')}")
        elif m == "Network.loadingFailed":
            errors.append(f"load failed: {p.get('errorText')}")
        elif m == "Network.requestWillBeSent" and p["request"]["url"] != url:
            requests.append(p["request"]["url"])
    width, height, rows, bpp = png_pixels(png)
    charts = {}
    for box in json.loads(boxes):
        drawn = colored = 0
        x0, y0 = int(box["x"]), int(box["y"])
        for y in range(max(y0, 0), min(y0 + int(box["h"]), height)):
            row = rows[y]
            for x in range(max(x0, 0), min(x0 + int(box["w"]), width)):
                r, g, bl = row[x * bpp], row[x * bpp + 1], row[x * bpp + 2]
                if r < 200 or g < 200 or bl < 200:
                    drawn += 1
                if max(r, g, bl) - min(r, g, bl) > 48:
                    colored += 1
        charts[box["id"]] = {"drawn": drawn, "colored": colored, "area": int(box["w"]) * int(box["h"]),
                             "width": box["w"], "height": box["h"], "texts": box["texts"]}
    print(json.dumps({"errors": errors, "requests": requests, "size": [width, height], "charts": charts}))


main()
