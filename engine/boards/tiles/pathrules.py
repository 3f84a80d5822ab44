"""The checks of path-tile games (a file with `stones:`): tiles whose sides carry path points
(`tiles.points`, each type's `paths`), a bounded board (`board.open.bounds`), a stone per seat
(`stones.start`), open hands filled from a pile (`hands.size`) and one phase that draws into the
hands and lays a tile in front of the mover's stone (`draw: hands`, `place: facing`).

Everything is located: a bad word is a finding at its key or token. The rules' `compile` gives
a PathGame (pathgame.py)."""
from __future__ import annotations

from typing import Any

from ...api import RulebookError
from ...lang.expr import INT
from ...source.check import Checker
from ...structs import field, struct
from .kind import Rules
from .paths import Squares
from .vocabulary import vocabulary
from .words import PATHS, SEAT, bounds, elsewhere, evaluate, hands, paths, phases, scoring, seats, stones

@struct
class PathRules(Rules):
    """A checked path-tile game: what compile needs."""
    RULE_SET = PATHS
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


# the sections this rule set does not take (words/elsewhere.py)
_SENTENCE = "'{key}': {what} are not words of a game with stones on path tiles"


def check_path_rules(ch: Checker) -> PathRules | None:
    """The words of stones on path tiles (words/: each its module) into PathRules."""
    spec = ch.src.data
    elsewhere.check(ch, elsewhere.GRID + ("counters", "routes"), _SENTENCE)
    players, cmin, cdef, cmax = seats.check(ch, "a forward direction belongs to grid boards")
    board = bounds.check(ch)
    if board is None:
        return None
    files, ranks = board

    per = paths.points(ch)
    if per is None:
        return None
    tiles = spec["tiles"]
    if "features" in tiles:
        ch.error(("tiles", "features"), "path tiles carry no features", key=True)
    types = []
    for name, td in tiles["types"].items():
        for k in ("sides", "segments", "feature"):
            if k in td:
                ch.error(("tiles", "types", name, k), f"'{k}' belongs to tiles joining sides; a path tile has paths",
                         key=True)
        pairs = paths.check(ch, name, td, per)
        if pairs is not None:
            types.append((name, td["count"], pairs))

    squares = Squares(files, ranks, per)
    starts, self_elimination = stones.check(ch, squares, cmax)
    hand_size = hands.check(ch)
    phases.paths(ch)

    vocab = vocabulary(PATHS, SEAT, spec)

    def typed(path, what):
        return ch.typed(path, vocab, (INT,), what=what)

    scoring_ = scoring.check(ch, typed, "a game of stones on path tiles needs 'scoring': named parts per player "
                                        "(e.g. stones)")
    evaluate_ = evaluate.check(ch, typed)
    places = {}
    for key in ("scoring", "evaluate", "stones"):
        if key in spec:
            places[key] = f"{ch.src.file}:{ch.src.place((key,)).line}"
    return PathRules(spec, ch.src.file, players, cmin, cmax, cdef, types, files, ranks, per, starts,
                     hand_size, self_elimination, scoring_, evaluate_, places)


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
