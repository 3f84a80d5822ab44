"""The sections of a game file that a rule set does not take (grid words, or another tile rule
set's): each a finding at its key, in the rule set's own sentence."""
from __future__ import annotations

KEY = "zones, directions, pieces, end, notation, position, routes, counters"
ABOUT = "sections a rule set does not take (the grid's zones, pieces, end...) are refused at their key"

# a section's name -> what it holds, for the sentence
WHAT = {"zones": "zones", "directions": "direction sets", "pieces": "pieces", "end": "end conditions",
        "notation": "notation marks", "position": "position rules (set positions)", "routes": "routes",
        "counters": "counters"}


def check(ch, keys: tuple[str, ...], sentence: str) -> None:
    """A finding at each of `keys` the file has: `sentence` with {key} and {what} filled in."""
    spec = ch.src.data
    for key in keys:
        if key in spec:
            ch.error((key,), sentence.format(key=key, what=WHAT[key]), key=True)


GRID = ("zones", "directions", "pieces", "end", "notation", "position")
