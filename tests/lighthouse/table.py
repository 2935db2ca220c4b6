"""Lighthouse (mobile) on the table screen of a running Barkside (`make run`): not a test
of `make test`, a measurement run by hand.

    mkdir -p /tmp/lh && npm install --prefix /tmp/lh lighthouse@12   # once, outside the project
    make run &                                                       # http://127.0.0.1:8000
    .venv/bin/python tests/lighthouse/table.py --lighthouse-dir /tmp/lh

It signs up a new person, opens a table against three AIs, and runs Lighthouse's mobile
preset (its default: a throttled mid-range phone) on `/#/game/<id>` through its Node API
(table.mjs) in a Chromium that holds the session cookie, printing each category's score
and the audits below 0.9; `--out` keeps the JSON report.
"""

import argparse
import http.cookiejar
import json
import os
import secrets
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]


class Site:
    """A signed-in person on the site: JSON requests with the session and CSRF cookies."""

    def __init__(self, base: str):
        self.base = base.rstrip("/")
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def cookie(self, name: str) -> str:
        return next((c.value for c in self.jar if c.name == name), "")

    def call(self, method: str, path: str, body: dict | None = None) -> dict:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        request.add_header("Referer", self.base + "/")
        if method != "GET":
            request.add_header("X-CSRFToken", self.cookie("csrftoken"))
        with self.opener.open(request) as response:
            text = response.read()
        return json.loads(text) if text else {}


def open_table(site: Site) -> int:
    site.call("GET", "/api/auth/csrf")
    name = "lh" + secrets.token_hex(4)
    site.call("POST", "/api/auth/register", {"username": name, "password": "Lighthouse-7-dogs"})
    game = site.call(
        "POST",
        "/api/games",
        {"players": 4, "ai": ["normal"] * 3, "time_per_move": 120, "private": True},
    )
    return game["id"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=os.environ.get("BASE", "http://127.0.0.1:8000"))
    parser.add_argument("--lighthouse-dir", default="/tmp/lh", help="where lighthouse is installed")
    parser.add_argument("--chrome", default=os.environ.get("CHROME_PATH", "/usr/bin/chromium"))
    parser.add_argument("--out", help="where to keep the JSON report")
    args = parser.parse_args()

    site = Site(args.base)
    game_id = open_table(site)
    cookies = [{"name": n, "value": site.cookie(n)} for n in ("sessionid", "csrftoken")]
    out = args.out or tempfile.mktemp(suffix=".json")
    env = {
        **os.environ,
        "LH_DIR": args.lighthouse_dir,
        "LH_URL": f"{site.base}/#/game/{game_id}",
        "LH_COOKIES": json.dumps(cookies),
        "LH_OUT": out,
        "CHROME_PATH": args.chrome,
    }
    subprocess.run(["node", str(Path(__file__).with_name("table.mjs"))], check=True, env=env)
    with open(out) as f:
        report = json.load(f)
    for key in CATEGORIES:
        print(f"{key}: {round(report['categories'][key]['score'] * 100)}")
    for audit in report["audits"].values():
        if (
            audit.get("score") is not None
            and audit["score"] < 0.9
            and audit.get("scoreDisplayMode") in ("binary", "numeric")
        ):
            print(f"  {audit['id']}: {audit['score']} {audit.get('displayValue', '')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
