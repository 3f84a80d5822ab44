"""flip(D): every line in D of enemy pieces closed by one of the player's turns to the player."""
from __future__ import annotations

from .base import Word


class Flip(Word):
    name = "flip"
    written = "flip(DIRECTIONS)"
    about = ("from where the piece stands, every line in D of enemy pieces closed by one of the player's turns "
             "to the player; fails when nothing turns")
    rays = True
    sentence = ("turn to the player every line of enemy pieces {d} closed off by one of the player's pieces (at least "
                "one must turn)")

    def effects(self, a):
        return {"flip"}

    def lower(self, gen, a, ctx, k):
        ind, L = ctx["ind"], gen.lines
        i = next(gen.ids)
        L.append(f"{ind}f{i} = _flips(cells, {ctx['c']}, o, {gen.dirs(a, 'RAYS')}[{ctx['c']}], EN, FR)")
        L.append(f"{ind}if f{i}:")
        k({**ctx, "fl": f"({ctx['fl']} | f{i})" if ctx["fl"] != "0" else f"f{i}", "ind": ind + "    "})


WORD = Flip()


# the batch backend's form (boards/grid/batch.py): the players' pieces as one 64-bit board per
# game, each direction of D a shift of the board (a board of at most 64 cells whose directions
# are translations: each cell's neighbour the cell so many places on, wherever there is one)
def batch_shifts(game, dirs: str) -> list[tuple[int, int, int]] | None:
    """For each direction of the set `dirs` (the same for every seat): (k, the bits of the cells
    with a neighbour that way, the bits of those neighbours), a step that way being a shift by k;
    None where the board or its directions do not allow it."""
    from ..topology import direction_sets
    if game.size > 64:
        return None
    words = direction_sets(game.rules.dirsets, game.geo)[dirs]
    per_seat = {tuple(dict.fromkeys(v for v in (game.vector(s, w) for w in words) if v is not None))
                for s in range(game.n)}
    if len(per_seat) != 1:
        return None
    out = []
    for v in per_seat.pop():
        nxt = game.geo.neighbours(v)
        moved = {nxt[i] - i for i in range(game.size) if nxt[i] >= 0}
        if len(moved) != 1:
            return None
        out.append((moved.pop(), sum(1 << i for i in range(game.size) if nxt[i] >= 0),
                    sum(1 << nxt[i] for i in range(game.size) if nxt[i] >= 0)))
    return out


def _shift(board, k: int, edge: int):
    """The bits of `board` on the cells of `edge`, each moved k cells on."""
    import numpy as np
    board = board & np.uint64(edge)
    return board << np.uint64(k) if k > 0 else board >> np.uint64(-k)


def batch_outflanking(mine, theirs, empty, shifts):
    """The empty cells (bits, per game) from which some line in a direction of `shifts` runs over
    one or more of `theirs` to one of `mine`: where flip(D) turns something. Walked back from
    mine over theirs, one cell a round."""
    import numpy as np
    found = np.zeros_like(mine)
    for k, edge, ahead in shifts:
        x = _shift(mine, -k, ahead) & theirs
        while x.any():
            x = _shift(x, -k, ahead)
            found |= x & empty
            x &= theirs
    return found


def batch_flips(mine, theirs, placed, shifts):
    """The bits of `theirs` turned by the piece placed on `placed` (one bit per game): in each
    direction, the run of theirs from it closed by one of mine."""
    import numpy as np
    turned = np.zeros_like(mine)
    for k, edge, _ahead in shifts:
        run = np.zeros_like(mine)
        x = _shift(placed, k, edge) & theirs
        while x.any():
            run |= x
            x = _shift(x, k, edge)
            turned |= np.where((x & mine) != 0, run, np.uint64(0))
            x &= theirs
    return turned
