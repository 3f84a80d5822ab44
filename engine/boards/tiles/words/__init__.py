"""The words of tile game files, one module each: the key it reads (KEY), its check (reading the
file's key into typed rules, every finding located) and its line of the language reference
(ABOUT: docs/language.md, "Words of tile files"). The three rule sets (rules.py: track tiles,
edgerules.py: sides of several kinds, pathrules.py: stones on path tiles) are lists of the words
they take; a word two rule sets share is read here once, for both. A word's module also gives
the names it brings to expressions (NAMES, FUNCTIONS, LISTED: vocabulary.py reads them).

RULE_SETS says which rule sets take each word (the reference's table and its test read it)."""
from __future__ import annotations

from importlib import import_module

TRACK, SIDES, PATHS = "track", "sides", "paths"
# the contexts of expressions a word may give names to (vocabulary.py): about a seat, a feature, the game
SEAT, FEATURE, GAME = "seat", "feature", "game"
FEATURE_TYPE = "feature"        # the type of a feature's name: the argument of feature functions

# each word's module, and the rule sets that take it, in the reference's order
RULE_SETS: dict[str, tuple[str, ...]] = {
    "seats": (TRACK, SIDES, PATHS),
    "elsewhere": (TRACK, SIDES, PATHS),
    "start": (TRACK, SIDES),
    "bounds": (PATHS,),
    "feature_names": (TRACK, SIDES),
    "segments": (TRACK, SIDES),
    "tile_feature": (TRACK,),
    "paths": (PATHS,),
    "supply": (TRACK, SIDES),
    "claim": (TRACK, SIDES),
    "take_back": (TRACK,),
    "routes": (TRACK,),
    "stones": (PATHS,),
    "hands": (PATHS,),
    "phases": (TRACK, SIDES, PATHS),
    "scoring": (TRACK, PATHS),
    "parts": (SIDES,),
    "evaluate": (TRACK, SIDES, PATHS),
}


def rule_set_of(data: dict) -> str:
    """The rule set a file's words make it (kind.SETS checks it with that rule set's checker):
    stones on path tiles; else track tiles when it says what only their rule set says (a type's
    feature on the whole tile, routes, a sell phase) or lists no side kinds; else sides of
    several kinds. Both of the last read `tiles.sides` and `segments` (words/segments.py)."""
    if "stones" in data:
        return PATHS
    tiles = data.get("tiles") or {}
    types = tiles.get("types") if isinstance(tiles.get("types"), dict) else {}
    phases = data.get("phases") if isinstance(data.get("phases"), list) else []
    if ("sides" not in tiles or "routes" in data or any(isinstance(p, dict) and "sell" in p for p in phases)
            or any(isinstance(td, dict) and "feature" in td for td in types.values())):
        return TRACK
    return SIDES


def word(name: str):
    """A word's module (imported on first use, like the grid's words)."""
    return import_module(f"{__name__}.{name}")


def row(name: str) -> str:
    """The word's row of the language reference's table: its keys, its rule sets, its line."""
    w = word(name)
    keys = ", ".join(f"`{k}`" for k in w.KEY.split(", "))
    return f"| {keys} | {', '.join(RULE_SETS[name])} | {w.ABOUT} |"
