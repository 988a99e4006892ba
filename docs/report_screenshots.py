"""Screenshots of a built report (the PNGs under docs/ that the README links).

    python docs/report_screenshots.py report.html docs/

Opens the report in headless Chromium (tests/chromium.py), clicks a category and a result
as a reader would, and saves the viewport.
"""

from __future__ import annotations

import base64
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from chromium import Browser, find_chromium  # noqa: E402

SHOTS = {
    "report-overview.png": ("0 overview", "results/report/overview.html"),
    "report-mullick2020.png": ("mullick2020", "results/report/mullick2020/mullick2020_verdicts.html"),
    "report-mullick2020-fig5.png": ("mullick2020", "results/report/mullick2020/fig5.html"),
    "report-dembele-table2.png": ("dembele", "results/report/dembele/table_02.html"),
    "report-mortaz2020.png": ("mortaz2020", "results/report/mortaz2020/mortaz2020_verdicts.html"),
    "report-catalogue.png": ("0 overview", "results/report/catalogue.html"),
}


def shoot(report: Path, out_dir: Path):
    with tempfile.TemporaryDirectory() as profile, Browser(find_chromium(), profile) as browser:
        for name, (category, path) in SHOTS.items():
            session = browser.open(report.resolve().as_uri())
            browser.send("Emulation.setDeviceMetricsOverride",
                         {"width": 1500, "height": 1000, "deviceScaleFactor": 1,
                          "mobile": False}, session)
            has = ('Array.from(document.querySelectorAll("a")).some('
                   'a => a.textContent.trim() === %r)' % category)
            browser.wait_for(session, has)
            browser.evaluate(session, 'Array.from(document.querySelectorAll("a")).find('
                                      'a => a.textContent.trim() === %r).click()' % category)
            row = ('Array.from(document.querySelectorAll("tr")).find('
                   'r => r.firstChild && r.firstChild.textContent.trim() === %r)' % path)
            browser.wait_for(session, f"!!({row})")
            browser.evaluate(session, f'({row}).querySelector("a[iconname=eye]").click()')
            browser.wait_for(session, 'document.querySelector("iframe") !== null')
            time.sleep(2.0)  # let the iframe paint
            shot = browser.send("Page.captureScreenshot", {"format": "png"}, session)
            (out_dir / name).write_bytes(base64.b64decode(shot["data"]))
            print("wrote", out_dir / name)


if __name__ == "__main__":
    shoot(Path(sys.argv[1]), Path(sys.argv[2]))
