"""A compiled path-tile game: the Game API of rulebook/api.py for tiles whose sides carry path
points (paths.py), laid from open hands (hands.py) on a bounded board, each in front of the
mover's stone; every stone facing the new tile follows the paths.

The rules of the words (docs/language.md, the tile kind):
- the mover lays a tile of their hand, in one of its orientations, on the empty square their
  stone faces; every stone on a point of that square follows the paths until it faces an empty
  square; a stone led off the board leaves the game, and so do two stones that meet (one's path
  runs through the other's point on the new tile, or both end on the same point);
- with `self_elimination: last_resort`, a move that takes the mover's stone off is legal only if
  every option of the mover does;
- the hands of players whose stone left go back to the pile; then the hands are filled
  (hands.py), starting with the mover; the next standing player holding a tile moves;
- the game ends when at most one stone stands (its player wins; none standing: those whose stones
  left with the last tile share the win), or when no standing player holds a tile and the pile is
  empty (the standing players share the win). A win shared by every seat is a draw.
"""
from __future__ import annotations

from typing import Any

from ...api import IllegalMove, Outcome, RulebookError
from .hands import added, next_drawer, next_mover, returned, taken
from .paths import PointTiles, Squares, follow
from .base import StagedGame, parts_outcome
from .state import DRAW, OVER, PLACE, Position
from .vocabulary import vocabulary
from .words import PATHS, SEAT



class PathState(Position):
    """A position (immutable by convention, hashable).
      board     per square, the orientation of its tile or -1
      stones    per seat, the spot its stone stands on, or ~spot where it left the board or met another
      hands     per seat, the sorted tile types held
      pile      pieces left per type
      stage     DRAW (seat draws: a chance ply), PLACE (seat lays a tile) or OVER
      seat      who draws or moves; mover: the last seat to lay a tile (turns go on from it)
      out       bit mask of the seats whose stones left with the last tile
    """

    __slots__ = ("board", "stones", "hands", "pile", "stage", "seat", "mover", "ply", "out")
    _FIELDS = __slots__

    def __init__(self, board, stones, hands, pile, stage, seat, mover, ply, out):
        self.board, self.stones, self.hands, self.pile = board, stones, hands, pile
        self.stage, self.seat, self.mover, self.ply, self.out = stage, seat, mover, ply, out
        self._hash = None

    def _key(self):
        return (self.board, self.stones, self.hands, self.pile, self.stage, self.seat, self.mover, self.ply,
                self.out)

    @property
    def standing(self) -> int:
        """Bit mask of the seats whose stone stands."""
        return sum(1 << s for s, x in enumerate(self.stones) if x >= 0)


