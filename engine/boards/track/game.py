"""A compiled track game: the Game API of rulebook/api.py for two seats racing their pieces
along one track of P points in opposite directions (a seat's point q is the other's P + 1 - q),
with a bar and an off area per seat, a roll of dice (dice.py) before every play of steps
(steps.py), and the end and scoring of the file's expressions (vocabulary.py).

Every turn is two plies: the roll (a chance ply: `to_move` is CHANCE, the moves are the rolls)
and the play (the mover's: a list of steps, or `pass`)."""
from __future__ import annotations

from typing import Any

from ...api import CHANCE, IllegalMove, Outcome, RulebookError, parse_by_notation
from ...codegen import define
from ...lang.expr import Emitter
from ...source.info import game_info
from .dice import ROLL, roll_str
from .state import TrackState
from .steps import OFF, play_str, plays


class TrackGame:
    """A compiled track game (rules from rules.py)."""

    def __init__(self, rules, options: dict[str, Any], seats: int, instrument: bool = False):
        self.rules = rules
        self.name = rules.spec["game"]
        self.players = tuple(rules.players)
        self.options = dict(options)
        self.info = game_info(rules.spec, (2,))
        self.n = 2
        self.points = rules.points
        self.dice = rules.dice
        self.step_rule = rules.steps
        self.per_seat = len(rules.start)
        self.rolls = [m for m, _w in rules.dice.outcomes()]
        self.roll_weights = rules.dice.outcomes()
        self.part_names = tuple(name for name, _ in rules.scoring)
        self.zone_names = list(rules.zones)
        self._compile(options)

    def _compile(self, options) -> None:
        from .vocabulary import vocabulary
        P = self.points
        zones = [set(self.rules.zones[z]) for z in self.zone_names]

        def on(st, seat, z, seen_by=None):
            """The pieces of `seat` on zone z's points, numbered as `seen_by` (default: seat) does."""
            look = seat if seen_by is None else seen_by
            sign = 1 if seat == 0 else -1
            total = 0
            for q in zones[z]:
                c = st.pts[q - 1 if look == 0 else P - q] * sign
                if c > 0:
                    total += c
            return total

        def to_go(st, seat):
            total = st.bar[seat] * (P + 1)
            for i, c in enumerate(st.pts):
                if seat == 0 and c > 0:
                    total += c * (i + 1)
                elif seat == 1 and c < 0:
                    total -= c * (P - i)
            return total

        def singles(st, seat):
            return st.pts.count(1 if seat == 0 else -1)

        ns = {"_on": on, "_to_go": to_go, "_singles": singles}
        self.sources = {}

        def fn(name, nodes, where):
            em = Emitter(vocabulary(self.rules.spec, self.zone_names, options))
            body = "(" + "".join(em.emit(x) + ", " for x in nodes) + ")"
            src = (f"def {name}(st, me):\n" + "".join(f"    {x}\n" for x in em.hoisted[0])
                   + f"    return {body}\n")
            self.sources[name] = src
            return define(src, name, self.rules.places.get(where, f"{self.rules.src_file}:{where}"), dict(ns))

        self.win_fn = fn("win", [self.rules.win], "end")
        self.score_fn = fn("score", [node for _, node in self.rules.scoring], "scoring")
        self.evaluate_fn = fn("evaluate", [self.rules.evaluate], "evaluate") if self.rules.evaluate else None

    # -- positions
    def initial_state(self) -> TrackState:
        P = self.points
        pts = [0] * P
        for q in self.rules.start:
            pts[q - 1] += 1
            pts[P - q] -= 1
        return TrackState(tuple(pts), (0, 0), (0, 0), (), 0, 0)

    def view(self, st: TrackState, seat: int) -> list:
        """The board as `seat` sees it: index q for their point q (0 unused), their pieces positive."""
        pts = st.pts
        if seat == 0:
            return [0, *pts]
        return [0, *(-c for c in reversed(pts))]

    # -- the Game API
    def to_move(self, st) -> int:
        return CHANCE if not st.roll and st.winner < 0 else st.seat

    def ply(self, st) -> int:
        return st.ply

    def is_over(self, st) -> bool:
        return st.winner >= 0

    def legal_moves(self, st) -> list:
        if st.winner >= 0:
            return []
        if not st.roll:
            return list(self.rolls)
        return plays(self.step_rule, self.view(st, st.seat), st.bar[st.seat], self.dice.steps(st.roll))

    def chance_outcomes(self, st) -> list:
        if st.winner >= 0 or st.roll:
            return []
        return list(self.roll_weights)

    def apply(self, st, move) -> TrackState:
        if st.winner >= 0:
            raise IllegalMove(f"{self.move_str(move)}: the game is over", 0)
        if not st.roll:
            if move not in self.rolls:
                raise IllegalMove(f"{self.move_str(move)}: not a roll of the dice", 0)
            return st._replace(roll=move[1], ply=st.ply + 1)
        me, P = st.seat, self.points
        b, bar = self.view(st, me), st.bar[me]
        block = self.step_rule.block
        try:
            for f, t in move:
                if not (1 <= f <= P + 1 and 0 <= t < f):
                    raise ValueError
                if f > P:
                    if bar <= 0:
                        raise ValueError
                    bar -= 1
                else:
                    if b[f] <= 0:
                        raise ValueError
                    b[f] -= 1
                if t != OFF:
                    if b[t] <= -block:
                        raise ValueError
                    if b[t] < 0:
                        b[t] = 0
                    b[t] += 1
        except (ValueError, TypeError, IndexError):
            raise IllegalMove(f"{self.move_str(move)}: not a play of this position", 0) from None
        off_now = self.per_seat - bar - sum(c for c in b if c > 0)
        pts = tuple(b[1:]) if me == 0 else tuple(-c for c in reversed(b[1:]))
        enemy_on = sum(-c for c in b if c < 0)
        enemy_bar = self.per_seat - st.off[1 - me] - enemy_on
        bars = (bar, enemy_bar) if me == 0 else (enemy_bar, bar)
        offs = (off_now, st.off[1]) if me == 0 else (st.off[0], off_now)
        nxt = TrackState(pts, bars, offs, (), 1 - me, st.ply + 1)
        if self.win_fn(nxt, me)[0]:
            nxt = nxt._replace(winner=me)
        return nxt

    def outcome(self, st) -> Outcome:
        parts = [self.score_fn(st, s) for s in range(2)]
        scores = {self.players[i]: sum(parts[i]) for i in range(2)} if self.part_names else {}
        bd = {self.players[i]: dict(zip(self.part_names, parts[i])) for i in range(2)} if self.part_names else None
        if st.winner < 0:
            return Outcome(False, (), scores, bd)
        return Outcome(True, (self.players[st.winner],), scores, bd)

    def evaluate(self, st):
        if self.evaluate_fn is None:
            return None
        if st.winner >= 0:
            return [1.0 if s == st.winner else 0.0 for s in range(2)]
        return [min(1.0, max(0.0, float(self.evaluate_fn(st, s)[0]))) for s in range(2)]

    def move_str(self, move) -> str:
        if isinstance(move, tuple) and move and move[0] == ROLL:
            return roll_str(move[1])
        return play_str(move, self.points)

    def parse_move(self, st, text: str):
        return parse_by_notation(self, st, text)

    def rule_stats(self) -> dict[str, int]:
        return {}

    def reset_rule_stats(self) -> None:
        pass

    # -- tools for front-ends and tests
    def random_move(self, st, rng):
        """A random legal move: a roll by its weight, a play uniformly (random playouts)."""
        if not st.roll and st.winner < 0:
            moves, weights = zip(*self.roll_weights)
            return rng.choices(moves, weights)[0]
        return rng.choice(self.legal_moves(st))

    def move_cells(self, move) -> list[str]:
        """The cells the web page has clicked for a move: none (a roll or a play is chosen by its
        button: a play's points are in the mover's own numbers, the pictures' in the first seat's)."""
        return []

    def explain(self, st, text: str) -> str:
        from .explain import explain
        return explain(self, st, text)

    def position(self, pieces: dict, to_move: str | None = None, reserves: dict | None = None,
                 ply: int | None = None, passes: int = 0, roll: str | None = None) -> TrackState:
        """A position from the position form (docs/positions.md): each seat's pieces as
        `SEAT: {KIND: {POINT: count}}`, the points named as the first seat numbers them; the
        pieces on the bar as the seat's `reserve`; the rest are off. `roll`: the roll the player
        to move plays (`3-1`), or none when the next ply is a roll."""
        from .picture import position_parts
        return position_parts(self, pieces, to_move, reserves or {}, ply, roll)

    def position_json(self, st) -> dict:
        from .picture import position_json
        return position_json(self, st)

    def render(self, st, color: bool = False) -> str:
        from .picture import render
        return render(self, st)

    def scene(self, st) -> dict:
        from .picture import scene
        return scene(self, st)
