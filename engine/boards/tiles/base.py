"""What every compiled game of the tile kind shares, whichever its rule set (track tiles, sides
of several kinds, path tiles): the fields it starts with, the parts of the Game API that a
position's stage (state.py: DRAW, PLACE, SELL, OVER), seat and ply decide, its counts of what was
refused (instrument=True), the file's expressions compiled by one builder (each rule set names
its own, in its words: vocabulary.py) and the evaluation (each rule set gives the values of a
finished game, `final_values`). Its positions are state.Position's. Beside it, what the games
build on their score parts (the outcome, the evaluation) and the answers of --why alike."""
from __future__ import annotations

from typing import Any

from ...api import CHANCE, Outcome, RulebookError, parse_by_notation
from ...codegen import define
from ...lang.expr import Emitter
from ...source.info import game_info
from ...structs import replace
from .routes import Plane
from .state import DRAW, OVER
from .vocabulary import vocabulary
from .words import GAME


class StagedGame:
    """The Game API's parts that the stage, the seat and the ply decide, for every tile game."""

    def _start(self, rules, options: dict[str, Any], seats: int, instrument: bool, stats) -> None:
        """The fields every compiled tile game has: its rules, name, seats, options, the header
        front-ends read (`info`) and its counts (names `stats`, shared with its parts, reset in
        place)."""
        self.rules = rules
        self.name = rules.spec["game"]
        self.players = tuple(rules.players[:seats])
        self.options = dict(options)
        self.info = replace(game_info(rules.spec, range(rules.count_min, rules.count_max + 1)),
                            rule_set=rules.RULE_SET)
        self.instrument = instrument
        self.stats = dict.fromkeys(stats, 0)
        self.n = seats
        self.sources: dict[str, str] = {}       # the Python of each compiled expression (`rulebook compile`)

    def _types(self, names) -> None:
        """The tile types' names, in the file's order, and each name's index."""
        self.type_names = list(names)
        self.type_index = {t: i for i, t in enumerate(self.type_names)}

    def _grown_board(self, counts) -> tuple[int, int, int]:
        """The plane of a board that grows from its start tile (board.open.start; wide enough for
        every tile of the bag in a line from it) and that start: (type, cell, quarter turns)."""
        sname, sx, sy, srot = self.rules.start
        self.plane = Plane(sum(counts) + max(abs(sx), abs(sy)))
        return self.type_index[sname], self.plane.cell(sx, sy), srot

    # -- the file's expressions, compiled alike for every rule set
    def _fn(self, node, fname: str, vocab, where: str, args: str = "st, me", ns: dict | None = None):
        """The function `fname(args)` giving an expression's value (of a list of expressions: the
        tuple of their values), its source kept in `sources`; None for no expression. `where`: its
        key among the rules' places (its file:line in a traceback); `ns`: the names its code reads."""
        if node is None:
            return None
        em = Emitter(vocab)
        body = "(" + "".join(em.emit(x) + ", " for x in node) + ")" if isinstance(node, list) else em.emit(node)
        src = f"def {fname}({args}):\n" + "".join(f"    {x}\n" for x in em.hoisted[0]) + f"    return {body}\n"
        self.sources[fname] = src
        place = self.rules.places.get(where, f"{self.rules.src_file}:{where}")
        return define(src, fname, place, {} if ns is None else ns)

    def _supply(self, options, ns: dict | None = None) -> int:
        """counters.supply: the counters each seat starts with, a number or an expression of the
        game as set up (its seats, its options)."""
        rules = self.rules
        if isinstance(rules.supply, int):
            return rules.supply
        vocab = vocabulary(rules.RULE_SET, GAME, rules.spec, seats=self.n, option_values=options)
        supply = self._fn(rules.supply, "supply", vocab, "counters.supply", ns=ns)(None, 0)
        if not isinstance(supply, int) or supply < 0:
            raise RulebookError(f"{rules.src_file}: counters.supply gives {supply!r}, not a whole number of at least 0")
        return supply

    def to_move(self, st) -> int:
        return CHANCE if st.stage == DRAW else st.seat

    def ply(self, st) -> int:
        return st.ply

    def is_over(self, st) -> bool:
        return st.stage == OVER

    def parse_move(self, st, text: str):
        return parse_by_notation(self, st, text)

    def evaluate(self, st):
        """The AI players' evaluation of each seat: None where the file has no `evaluate`; of a
        finished game, its result (`final_values`, each rule set's); else the file's evaluate of
        each seat, held to [0, 1]."""
        if self.evaluate_fn is None:
            return None
        if st.stage == OVER:
            return self.final_values(st)
        return clamped(self.evaluate_fn, st, self.n)

    def rule_stats(self) -> dict[str, int]:
        """How often things happened or were refused since the last reset (instrument=True only)."""
        return dict(self.stats) if self.instrument else {}

    def reset_rule_stats(self) -> None:
        self.stats.update(dict.fromkeys(self.stats, 0))


def settled(g, st, text: str) -> tuple[str, list[str], str | None]:
    """What `--why` answers alike in every tile game: (the move's text stripped, the legal moves'
    texts, the answer where the game is over or the move is legal, else None)."""
    text = text.strip()
    if st.stage == OVER:
        return text, [], f"'{text}': the game is over"
    legal = [g.move_str(m) for m in g.legal_moves(st)]
    return text, legal, f"'{text}' is legal" if text in legal else None


# ---------------------------------------------------------------- the score parts' outcome and evaluation
def parts_outcome(players, part_names, parts, over: bool, winners: tuple | None = None) -> Outcome:
    """The Outcome of a position from each seat's score parts: totals and parts per player; when
    over, `winners` (None: the seats with the top total)."""
    totals = [sum(p) for p in parts]
    scores = dict(zip(players, totals))
    bd = {players[i]: dict(zip(part_names, parts[i])) for i in range(len(players))}
    if not over:
        return Outcome(False, (), scores, bd)
    if winners is None:
        top = max(totals)
        winners = tuple(p for i, p in enumerate(players) if totals[i] == top)
    return Outcome(True, winners, scores, bd)


def ranked(totals: list) -> list[float]:
    """A finished match's evaluation, as it is rewarded: 1 per rival beaten, 1/2 per tie."""
    n = len(totals)
    if n < 2:
        return [1.0]
    return [sum(1.0 if totals[i] > totals[j] else 0.5 if totals[i] == totals[j] else 0.0
                for j in range(n) if j != i) / (n - 1) for i in range(n)]


def clamped(evaluate_fn, st, n: int) -> list[float]:
    """The file's evaluate of each seat, held to [0, 1]."""
    return [min(1.0, max(0.0, float(evaluate_fn(st, s)))) for s in range(n)]