class PathGame(StagedGame):
    """A compiled path-tile game (rules from pathrules.py)."""

    def __init__(self, rules, options: dict[str, Any], seats: int, instrument: bool = False):
        self._start(rules, options, seats, instrument, ("moves refused: they take the mover's stone off",))
        self._types(name for name, _c, _p in rules.types)
        self.counts = tuple(c for _n, c, _p in rules.types)
        self.squares = Squares(rules.files, rules.ranks, rules.per_side)
        self.tiles = PointTiles([p for _n, _c, p in rules.types], rules.per_side)
        self.links = self.tiles.links
        self.starts = tuple(self.squares.spot(s) for s in rules.starts[:seats])
        self.hand_size = rules.hand_size
        self.last_resort = rules.self_elimination == "last_resort"
        self.move_names = [f"{self.type_names[t]}r{90 * k}" for t, k in self.tiles.orientations]
        self.draws = tuple(("d", t) for t in range(len(self.type_names)))
        self.part_names = tuple(name for name, _ in rules.scoring)
        self._compile(options)

    def _compile(self, options) -> None:
        vocab = vocabulary(PATHS, SEAT, self.rules.spec, seats=self.n, option_values=options)
        self.score = self._fn([node for _, node in self.rules.scoring], "score", vocab, "scoring")
        self.evaluate_fn = self._fn(self.rules.evaluate, "evaluate", vocab, "evaluate")

    # -- positions
    def initial_state(self) -> PathState:
        return self.start([()] * self.n, None, 0)

    def start(self, hands, board=None, to_move: int = 0, stones=None, ply: int = 0) -> PathState:
        """A position from hands, tiles and stones (the pile holds the pieces not used): the next
        to draw or to move found from `to_move`, as after the move of the seat before it."""
        board = tuple(board) if board is not None else (-1,) * self.squares.size
        stones = tuple(stones) if stones is not None else self.starts
        hands = tuple(tuple(sorted(h)) if stones[s] >= 0 else () for s, h in enumerate(hands))
        used = [0] * len(self.counts)
        for o in board:
            if o >= 0:
                used[self.tiles.orientations[o][0]] += 1
        for h in hands:
            for t in h:
                used[t] += 1
        pile = tuple(c - u for c, u in zip(self.counts, used))
        if min(pile, default=0) < 0:
            name = self.type_names[[p < 0 for p in pile].index(True)]
            raise RulebookError(f"more {name} tiles than the game has")
        return self._after(board, stones, hands, pile, (to_move - 1) % self.n, to_move, 0, ply)

    def _after(self, board, stones, hands, pile, mover, first, out, ply) -> PathState:
        """The position once `mover` has laid a tile (hands returned): the end, a draw (the fill
        starting with `first`) or the next move."""
        standing = sum(1 << s for s, x in enumerate(stones) if x >= 0)
        if standing & (standing - 1) == 0:               # at most one stone stands
            return PathState(board, stones, hands, pile, OVER, mover, mover, ply, out)
        d = next_drawer(hands, standing, self.hand_size, sum(pile), first, self.n)
        if d is not None:
            return PathState(board, stones, hands, pile, DRAW, d, mover, ply, out)
        m = next_mover(hands, standing, mover, self.n)
        if m is None:
            return PathState(board, stones, hands, pile, OVER, mover, mover, ply, out)
        return PathState(board, stones, hands, pile, PLACE, m, mover, ply, out)

    # -- laying a tile
    def lay(self, st: PathState, o: int):
        """(board, stones, out mask) after laying orientation o in front of the mover's stone."""
        pts = self.squares.points
        sq = st.stones[st.seat] // pts
        board = st.board[:sq] + (o,) + st.board[sq + 1:]
        old = st.stones
        stones = list(old)
        moving = [s for s in range(self.n) if old[s] >= 0 and old[s] // pts == sq]
        out = 0
        passed = {}
        for s in moving:
            ran: list = []
            stones[s] = follow(board, self.links, self.squares, old[s], ran)
            if stones[s] < 0:
                out |= 1 << s
            passed[s] = ran
        for s in moving:                            # a path through another stone's point
            for s2 in moving:
                if s2 != s and old[s2] in passed[s]:
                    out |= 1 << s | 1 << s2
        ends: dict = {}
        for s in range(self.n):                     # two stones on one point
            x = stones[s]
            if x >= 0:
                if x in ends:
                    out |= 1 << s | 1 << ends[x]
                ends[x] = s
        for s in range(self.n):
            if out >> s & 1 and stones[s] >= 0:
                stones[s] = ~stones[s]
        return board, tuple(stones), out

    def options_of(self, st: PathState) -> list[tuple[int, bool]]:
        """Every (orientation, takes the mover's stone off) the mover may lay, before the rule of
        the last resort."""
        res = []
        for t in dict.fromkeys(st.hands[st.seat]):
            for o in self.tiles.by_type[t]:
                res.append((o, bool(self.lay(st, o)[2] >> st.seat & 1)))
        return res

    # -- the Game API
    def legal_moves(self, st) -> list:
        if st.stage == PLACE:
            opts = self.options_of(st)
            if not self.last_resort:
                return [o for o, _ in opts]
            safe = [o for o, off in opts if not off]
            if self.instrument and safe:
                self.stats["moves refused: they take the mover's stone off"] += len(opts) - len(safe)
            return safe or [o for o, _ in opts]
        if st.stage == DRAW:
            return [self.draws[t] for t, c in enumerate(st.pile) if c]
        return []

    def chance_outcomes(self, st) -> list:
        if st.stage != DRAW:
            return []
        return [(self.draws[t], c) for t, c in enumerate(st.pile) if c]

    def apply(self, st, move) -> PathState:
        if st.stage == DRAW:
            if move.__class__ is int or move[0] != "d" or not st.pile[move[1]]:
                raise IllegalMove(f"{self.move_str(move)}: not a possible draw here", 0)
            t, s = move[1], st.seat
            hands = st.hands[:s] + (added(st.hands[s], t),) + st.hands[s + 1:]
            pile = st.pile[:t] + (st.pile[t] - 1,) + st.pile[t + 1:]
            standing = st.standing
            d = next_drawer(hands, standing, self.hand_size, sum(pile), (s + 1) % self.n, self.n)
            if d is not None:
                return PathState(st.board, st.stones, hands, pile, DRAW, d, st.mover, st.ply + 1, st.out)
            m = next_mover(hands, standing, st.mover, self.n)
            stage = OVER if m is None else PLACE
            return PathState(st.board, st.stones, hands, pile, stage, st.mover if m is None else m, st.mover,
                             st.ply + 1, st.out)
        if st.stage != PLACE or move.__class__ is not int or move not in self.legal_moves(st):
            raise IllegalMove(f"{self.move_str(move)}: not a legal move here", 0)
        board, stones, out = self.lay(st, move)
        s = st.seat
        t = self.tiles.orientations[move][0]
        hands = list(st.hands)
        hands[s] = taken(hands[s], t)
        pile = st.pile
        for x in range(self.n):
            if out >> x & 1:
                pile = returned(pile, hands[x])
                hands[x] = ()
        return self._after(board, stones, tuple(hands), pile, s, s, out, st.ply + 1)

    def winners(self, st) -> tuple[str, ...]:
        standing = st.standing
        won = standing if standing else st.out
        if won == (1 << self.n) - 1:
            return ()
        return tuple(p for i, p in enumerate(self.players) if won >> i & 1)

    def outcome(self, st) -> Outcome:
        over = st.stage == OVER
        return parts_outcome(self.players, self.part_names, [self.score(st, s) for s in range(self.n)], over,
                             self.winners(st) if over else None)

    def final_values(self, st) -> list[float]:
        won = self.winners(st)
        if not won:
            return [0.5] * self.n
        return [1.0 if p in won else 0.0 for p in self.players]

    def move_str(self, move) -> str:
        if move.__class__ is int:
            return self.move_names[move]
        return "draw:" + self.type_names[move[1]]

    # -- tools for front-ends and tests
    def explain(self, st, text: str) -> str:
        """Why a move is not legal here, in words."""
        text = text.strip()
        if st.stage == OVER:
            return f"'{text}': the game is over"
        if st.stage == DRAW:
            return f"'{text}': a tile is drawn from the pile now (draw:TYPE, a type left in the pile)"
        names = {self.move_names[o]: o for o in range(len(self.move_names))}
        o = names.get(text)
        if o is None:
            t = self.type_index.get(text.partition("r")[0] if "r" in text else text)
            if t is not None:
                rots = ", ".join(self.move_names[x] for x in self.tiles.by_type[t])
                return f"'{text}': {self.type_names[t]} is laid as one of {rots}"
            return f"'{text}' is not a move of this game (a tile and its rotation: {self.move_names[0]})"
        t = self.tiles.orientations[o][0]
        if t not in st.hands[st.seat]:
            return f"'{text}': {self.players[st.seat]} does not hold {self.type_names[t]}"
        if o in self.legal_moves(st):
            return f"'{text}' is legal here"
        return (f"'{text}' takes {self.players[st.seat]}'s stone off the board or into another, while another "
                f"option does not (self_elimination: last_resort, {self.rules.places.get('stones', '')})")

    def position(self, pieces: dict, to_move: str | None = None, reserves: dict | None = None,
                 ply: int | None = None, passes: int = 0) -> PathState:
        """A position from the position form: tiles as `nobody: {T05r90: [c2]}`, each seat's stone
        as `SEAT: {stone: [c2:0]}` (none: out of the game; a seat not named: on its start), and
        hands in `reserve` (`SEAT: {T01: 1}`); the rest is the pile."""
        from .pathrules import position_parts
        board, stones, hands = position_parts(self, pieces, reserves or {})
        seat = self.players.index(to_move) if to_move is not None else 0
        return self.start(hands, board, seat, stones, ply or 0)

    def position_json(self, st) -> dict:
        nobody: dict = {}
        for sq, o in enumerate(st.board):
            if o >= 0:
                nobody.setdefault(self.move_names[o], []).append(self.squares.name(sq))
        pieces: dict = {"nobody": nobody} if nobody else {}
        for s, x in enumerate(st.stones):
            pieces[self.players[s]] = {"stone": [self.squares.spot_name(x)] if x >= 0 else []}
        reserve = {self.players[s]: {self.type_names[t]: h.count(t) for t in dict.fromkeys(h)}
                   for s, h in enumerate(st.hands)}
        seat = st.seat if st.stage != OVER else (st.mover + 1) % self.n     # a fill resumes with its drawer
        return {"game": self.name, "to_move": self.players[seat], "ply": st.ply, "pieces": pieces,
                "reserve": reserve}

    def render(self, st, color: bool = False) -> str:
        from .pathpicture import render
        return render(self, st, color)

    def scene(self, st, preview=None) -> dict:
        from .pathpicture import scene
        return scene(self, st, preview)

    def placed_tile(self, st, move) -> tuple[str, str, int] | None:
        """The square, tile type and turn (degrees) of a move that lays a tile in position st (on
        the square the mover's stone faces), else None."""
        from .pathpicture import placed_tile
        return placed_tile(self, st, move)
