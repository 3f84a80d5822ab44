"""Players from their spec strings (`random`, `greedy`, `mcts:iterations=2000`, `human`), so the
CLI, tournaments, analysis and the web page name players the same way.

The one module that knows every player kind: KINDS is the one list of them, which the CLI's
help, the web page and the messages read. It imports the players only when one is made (so the
CLI's help costs no AI's import); none of them imports it (the human player's hint player is
made here and handed in).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ..api import RulebookError

if TYPE_CHECKING:
    from .base import Match, Player

__all__ = ["KINDS", "make_player", "make_players", "match_seed", "seeded_match", "player_names", "kind_forms",
           "kind_words", "LIMITS"]

# the range of each numeric player parameter (inclusive; seconds must be more than 0): beyond
# them a spec is a typo, not a request (a move searched for a day, a search that never ends)
LIMITS: dict[str, tuple[float, float]] = {
    "iterations": (1, 1_000_000),
    "seconds": (0.0, 3600.0),
    "c": (0.0, 100.0),
    "playout": (0, 10_000),
    "max_playout": (1, 1_000_000),
    "reuse": (0, 1),
    "order": (0, 1_000_000),
    "relative": (0, 1),
    "solver": (0, 1),
    "bias": (0.0, 1000.0),
    "mast": (0, 1),
    "depth": (1, 64),
    "nodes": (1, 1_000_000_000),
    "playouts": (0, 10_000),
    "quiesce": (0, 1),
}


class Kind:
    """A player kind: how it is made, its parameters (name -> (type, default)) and what it does."""
    __slots__ = ("make", "params", "help")

    def __init__(self, make: Callable[..., Player], params: dict[str, tuple[type, Any]], help: str):
        self.make, self.params, self.help = make, params, help


def _random(game, seed, name, **kw):
    from .random import RandomPlayer
    return RandomPlayer(game, seed, name)


def _greedy(game, seed, name, **kw):
    from .greedy import GreedyPlayer
    return GreedyPlayer(game, seed, name)


def _mcts(game, seed, name, io=None, **kw):
    from .mcts import MCTSPlayer
    return MCTSPlayer(game, seed, name=name, **kw)


def _alphabeta(game, seed, name, io=None, **kw):
    from .alphabeta import AlphaBetaPlayer
    return AlphaBetaPlayer(game, seed, name=name, **kw)


def _human(game, seed, name, io=None, hint="mcts"):
    from .base import derive_seed
    from .human import HumanPlayer  # the human loop pulls in terminal code: load it only when asked

    if hint.split(":")[0].strip().lower() == "human":
        raise RulebookError(f"human: the hint player must be an AI ({kind_words(ai_only=True)}) or none")
    hint_player = None if hint == "none" else make_player(hint, game, derive_seed(seed, "hint"))
    return HumanPlayer(game, hint_player=hint_player, name=name, **(io or {}))


# the one list of player kinds, in the order help texts and the web page show them
KINDS: dict[str, Kind] = {
    "random": Kind(_random, {}, "a uniformly random legal move"),
    "greedy": Kind(_greedy, {}, "one ply, scored by the game's evaluation"),
    "mcts": Kind(_mcts, {"iterations": (int, 1000), "seconds": (float, None), "c": (float, 1.4),
                         "playout": (int, 0), "max_playout": (int, 1000), "reuse": (int, 1),
                         "order": (int, 2), "relative": (int, 0),
                         "spread": (float, 1.0), "leader": (int, 1), "solver": (int, 0),
                         "bias": (float, 0.0), "mast": (int, 0)},
                 "Monte Carlo tree search (UCT), chance sampled, tree kept between moves"),
    "alphabeta": Kind(_alphabeta, {"depth": (int, None), "seconds": (float, None), "nodes": (int, 100000),
                                   "playouts": (int, "8 without evaluate"), "quiesce": (int, 0)},
                      "iterative-deepening alpha-beta, two players without chance"),
    "human": Kind(_human, {"hint": (str, "mcts")}, "you, at the terminal"),
}


def kind_words(ai_only: bool = False) -> str:
    """The kinds' names, `random, greedy, mcts, alphabeta, human` (without `human`: the AIs)."""
    return ", ".join(k for k in KINDS if not (ai_only and k == "human"))


def kind_forms() -> str:
    """The kinds as a help text writes them, each with its first parameter:
    `random, greedy, mcts[:iterations=N], ...`."""
    forms = []
    for name, kind in KINDS.items():
        for param, (typ, _default) in list(kind.params.items())[:1]:
            name += f"[:{param}={ {int: 'N', float: 'X'}.get(typ, 'TEXT') }]"
        forms.append(name)
    return ", ".join(forms)


