"""hands.size (stones on path tiles): open hands, each filled to this many tiles from the pile."""
from __future__ import annotations

from ....lang.expr import INT
from . import SEAT

KEY = "hands.size"
ABOUT = "the tiles each open hand is filled to from the pile"
NAMES = {SEAT: {"tiles": (INT, "len(st.hands[me])")}}        # the tiles in the seat's hand


def check(ch) -> int:
    size = (ch.src.data.get("hands") or {}).get("size")
    if size is None:
        ch.error(("stones",), "stones on path tiles are moved by tiles from the players' hands: hands.size", key=True)
        return 1
    return size


def refuse(ch) -> None:
    """Track tiles: hands and a bounded board belong to stones on path tiles."""
    spec = ch.src.data
    for key, what in (("hands", "hands"), ("bounds", "a bounded board")):
        if key in spec or key in spec["board"]["open"]:
            ch.error((key,) if key in spec else ("board", "open", key),
                     f"'{key}': {what} belong to games of stones on path tiles (stones:)", key=True)
