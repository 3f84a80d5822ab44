"""Claims on features: a seat's counter put on one segment of the tile it just laid, when the
feature that segment is part of holds no counter yet; the seats with the most counters on a
feature take its points (a tie: each of them in full), and its counters go back to their
supplies when it scores."""
from __future__ import annotations

from .features import NODE, Features


def claimable(fs: Features, growth, tiles: dict, cell: int, t: int, k: int, allowed: tuple) -> list[int]:
    """The segments of tile t turned k, about to be laid on `cell`, that may take a counter: of a
    claimable feature (`allowed[i]`) and joining no feature that holds a counter."""
    root, of = fs.root, fs.of
    side = growth.side[t][k]
    reach: dict[int, set] = {}              # segment -> the roots of the features it joins
    for s, pts in enumerate(side):
        if not pts:
            continue
        nb = cell + growth.delta[s]
        other = tiles.get(nb)
        if other is None:
            continue
        oseg = growth.shapes.seg[other[0]][other[1]]
        far = 3 * ((s + 2) % 4)
        for j, i in pts:
            reach.setdefault(i, set()).add(root[nb * NODE + oseg[far + 2 - j]])
    # two segments joining one feature become one: a claim anywhere in the group counts for both
    groups = [(set([i]), set(r)) for i, r in reach.items()]
    merged = True
    while merged:
        merged = False
        for a in range(len(groups)):
            for b in range(a + 1, len(groups)):
                if groups[a][1] & groups[b][1]:
                    groups[a][0].update(groups[b][0])
                    groups[a][1].update(groups[b][1])
                    del groups[b]
                    merged = True
                    break
            if merged:
                break
    taken = set()
    for segs, roots in groups:
        if any(any(of[r].claims) for r in roots):
            taken |= segs
    return [i for i, ok in enumerate(allowed) if ok and i not in taken]


def winners(claims: tuple) -> tuple[int, ...]:
    """The seats with the most counters on a feature (none if it holds none)."""
    top = max(claims)
    return () if top == 0 else tuple(s for s, c in enumerate(claims) if c == top)
