"""Widths and screenshots of the report's pages, opened directly at 1280 px (issue 42).

    python docs/page_screenshots.py results/report [--shots docs/] [--page extra.html ...]

Opens every ``*.html`` under the folder (and each ``--page``) in headless Chromium
(tests/chromium.py) with a 1280 x 900 viewport, prints each page's ``scrollWidth`` against
its ``clientWidth`` (wider: the reader scrolls sideways), and with ``--shots`` saves the
first screen of the pages in :data:`SHOTS` (and of each ``--page``) as PNG.
"""

from __future__ import annotations

import argparse
import base64
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from chromium import Browser, find_chromium  # noqa: E402

WIDTH, HEIGHT = 1280, 900
#: page (relative to the report folder) -> screenshot name
SHOTS = {"overview.html": "report-overview-first-screen.png",
         "mullick2020/fig5.html": "report-claim-page.png",
         "compare.html": "report-compare.png"}
#: the width of a page as the browser lays it out
MEASURE = ("JSON.stringify({scroll: document.documentElement.scrollWidth, "
           "client: document.documentElement.clientWidth})")


def measure(pages, shots=None, names=None):
    """``{page: (scrollWidth, clientWidth)}`` of every page; with ``shots``, the first
    screen of each page ``names`` maps to a file name, saved there."""
    import json

    names = names or {}
    out = {}
    with tempfile.TemporaryDirectory() as profile, Browser(find_chromium(), profile) as browser:
        # one tab at a fixed window size, navigated from page to page
        session = browser.open("about:blank")
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1,
                      "mobile": False}, session)
        for page in pages:
            url = Path(page).resolve().as_uri()
            browser.send("Page.navigate", {"url": url}, session)
            browser.wait_for(session, f"location.href === {json.dumps(url)} && "
                                      'document.readyState === "complete"')
            time.sleep(0.3)   # let images decode and the layout settle
            sizes = json.loads(browser.evaluate(session, MEASURE))
            out[str(page)] = (sizes["scroll"], sizes["client"])
            if shots and page in names:
                shot = browser.send("Page.captureScreenshot", {"format": "png"}, session)
                (Path(shots) / names[page]).write_bytes(base64.b64decode(shot["data"]))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the report's pages (results/report)")
    parser.add_argument("--shots", type=Path, default=None, help="folder for the PNGs")
    parser.add_argument("--page", action="append", default=[], type=Path,
                        help="another page to measure and shoot (e.g. a --html page)")
    args = parser.parse_args(argv)
    pages = sorted(args.folder.rglob("*.html")) + list(args.page)
    names = {args.folder / k: v for k, v in SHOTS.items()}
    names.update({p: f"{p.stem}-page.png" for p in args.page})
    sizes = measure(pages, args.shots, names)
    wide = 0
    for page, (scroll, client) in sizes.items():
        flag = "WIDER" if scroll > client else "ok"
        wide += scroll > client
        print(f"{flag:5} {scroll:5} / {client:5}  {page}")
    print(f"{wide} of {len(sizes)} pages wider than their {WIDTH} px window")
    return 0


if __name__ == "__main__":
    sys.exit(main())