def player_names() -> str:
    """One line per player kind with its parameters: what error messages and --help show."""
    lines = []
    for name, kind in KINDS.items():
        params = ", ".join(f"{p}={d}" for p, (_, d) in kind.params.items())
        lines.append(f"{name}{':' + params if params else ''}  ({kind.help})")
    return "\n".join(lines)


def _short(text: str, width: int = 60) -> str:
    return text if len(text) <= width else f"{text[:width - 20]}... ({len(text)} characters)"


def _num(value) -> str:
    return f"{value:g}" if isinstance(value, float) else f"{value:,}"


def _parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    kind = KINDS.get(name)
    if kind is None:
        raise RulebookError(f"unknown player '{name}' in '{_short(spec)}'; players are: {kind_words()}"
                            f" (e.g. mcts:iterations=2000, mcts:seconds=1.5,c=1.4)")
    params: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if key not in kind.params:
            known = ", ".join(kind.params) or "none"
            raise RulebookError(f"player '{_short(spec)}': unknown parameter '{key}' for player '{name}'; "
                                f"its parameters: {known}")
        if not eq:
            raise RulebookError(f"player '{_short(spec)}': parameter '{key}' needs a value ({key}=...)")
        if key in params:
            raise RulebookError(f"player '{_short(spec)}': parameter '{key}' is given twice")
        typ = kind.params[key][0]
        shown = value if len(value) <= 40 else value[:20] + f"... ({len(value)} characters)"
        if typ is int and not (value.isascii() and value.lstrip("+-").isdigit() and len(value) <= 20):
            raise RulebookError(f"player '{_short(spec)}': {key} must be int (a whole number), got '{shown}'")
        try:
            params[key] = typ(value)
        except ValueError:
            what = {int: "int (a whole number)", float: "float (a number)"}.get(typ, typ.__name__)
            raise RulebookError(f"player '{_short(spec)}': {key} must be {what}, got '{shown}'") from None
    for key, value in params.items():
        if key not in LIMITS:
            continue
        low, high = LIMITS[key]
        if not math.isfinite(value):
            raise RulebookError(f"player '{_short(spec)}': {key} must be a finite number, got {value}")
        if key == "seconds" and not low < value <= high:
            raise RulebookError(f"player '{_short(spec)}': seconds must be positive and at most {_num(high)}, got {_num(value)}")
        if not low <= value <= high:
            raise RulebookError(f"player '{_short(spec)}': {key} must be {'positive' if low > 0 else 'at least 0'} and at most {_num(high)}, "
                                f"got {_num(value)}")
    return name, params


def make_player(spec: str, game, seed: int = 0, *, input_fn=None, output_fn=None, render=None) -> Player:
    """A player from its spec, e.g. `mcts:seconds=1.5,c=1.4`. Raises RulebookError on bad specs.

    The keyword arguments only matter for `human` (terminal I/O and the board renderer).
    """
    name, params = _parse_spec(spec)
    io = {k: v for k, v in (("input_fn", input_fn), ("output_fn", output_fn), ("render", render)) if v is not None}
    return KINDS[name].make(game, seed, spec.strip(), io=io, **params)


def make_players(specs: Sequence[str], game, seed: int = 0, **io) -> list[Player]:
    """One player per seat; each gets its own seed derived from (seed, seat)."""
    if len(specs) != len(game.players):
        raise RulebookError(f"{game.name} has {len(game.players)} seats ({', '.join(game.players)}), "
                            f"got {len(specs)} players")
    from .base import derive_seed
    return [make_player(s, game, derive_seed(seed, "seat", i), **io) for i, s in enumerate(specs)]


def match_seed(seed: int, index: int = 0) -> int:
    """The seed of match `index` (0 for the first) of a run seeded `seed`: `play`'s --games,
    a tournament's or an analysis's game index alike."""
    from .base import derive_seed
    return derive_seed(seed, "game", index)


def seeded_match(game, specs: Sequence[str], seed: int, *, io: dict | None = None, **match_options) -> Match:
    """The match of seed `seed` (a match_seed): one player per spec, each seeded by (seed, seat),
    and chance drawn from (seed, "chance"). The one place `play`, tournaments and analyses
    build a match, so that the same game, specs, seat order and seed give the same match from
    each. `io` goes to make_players (a human's terminal), `match_options` to Match."""
    from .base import Match, derive_seed
    return Match(game, make_players(specs, game, seed, **(io or {})), derive_seed(seed, "chance"), **match_options)
