"""counters.claim: the features a counter goes on (track tiles: onto the tile just laid; sides of
several kinds: optionally, onto a segment of it)."""
from __future__ import annotations

from ....lang.expr import suggest

KEY = "counters.claim"
ABOUT = ("the features a counter may go on when their tile is laid (track tiles: it goes on the tile; "
         "sides of several kinds: optionally, on one segment of the new tile)")


def known(ch, path, f: str, features: list[str], what: str) -> bool:
    """Whether `f` is a feature; else a finding naming `what` asked for it."""
    if f not in features:
        ch.error(path, f"{what}: unknown feature '{f}'{suggest(f, features)} "
                       f"(features: {', '.join(features) or 'none'})")
        return False
    return True


def check(ch, features: list[str]) -> list[str]:
    """The claimed features, each once."""
    claim: list[str] = []
    for j, f in enumerate((ch.src.data.get("counters") or {}).get("claim") or []):
        if known(ch, ("counters", "claim", j), f, features, "counters.claim"):
            if f in claim:
                ch.error(("counters", "claim", j), f"feature '{f}' is claimed twice")
            else:
                claim.append(f)
    return claim
