"""Reinforcement-learning environments of rulebook games (`pip install 'rulebook[rl]'`).

- `pettingzoo(path, **options)`: a PettingZoo AEC environment, one agent per seat;
- `gymnasium(path, opponent="random", **options)`: a Gymnasium environment, one seat against
  rulebook players;
- `openspiel(path, **options)`: an OpenSpiel game (`pip install 'rulebook[openspiel]'`), and
  `register_openspiel(path)` to load it by name with `pyspiel.load_game`;
- `batch(path, games=G, seed=S, **options)`: G games of a placing game played at once, every
  game's seat to move acting at each step (numpy only; the games the batch backend plays);
- `Encoding(game)`: the observation planes and the fixed action space all of them use;
- `RulebookAEC`, `RulebookEnv`: the two environments' classes.

Observations, action indices and masks are described in docs/api.md. Bad input (a missing game
file, a bad option, player spec or action) raises RulebookError (IllegalMove for actions).
"""
from __future__ import annotations

from typing import Any

from ..errors import RulebookError, lazy_names
from .batch import BatchEnv
from .common import Encoding

__all__ = ["BatchEnv", "Encoding", "RulebookAEC", "RulebookEnv", "batch", "gymnasium", "openspiel", "pettingzoo", "register_openspiel"]

# the environment classes (for isinstance and subclassing), imported on first use: only they need
# pettingzoo and gymnasium
__getattr__, __dir__ = lazy_names(__name__, __name__, {"RulebookAEC": "aec", "RulebookEnv": "single"})


def batch(game, games: int = 1024, *, seed: int = 0, seats: int | None = None, **options: Any) -> BatchEnv:
    """`games` games of a game file (or a compiled game) played together, for these options and
    number of seats: each step takes one action per game, from its seat to move (BatchEnv)."""
    return BatchEnv(game, games, seed, seats, **options)


def pettingzoo(game, *, render_mode: str | None = None, seats: int | None = None, **options: Any):
    """A PettingZoo AEC environment of a game file (or a compiled game), for these options
    (`name=value`, as `--option` takes them) and number of seats."""
    try:
        from .aec import RulebookAEC
    except ImportError as e:
        raise _missing(e) from None
    return RulebookAEC(game, render_mode=render_mode, seats=seats, **options)


def gymnasium(game, opponent: str | list[str] = "random", *, seat: int = 0, illegal: str = "lose",
              render_mode: str | None = None, seats: int | None = None, **options: Any):
    """A Gymnasium environment of a game file (or a compiled game): the agent plays `seat`, rulebook
    players made from `opponent` (a player spec, or one per other seat) play the others."""
    try:
        from .single import RulebookEnv
    except ImportError as e:
        raise _missing(e) from None
    return RulebookEnv(game, opponent=opponent, seat=seat, illegal=illegal, render_mode=render_mode,
                       seats=seats, **options)


def openspiel(game, *, max_game_length: int | None = None, max_chance_outcomes: int = 0, seats: int | None = None,
              **options: Any):
    """An OpenSpiel game (a `pyspiel.Game`) of a game file (or a compiled game), for these options
    and number of seats; a game still running after `max_game_length` plies (default 10000) ends
    there as a draw; a game with chance positions gives the most outcomes one lists."""
    try:
        from . import spiel as os_
    except ImportError as e:
        raise _missing(e, "openspiel") from None
    length = os_.MAX_GAME_LENGTH if max_game_length is None else max_game_length
    return os_.openspiel(game, max_game_length=length, max_chance_outcomes=max_chance_outcomes, seats=seats, **options)


def register_openspiel(path, short_name: str | None = None) -> str:
    """Register a game file as a pyspiel game (its options its parameters, with `players` and
    `max_game_length`) and return its name, for `pyspiel.load_game(f"{name}(option=value)")`."""
    try:
        from . import spiel as os_
    except ImportError as e:
        raise _missing(e, "openspiel") from None
    return os_.register(path, short_name)


def _missing(e: ImportError, extra: str = "rl") -> RulebookError:
    if extra == "openspiel":
        return RulebookError(f"OpenSpiel games need the openspiel extra ({e.name or e} is missing): "
                             f"pip install 'rulebook[openspiel]'")
    return RulebookError(f"the environments need the rl extra ({e.name or e} is missing): pip install 'rulebook[rl]'")
