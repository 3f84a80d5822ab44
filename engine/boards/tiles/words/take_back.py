"""counters.take_back (track tiles): with an empty supply a counter may be taken back."""
from __future__ import annotations

KEY = "counters.take_back"
ABOUT = ("with an empty supply, a placement may take a counter back from a tile (which "
         "becomes void) or leave the new tile unclaimed")


def check(ch, claim: list[str]) -> bool:
    take_back = bool((ch.src.data.get("counters") or {}).get("take_back", False))
    if take_back and not claim:
        ch.error(("counters", "take_back"), "take_back needs features to claim (counters.claim)")
    return take_back


def refuse(ch) -> None:
    """Sides of several kinds: a counter comes back when its feature scores."""
    if (ch.src.data.get("counters") or {}).get("take_back"):
        ch.error(("counters", "take_back"), "take_back is a word of track tiles: here a counter comes back "
                                            "when its feature scores")
