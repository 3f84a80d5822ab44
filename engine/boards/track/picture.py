"""A track game's positions for the front-ends: the position form (docs/positions.md) read and
written, the terminal drawing and the scene the pictures draw (look/scene.py)."""
from __future__ import annotations

from ...api import RulebookError
from .dice import roll_str
from .state import TrackState


def _owner_count(c: int):
    """(seat, how many) of a point's signed count (seat None when empty)."""
    return (0, c) if c > 0 else (1, -c) if c < 0 else (None, 0)


def position_parts(game, pieces: dict, to_move, reserves: dict, ply, roll):
    P, kind = game.points, game.rules.kind
    pts = [0] * P
    bar, on = [0, 0], [0, 0]
    for owner, by in pieces.items():
        if owner not in game.players:
            raise RulebookError(f"pieces.{owner}: not a seat of this game ({', '.join(game.players)})")
        seat = game.players.index(owner)
        if not isinstance(by, dict) or set(by) - {kind} or not isinstance(by.get(kind, {}), dict):
            raise RulebookError(f"pieces.{owner}: the pieces of a track by point, {{{kind}: {{\"24\": 2}}}} "
                                f"(points named as {game.players[0]} numbers them)")
        for name, count in by.get(kind, {}).items():
            if not (name.isdigit() and 1 <= int(name) <= P):
                raise RulebookError(f"pieces.{owner}.{kind}: '{name}' is not a point of the track (1..{P})")
            if count:
                pts[int(name) - 1] += count if seat == 0 else -count
                on[seat] += count
    for seat, p in enumerate(game.players):
        held = reserves.get(p, 0)
        if not isinstance(held, int):
            raise RulebookError(f"reserve.{p}: the number of {p}'s pieces on the bar")
        bar[seat] = held
        if on[seat] + held > game.per_seat:
            raise RulebookError(f"{p} has {on[seat] + held} pieces on the track and the bar: a seat has "
                                f"{game.per_seat}")
    off = tuple(game.per_seat - on[s] - bar[s] for s in range(2))
    seat = game.players.index(to_move) if to_move is not None else 0
    faces = ()
    if roll is not None:
        by_name = {roll_str(m[1]): m[1] for m in game.rolls}
        if roll not in by_name:
            raise RulebookError(f"roll: '{roll}' is not a roll of the dice (written highest first: "
                                f"{roll_str(game.rolls[1][1])})")
        faces = by_name[roll]
    st = TrackState(tuple(pts), tuple(bar), off, faces, seat, ply or 0)
    for s in (1 - seat, seat):          # the player who just moved first
        if game.win_fn(st, s)[0]:
            return st._replace(roll=(), winner=s)
    return st


def position_json(game, st) -> dict:
    kind = game.rules.kind
    pieces: dict = {p: {kind: {}} for p in game.players}
    for i, c in enumerate(st.pts):
        seat, n = _owner_count(c)
        if n:
            pieces[game.players[seat]][kind][str(i + 1)] = n
    out = {"game": game.name, "to_move": game.players[st.seat], "ply": st.ply, "pieces": pieces,
           "reserve": {p: st.bar[s] for s, p in enumerate(game.players)}}
    if st.roll:
        out["roll"] = roll_str(st.roll)
    return out


def render(game, st) -> str:
    """The track in two rows as the first seat sees it (its points P/2+1..P above, P/2..1 below,
    each with what stands there: a seat's initial and how many), then the bars, the off areas,
    who is to roll or play."""
    P = game.points
    half = (P + 1) // 2
    marks = [p[0].upper() for p in game.players]

    def cell(q):
        seat, n = _owner_count(st.pts[q - 1])
        return f"{marks[seat]}{n}" if n else "."

    top = list(range(half + 1, P + 1))
    low = list(range(half, 0, -1))
    lines = ["".join(f"{q:>4}" for q in top), "".join(f"{cell(q):>4}" for q in top),
             "".join(f"{cell(q):>4}" for q in low), "".join(f"{q:>4}" for q in low)]
    lines.append("bar: " + ", ".join(f"{p} {st.bar[s]}" for s, p in enumerate(game.players))
                 + " · off: " + ", ".join(f"{p} {st.off[s]}" for s, p in enumerate(game.players)))
    who = game.players[st.seat]
    if st.winner >= 0:
        lines.append(f"{game.players[st.winner]} won")
    elif st.roll:
        lines.append(f"{who} to play {roll_str(st.roll)}")
    else:
        lines.append(f"{who} to roll")
    return "\n".join(lines) + "\n"


def scene(game, st) -> dict:
    """What the pictures draw: each point (named as the first seat numbers it) with its owner
    and count, each seat's bar and off, the roll."""
    points = []
    for i, c in enumerate(st.pts):
        seat, n = _owner_count(c)
        points.append({"cell": str(i + 1), "owner": game.players[seat] if n else None, "seat": seat, "count": n})
    return {"kind": "track", "points": points, "bar": list(st.bar), "off": list(st.off),
            "roll": roll_str(st.roll) if st.roll else "", "kind_name": game.rules.kind,
            # whose numbers the last move's notation used: the seat that played it (None after a roll)
            "played_by": None if st.roll or st.ply == 0 else 1 - st.seat if st.winner < 0 else st.winner}
