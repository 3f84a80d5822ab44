"""A ring of pits with two stores (`board: {ring: {pits: N}}`): a graph board (graph.py) of two
rows of N pits, each row's store at its right-hand end, joined in one sowing order.

Seat 0's row is drawn at the bottom, left to right, its store on the right; seat 1's row at the
top, named from its own left (the drawing's right), its store on the drawing's left. Pits are
named by their letter from their row's left and the row's number (`a1`..`f1`, `a2`..`f2`), the
stores `s1` and `s2` (so a row has at most 18 pits, a..r). Links:
- `ccw`: each cell to the next one counter-clockwise (a1 .. f1, s1, a2 .. f2, s2, a1);
  `cw` the same links run back;
- `across`: each pit to the pit facing it in the other row (a1 and f2 face each other)."""
from __future__ import annotations

MAX_PITS = 18


def ring_graph(pits: int) -> tuple[list[str], list[tuple[float, float]], dict[str, list[tuple[int, int]]], dict]:
    """The points (names and where each is drawn), links and opposite directions of the ring."""
    if not 1 <= pits <= MAX_PITS:       # an option may give any number: the names need a letter each
        from ....errors import RulebookError
        raise RulebookError(f"board.ring: {pits} pits in a row; a ring has 1 to {MAX_PITS}")
    letters = "abcdefghijklmnopqrstuvwxyz"[:pits]
    names = [f"{x}1" for x in letters] + ["s1"] + [f"{x}2" for x in letters] + ["s2"]
    xy = [(1.0 + k, 0.0) for k in range(pits)] + [(pits + 1.0, 0.5)]
    xy += [(float(pits - k), 1.0) for k in range(pits)] + [(0.0, 0.5)]
    size = len(names)
    ccw = [(i, (i + 1) % size) for i in range(size)]
    across = [(k, 2 * pits - k) for k in range(pits)] + [(2 * pits - k, k) for k in range(pits)]
    return names, xy, {"ccw": ccw, "across": across}, {"ccw": "cw"}
