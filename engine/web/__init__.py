"""`rulebook serve`: play and replay the named game files in a browser.

app.py      the ASGI app (Starlette): the page, its JSON API, sessions, AI moves in a thread
static/     the page: index.html, app.js, style.css (plain files, no build step)
"""
from __future__ import annotations

__all__ = ["create_app"]


def create_app(paths, records_dir=None):
    from .app import create_app as _create
    return _create(paths, records_dir)
