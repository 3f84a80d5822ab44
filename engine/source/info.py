"""What a compiled Game tells its front-ends about its file, `game.info` (the records are the
Game API's, rulebook/api.py): the title, the about text, the options as declared, the seat
counts, the checked `look:` section and the file's sections for the prose. Front-ends (prose,
pictures, the web page, the CLI) read this record, never the game file.

Built by `game_info` from a checked file (after `extends`); each board kind's Game calls it once.
It stands apart from check.py so that a game served from the compile cache builds it without
importing the checks; check.py checks the `look:` section against the same colour words.
"""
from __future__ import annotations

from typing import Any

from ..api import GameInfo, LookInfo, OptionInfo, SeatInfo

__all__ = ["COLOURS", "colour_hex", "game_info", "seat_names"]

# the colour words of a `look:` section and the pictures' seat colours for seats named so
COLOURS = {"white": "#ffffff", "black": "#222222", "red": "#d62728", "blue": "#1f5fbf", "green": "#2ca02c",
           "yellow": "#f2c500", "orange": "#ff7f0e", "purple": "#7b3fa0", "brown": "#8c564b", "pink": "#e377c2",
           "grey": "#888888", "gray": "#888888", "cyan": "#17becf", "magenta": "#c0399f", "teal": "#138086",
           "navy": "#1b2a6b", "gold": "#d4a017", "silver": "#c0c0c0", "ivory": "#fffff0", "tan": "#d2b48c"}
HEX_DIGITS = set("0123456789abcdef")


def colour_hex(text: Any) -> str | None:
    """`#rrggbb` of a colour written `#rgb`, `#rrggbb` or as one of COLOURS; None for anything else."""
    if not isinstance(text, str):
        return None
    t = text.strip().lower()
    if t in COLOURS:
        return COLOURS[t]
    if t.startswith("#") and len(t) in (4, 7) and set(t[1:]) <= HEX_DIGITS:
        return t if len(t) == 7 else "#" + "".join(ch * 2 for ch in t[1:])
    return None


def _copy(value):
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def seat_names(spec: dict) -> tuple[str, ...]:
    return tuple(p["name"] if isinstance(p, dict) else p for p in spec.get("players") or [])


def game_info(spec: dict, counts) -> GameInfo:
    """The record of a checked file; `counts` are the numbers of players its board kind allows."""
    counts = tuple(sorted(counts))
    pc = spec.get("player_count") or {}
    options = tuple(OptionInfo(str(k), o.get("default"), tuple(o["choices"]) if "choices" in o else None,
                               o.get("min"), o.get("max"), str(o.get("about") or "").strip())
                    for k, o in (spec.get("options") or {}).items())
    look = spec.get("look") or {}

    def colours(key: str) -> dict:      # checked: every colour is known (check.check_look)
        return {str(k): (v if v == "seat" else colour_hex(v)) for k, v in (look.get(key) or {}).items()}
    return GameInfo(name=str(spec["game"]), about=str(spec.get("about") or "").strip(), options=options,
                    seats=SeatInfo(seat_names(spec), counts, pc.get("default", counts[-1])),
                    look=LookInfo(colour_hex(look["board"]) if look.get("board") else None, colours("colours"),
                                  {str(k): str(v) for k, v in (look.get("symbols") or {}).items()},
                                  colours("zones"), colours("features"), str(look.get("points") or "cells"),
                                  _copy(look.get("marks") or ()), tuple(tuple(str(line).split()) for line in look.get("lines") or ()),
                                  _copy(look.get("gap")), look.get("plates"), dict(look.get("shapes") or {}),
                                  {str(k): str(v) for k, v in (look.get("glyphs") or {}).items()},
                                  _copy(look.get("reasons") or {})),
                    sections=_copy(spec))
