"""The checks of path-tile games (a file with `stones:`): tiles whose sides carry path points
(`tiles.points`, each type's `paths`), a bounded board (`board.open.bounds`), a stone per seat
(`stones.start`), open hands filled from a pile (`hands.size`) and one phase that draws into the
hands and lays a tile in front of the mover's stone (`draw: hands`, `place: facing`).

Everything is located: a bad word is a finding at its key or token. The rules' `compile` gives
a PathGame (pathgame.py)."""
from __future__ import annotations

from typing import Any

from ...api import RulebookError
from ...lang.expr import INT, Symbol, Vocabulary
from ...source.check import Checker
from ...source.options import option_symbols
from ...structs import field, struct
from .paths import Squares, parse_points
from .seats import SeatRange, check_seats

_NOT_HERE = {"zones": "zones", "directions": "direction sets", "pieces": "pieces", "end": "end conditions",
             "notation": "notation marks", "position": "position rules (set positions)",
             "counters": "counters", "routes": "routes"}

NAMES = ("stones", "tiles", "players", "ply")


def vocabulary(spec: dict, seats: int | None = None, option_values=None) -> Vocabulary:
    """The words of a path-tile game's expressions (`scoring`, `evaluate`)."""
    names = {
        "stones": Symbol(INT, "(1 if st.stones[me] >= 0 else 0)", ),
        "tiles": Symbol(INT, "len(st.hands[me])"),
        "players": Symbol(INT, repr(seats) if seats is not None else "NSEATS"),
        "ply": Symbol(INT, "st.ply"),
    }
    names.update(option_symbols(spec, option_values))
    return Vocabulary(names, {})


@struct
class PathRules(SeatRange):
    """A checked path-tile game: what compile needs."""
    spec: dict
    src_file: str
    players: list[str]
    count_min: int
    count_max: int
    count_default: int
    types: list[tuple[str, int, list[tuple[int, int]]]]     # name, count, point pairs at rotation 0
    files: int
    ranks: int
    per_side: int
    starts: list[str]
    hand_size: int
    self_elimination: str
    scoring: list
    evaluate: Any
    places: dict = field(default_factory=dict)


def check_path_rules(ch: Checker) -> PathRules | None:
    spec = ch.src.data
    for key, what in _NOT_HERE.items():
        if key in spec:
            ch.error((key,), f"'{key}': {what} are not words of a game with stones on path tiles", key=True)
    players, cmin, cdef, cmax = check_seats(ch, "a forward direction belongs to grid boards")

    board = spec["board"]["open"]
    bounds = board.get("bounds")
    if "start" in board:
        ch.error(("board", "open", "start"), "stones on path tiles start on an empty bounded board: "
                                             "no start tile", key=True)
    if bounds is None:
        ch.error(("board", "open"), "stones on path tiles need a bounded board: board.open.bounds "
                                    "{files, ranks}", key=True)
        return None
    files, ranks = bounds["files"], bounds["ranks"]

    tiles = spec.get("tiles")
    if not tiles or "points" not in tiles:
        ch.error(("tiles",) if tiles else ("board", "open"),
                 "stones follow paths between points on the tiles' sides: tiles.points (points per side)", key=True)
        return None
    per = tiles["points"]
    npts = 4 * per
    if "features" in tiles:
        ch.error(("tiles", "features"), "path tiles carry no features", key=True)
    types = []
    for name, td in tiles["types"].items():
        tpath = ("tiles", "types", name)
        for k in ("connects", "feature"):
            if k in td:
                ch.error(tpath + (k,), f"'{k}' belongs to tiles joining sides; a path tile has paths", key=True)
        if "paths" not in td:
            ch.error(tpath, f"tile {name} needs its paths: pairs of points 0..{npts - 1} such as 0-1", key=True)
            continue
        pairs, seen, ok = [], {}, True
        for j, text in enumerate(td["paths"]):
            a, b = parse_points(text)
            bad = [x for x in (a, b) if x >= npts]
            if bad:
                ch.error(tpath + ("paths", j), f"'{text}': a tile has points 0..{npts - 1} ({per} a side)")
                ok = False
                continue
            if a == b:
                ch.error(tpath + ("paths", j), f"'{text}' joins point {a} to itself")
                ok = False
                continue
            again = [x for x in (a, b) if x in seen]
            if again:
                ch.error(tpath + ("paths", j), f"'{text}': point {again[0]} is already on path {seen[again[0]]}")
                ok = False
                continue
            seen[a] = seen[b] = text
            pairs.append((a, b))
        if ok and len(seen) != npts:
            missing = sorted(set(range(npts)) - set(seen))
            ch.error(tpath + ("paths",), f"tile {name} leaves point{'s' if len(missing) > 1 else ''} "
                                         f"{', '.join(map(str, missing))} on no path: every point is on one")
        types.append((name, td["count"], pairs))

    squares = Squares(files, ranks, per)
    stones = spec.get("stones") or {}
    starts = list(stones.get("start") or [])
    seen_spots: dict = {}
    for j, text in enumerate(starts):
        spot = squares.spot(text)
        path = ("stones", "start", j)
        if spot is None:
            ch.error(path, f"'{text}' is not a point of the board (square:point, e.g. c1:4; points 0..{npts - 1})")
        elif not squares.on_edge(spot):
            ch.error(path, f"'{text}' is not on the board's edge: a stone starts facing its square from outside")
        elif spot in seen_spots:
            ch.error(path, f"'{text}' is the start of two stones")
        else:
            seen_spots[spot] = j
    if len(starts) < cmax:
        ch.error(("stones", "start"), f"{cmax} players may play: stones.start needs {cmax} points, "
                                      f"one for each seat in order (it has {len(starts)})")
    hand_size = (spec.get("hands") or {}).get("size")
    if hand_size is None:
        ch.error(("stones",), "stones on path tiles are moved by tiles from the players' hands: hands.size", key=True)
        hand_size = 1

    phases = spec["phases"]
    if len(phases) != 1:
        ch.error(("phases",), "a game of stones on path tiles has one phase (draw: hands, place: facing)")
    ph = phases[0]
    for k in ("turns", "plies", "move", "let", "landing", "sell", "until", "start", "priority", "legal"):
        if k in ph:
            ch.error(("phases", 0, k), f"'{k}' is not a word of a phase of stones on path tiles", key=True)
    if ph.get("draw") != "hands" or ph.get("place") != "facing":
        ch.error(("phases", 0), f"phase '{ph['name']}' needs draw: hands and place: facing", key=True)

    scoring = []
    vocab = vocabulary(spec)
    places = {}
    if "scoring" not in spec:
        ch.error((), "a game of stones on path tiles needs 'scoring': named parts per player (e.g. stones)", key=True)
    for part in spec.get("scoring") or {}:
        node = ch.typed(("scoring", part), vocab, (INT,), what=f"scoring part {part}")
        if node is not None:
            scoring.append((part, node))
    evaluate = ch.typed(("evaluate",), vocab, (INT,), what="evaluate") if "evaluate" in spec else None
    for key in ("scoring", "evaluate", "stones"):
        if key in spec:
            places[key] = f"{ch.src.file}:{ch.src.place((key,)).line}"
    return PathRules(spec, ch.src.file, players, cmin, cmax, cdef, types, files, ranks, per, starts,
                     hand_size, stones.get("self_elimination", "last_resort"), scoring, evaluate, places)


