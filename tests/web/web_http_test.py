#!/usr/bin/env python3
"""The web client over plain HTTP (no browser): assets, pages and their headers.

  - every file of web/ is served at /assets/<name> byte for byte, with the content type of its
    extension, a strong ETag (If-None-Match gives 304 with no body), Cache-Control: no-cache and
    X-Content-Type-Options: nosniff; the shell itself and unknown names are 404 problem+json;
  - every page path answers the shell (text/html) with the security headers: a
    Content-Security-Policy without inline script or style, nosniff, Referrer-Policy;
  - unknown paths stay 404 problem+json, under /v1 and elsewhere;
  - no asset refers to another origin and the shell has no inline script or style.

usage: web_http_test.py HEXPOSTD WEB_DIR     (needs TEST_DATABASE_URL, else skipped: 77)
"""

import os
import re
import sys

from web_support import Site, missing_requirements, set_deadline

TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml"}
SVG_NAMESPACE = 'xmlns="http://www.w3.org/2000/svg"'  # a name, never fetched
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
PAGES = ["/", "/games/1", "/tournaments/7", "/ratings/mojave", "/players/ann", "/sign-in",
         "/sign-up", "/me"]


def check_assets(site, web_dir):
    names = sorted(os.listdir(web_dir))
    assert "app.js" in names and "page.html" in names, names
    for name in names:
        with open(os.path.join(web_dir, name), "rb") as f:
            expected = f.read()
        reply = site.request("GET", "/assets/" + name)
        if name == "page.html":
            assert reply.status == 404 and reply.content_type == "application/problem+json", name
            continue
        assert reply.status == 200, (name, reply.status)
        assert reply.headers["content-type"] == TYPES[os.path.splitext(name)[1]], name
        assert reply.body.encode() == expected, name
        assert reply.headers["cache-control"] == "no-cache", name
        assert reply.headers["x-content-type-options"] == "nosniff", name
        etag = reply.headers["etag"]
        assert re.fullmatch(r'"[0-9a-f]{32}"', etag), etag
        again = site.request("GET", "/assets/" + name, headers={"If-None-Match": etag})
        assert again.status == 304 and again.body == "" and again.headers["etag"] == etag, name
        weak = site.request("GET", "/assets/" + name, headers={"If-None-Match": '"other"'})
        assert weak.status == 200, name
    for missing in ("/assets/nope.js", "/assets/page.html"):
        reply = site.request("GET", missing)
        assert reply.status == 404 and reply.json()["code"] == "not_found", (missing, reply.body)


def check_pages(site, web_dir):
    with open(os.path.join(web_dir, "page.html"), "rb") as f:
        shell = f.read()
    for path in PAGES:
        reply = site.request("GET", path)
        assert reply.status == 200, (path, reply.status, reply.body)
        assert reply.headers["content-type"] == "text/html; charset=utf-8", path
        assert reply.body.encode() == shell, path
        assert reply.headers["content-security-policy"] == CSP, reply.headers
        assert reply.headers["x-content-type-options"] == "nosniff", path
        assert reply.headers["referrer-policy"] == "same-origin", path
        assert reply.headers["cache-control"] == "no-cache", path
    for path in ("/v1/nothing", "/nothing", "/games/abc", "/games/1/x", "/index.html"):
        reply = site.request("GET", path)
        assert reply.status == 404, (path, reply.status)
        assert reply.content_type == "application/problem+json", (path, reply.headers)


def check_self_contained(web_dir):
    for name in os.listdir(web_dir):
        with open(os.path.join(web_dir, name), encoding="utf-8") as f:
            text = f.read().replace(SVG_NAMESPACE, "")
        found = re.findall(r"(?:https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}", text)
        assert not found, (name, found)
        assert "innerHTML" not in text and "outerHTML" not in text, name
        assert "insertAdjacentHTML" not in text and "document.write" not in text, name
    with open(os.path.join(web_dir, "page.html"), encoding="utf-8") as f:
        shell = f.read()
    scripts = re.findall(r"<script\b[^>]*>", shell)
    assert scripts == ['<script type="module" src="/assets/app.js">'], scripts
    assert "<style" not in shell and not re.search(r"\s(style|on[a-z]+)=", shell), shell


def main():
    hexpostd, web_dir = sys.argv[1], sys.argv[2]
    why = missing_requirements(browser=False)
    if why:
        print(why + ": skipped")
        return 77
    check_self_contained(web_dir)
    set_deadline(90)
    site = Site(hexpostd)
    try:
        check_assets(site, web_dir)
        check_pages(site, web_dir)
    finally:
        site.close()
    print("web over HTTP: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
