"""stones (stones on path tiles): each seat's stone on a point of the board's edge, and whether a
move may take the mover's own stone out."""
from __future__ import annotations

from ....lang.expr import INT
from ..paths import Squares
from . import SEAT

KEY = "stones.start, stones.self_elimination"
ABOUT = ("one stone per seat, in seat order, on a point of the board's edge "
         "(`c1:4`); `self_elimination`: `last_resort` (default) or `allowed`")
NAMES = {SEAT: {"stones": (INT, "(1 if st.stones[me] >= 0 else 0)")}}     # the seat's stone still on the board


def check(ch, squares: Squares, seats: int) -> tuple[list[str], str]:
    """(the start points, the self-elimination rule); `seats`: the most that may play."""
    stones = ch.src.data.get("stones") or {}
    starts = list(stones.get("start") or [])
    seen: dict = {}
    for j, text in enumerate(starts):
        spot = squares.spot(text)
        path = ("stones", "start", j)
        if spot is None:
            ch.error(path, f"'{text}' is not a point of the board (square:point, e.g. c1:4; "
                           f"points 0..{4 * squares.per_side - 1})")
        elif not squares.on_edge(spot):
            ch.error(path, f"'{text}' is not on the board's edge: a stone starts facing its square from outside")
        elif spot in seen:
            ch.error(path, f"'{text}' is the start of two stones")
        else:
            seen[spot] = j
    if len(starts) < seats:
        ch.error(("stones", "start"), f"{seats} players may play: stones.start needs {seats} points, "
                                      f"one for each seat in order (it has {len(starts)})")
    return starts, stones.get("self_elimination", "last_resort")