def position_parts(game, pieces: dict, reserves: dict):
    """(board, stones, hands) of a position file's pieces and reserves, or RulebookError."""
    sq = game.squares
    board = [-1] * sq.size
    stones = list(game.starts)
    names = {n: o for o, n in enumerate(game.move_names)}
    for owner, kinds in pieces.items():
        if not isinstance(kinds, dict):
            raise RulebookError(f"pieces.{owner}: a mapping, {{T01r0: [a1]}} for tiles (nobody) or {{stone: [c1:4]}}")
        if owner == "nobody":
            for kind, cells in kinds.items():
                o = names.get(kind)
                if o is None:
                    raise RulebookError(f"pieces.nobody: '{kind}' is not a tile in one of its rotations (e.g. "
                                        f"{game.move_names[0]})")
                for c in cells:
                    s = sq.square(c)
                    if s is None:
                        raise RulebookError(f"pieces.nobody: '{c}' is not a square of the board")
                    if board[s] >= 0:
                        raise RulebookError(f"two tiles on {c}")
                    board[s] = o
            continue
        seat = game.players.index(owner)
        if set(kinds) - {"stone"} or len(kinds.get("stone", [])) > 1:
            raise RulebookError(f"pieces.{owner}: a seat has one stone, {{stone: [c1:4]}} (or [] once it is out)")
        where = kinds.get("stone", [])
        if not where:
            stones[seat] = ~game.starts[seat]
            continue
        spot = sq.spot(where[0])
        if spot is None:
            raise RulebookError(f"pieces.{owner}: '{where[0]}' is not a point of the board (square:point)")
        stones[seat] = spot
    for s, x in enumerate(stones):
        if x >= 0 and board[x // sq.points] >= 0:
            raise RulebookError(f"{game.players[s]}'s stone on {sq.spot_name(x)} faces a square that holds a tile")
        if x >= 0 and not sq.on_edge(x) and board[sq.across[x // sq.points][x % sq.points // sq.per_side]] < 0:
            raise RulebookError(f"{game.players[s]}'s stone on {sq.spot_name(x)} stands between two empty squares: "
                                "a stone off the edge came there through a tile")
    if len({x for x in stones if x >= 0}) < sum(1 for x in stones if x >= 0):
        raise RulebookError("two stones on one point")
    hands = []
    for p in game.players:
        held = reserves.get(p, 0)
        if isinstance(held, int):
            if held:
                raise RulebookError(f"reserve.{p}: a hand of tiles, {{T01: 1}}")
            held = {}
        hand = []
        for kind, count in held.items():
            if kind not in game.type_index:
                raise RulebookError(f"reserve.{p}: '{kind}' is not a tile type")
            hand += [game.type_index[kind]] * count
        if hand and stones[game.players.index(p)] < 0:
            raise RulebookError(f"reserve.{p}: {p}'s stone is out of the game: their tiles went back to the pile")
        if len(hand) > game.hand_size:
            raise RulebookError(f"reserve.{p}: {len(hand)} tiles, a hand holds at most {game.hand_size}")
        hands.append(hand)
    return board, stones, hands
