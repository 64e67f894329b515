"""Renders an HTML page in headless Chromium (over the DevTools protocol,
on a pipe) and reports, as JSON on stdout: the errors the page logged
(console, exceptions, log entries, failed loads), every request other
than the page itself, the page's size, and for each `figure.chart` the
numbers of drawn (non-white) and coloured (not grey: the data, axes
and text are grey or black) pixels in its SVG's box in a full-page
screenshot, which is written to SCREENSHOT (PNG; the pixels are counted
by Chromium too, in a blank page of its own that decodes the PNG into a
canvas), the box's size, and
each text the SVG draws: its characters, its class (`tick-x`, `tick-y`
for the tick labels) and the box Chromium drew it in, from the SVG's
top left corner.

Usage: render_html.py CHROMIUM PAGE.html SCREENSHOT.png
"""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


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
        try:
            self.proc = subprocess.Popen(
                [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--no-default-browser-check", "--disable-extensions",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--hide-scrollbars", "--user-data-dir=" + self.profile, "--remote-debugging-pipe",
                 "about:blank"],
                # (close_fds would close 3 and 4 again after preexec_fn.)
                preexec_fn=fds, close_fds=False,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except OSError:
            shutil.rmtree(self.profile, ignore_errors=True)
            raise
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
        """Closes the browser (killed if it does not end) and removes its
        profile directory."""
        try:
            self.call("Browser.close", timeout=10)
        except SystemExit:
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


# Counts, for each box of BOXES, the pixels of the PNG (base64 PNG) that
# are drawn (a channel under 200) and coloured (channels more than 48
# apart), and gives the image's size: run in a blank page, whose canvas
# decodes the image.
COUNT = """(async () => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + PNG;
    await img.decode();
    const [width, height] = [img.naturalWidth, img.naturalHeight];
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const g = canvas.getContext('2d');
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, width, height).data;
    const counts = BOXES.map(box => {
        let drawn = 0, colored = 0;
        const x0 = Math.trunc(box.x), y0 = Math.trunc(box.y);
        const x1 = Math.min(x0 + Math.trunc(box.w), width), y1 = Math.min(y0 + Math.trunc(box.h), height);
        for (let y = Math.max(y0, 0); y < y1; y++) {
            for (let x = Math.max(x0, 0); x < x1; x++) {
                const i = (y * width + x) * 4, r = d[i], gr = d[i + 1], b = d[i + 2];
                if (r < 200 || gr < 200 || b < 200) drawn++;
                if (Math.max(r, gr, b) - Math.min(r, gr, b) > 48) colored++;
            }
        }
        return [drawn, colored];
    });
    return JSON.stringify({size: [width, height], counts: counts});
})()"""


def count_pixels(b, png, boxes):
    """COUNT's answer for the base64 PNG `png` and the chart boxes `boxes`."""
    target = b.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = b.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    expr = "const PNG = %s, BOXES = %s; %s" % (json.dumps(png), json.dumps(boxes), COUNT)
    # (A block of its own: the declarations stay out of the page's scope.)
    answer = b.call("Runtime.evaluate", {"expression": "{" + expr + "}", "awaitPromise": True,
                                         "returnByValue": True}, session=session)
    if "exceptionDetails" in answer:
        raise SystemExit(f"counting the pixels: {answer['exceptionDetails']}")
    return json.loads(answer["result"]["value"])


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
        png = b.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True},
                     session=session)["data"]
        time.sleep(0.2)
        # Events that arrived since: errors and requests.
        b.call("Runtime.evaluate", {"expression": "1"}, session=session)
        boxes = json.loads(boxes)
        counted = count_pixels(b, png, boxes)
    finally:
        b.close()
    with open(shot, "wb") as f:
        f.write(base64.b64decode(png))
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
    width, height = counted["size"]
    charts = {}
    for box, (drawn, colored) in zip(boxes, counted["counts"]):
        charts[box["id"]] = {"drawn": drawn, "colored": colored, "area": int(box["w"]) * int(box["h"]),
                             "width": box["w"], "height": box["h"], "texts": box["texts"]}
    print(json.dumps({"errors": errors, "requests": requests, "size": [width, height], "charts": charts}))


main()
