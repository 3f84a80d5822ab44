"""Reinforcement-learning environments of rulebook games (`pip install 'rulebook[rl]'`).

- `pettingzoo(path, **options)`: a PettingZoo AEC environment, one agent per seat;
- `gymnasium(path, opponent="random", **options)`: a Gymnasium environment, one seat against
  rulebook players;
- `Encoding(game)`: the observation planes and the fixed action space both use;
- `RulebookAEC`, `RulebookEnv`: the two environments' classes.

Observations, action indices and masks are described in docs/api.md. Bad input (a missing game
file, a bad option, player spec or action) raises RulebookError (IllegalMove for actions).
"""
from __future__ import annotations

from typing import Any

from ..errors import RulebookError, lazy_names
from .encoding import Encoding

__all__ = ["Encoding", "RulebookAEC", "RulebookEnv", "gymnasium", "pettingzoo"]

# the environment classes (for isinstance and subclassing), imported on first use: only they need
# pettingzoo and gymnasium
__getattr__, __dir__ = lazy_names(__name__, __name__, {"RulebookAEC": "aec", "RulebookEnv": "single"})


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


def _missing(e: ImportError) -> RulebookError:
    return RulebookError(f"the environments need the rl extra ({e.name or e} is missing): pip install 'rulebook[rl]'")
