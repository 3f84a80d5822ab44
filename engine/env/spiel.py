"""A rulebook game as an OpenSpiel game (the `openspiel` extra), behind `rulebook.env.openspiel`
and `rulebook.env.register_openspiel`.

`openspiel(path, **options)` returns a `pyspiel.Game` whose states OpenSpiel's own algorithms
play (MCTS, minimax, alpha-beta, evaluate_bots, get_all_states, the random-simulation test);
`register(path)` registers the file as a pyspiel game (its options become the game's parameters),
so `pyspiel.load_game("rulebook_<title>(option=value)")` loads it too.

The mapping (docs/api.md, "OpenSpiel"): actions are the Encoding's action indices (its fixed
action space, so `num_distinct_actions` is `Encoding.size`), observations its planes seen from
the observing player (`observation_tensor`, shape `Encoding.shape`), the observation string the
game's text picture, the information-state string the moves so far (a perfect-information
game: the history names the position). Players are the seats in turn order. A game with chance
positions says so with `max_chance_outcomes` (the most outcomes a chance position lists; the
default 0 makes a deterministic game type, and a chance position met then is an error): then its
chance positions are chance nodes, outcome i of `chance_outcomes(state)` the chance action i, with
the game's weights as probabilities. A game of the track kind has them (two dice: 21
outcomes, `max_chance_outcomes=21`); a grid game has none, and a tile game's draws have no fixed action space to index. Returns are the
environments' rewards (+1 a sole win, -1 a loss, 0 a draw; rank based for more seats, always
summing to 0). OpenSpiel needs a bound on a game's length: a game
that reaches `max_game_length` plies (a parameter, default MAX_GAME_LENGTH) without ending ends
there as a draw.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

from ..api import CHANCE, RulebookError
from .common import load, rewards

__all__ = ["MAX_GAME_LENGTH", "RulebookGame", "RulebookState", "openspiel", "register"]

MAX_GAME_LENGTH = 10_000
"""The plies after which a game still running ends as a draw, unless `max_game_length` says."""

_GT = pyspiel.GameType


def _game_type(game, short_name: str, parameters: dict[str, Any], chance: bool) -> pyspiel.GameType:
    seats = game.info.seats
    return pyspiel.GameType(
        short_name=short_name, long_name=f"rulebook: {game.name}",
        dynamics=_GT.Dynamics.SEQUENTIAL,
        chance_mode=_GT.ChanceMode.EXPLICIT_STOCHASTIC if chance else _GT.ChanceMode.DETERMINISTIC,
        information=_GT.Information.PERFECT_INFORMATION,
        utility=_GT.Utility.ZERO_SUM, reward_model=_GT.RewardModel.TERMINAL,
        max_num_players=seats.max, min_num_players=seats.min,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=parameters)


def _slug(name: str) -> str:
    return "rulebook_" + "".join(c if c.isalnum() else "_" for c in name.lower()).strip("_")


class _Shared:
    """What every state of one game reads (the compiled game and its encoding): OpenSpiel clones a
    Python state by deep-copying its attributes, and these must be shared, not copied; it
    serializes one by pickling them, and these pickle as the recipe that loads them again."""
    __slots__ = ("game", "encoding", "max_length", "max_chance", "recipe")

    def __init__(self, game, encoding, max_length: int, max_chance: int, recipe: tuple | None):
        self.game, self.encoding, self.max_length, self.max_chance = game, encoding, max_length, max_chance
        self.recipe = recipe            # (path, options, seats, max_length, max_chance), or None for a compiled game
        if recipe is not None:
            _SHARED.setdefault(recipe, self)

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        if self.recipe is None:
            raise RulebookError(f"{self.encoding.where}: an OpenSpiel game made from a compiled game cannot be "
                                f"serialized: make it from its file's path")
        return _shared_of, (self.recipe,)


_SHARED: dict[tuple, _Shared] = {}


def _shared_of(recipe: tuple) -> _Shared:
    """The game of a recipe, loaded once per process (how a pickled state finds its game)."""
    if recipe not in _SHARED:
        path, options, seats, length, chance = recipe
        _Shared(*load(path, dict(options), seats), length, chance, recipe)
    return _SHARED[recipe]


class _Position:
    """One rulebook state and its legal moves by action index, found once. Immutable (a move
    makes a new one), so a clone shares it."""
    __slots__ = ("state", "_by_index")

    def __init__(self, state):
        self.state, self._by_index = state, None

    def by_index(self, shared: _Shared) -> dict[int, Any]:
        if self._by_index is None:
            game = shared.game
            if game.to_move(self.state) == CHANCE:
                if not shared.max_chance:
                    raise RulebookError(f"{shared.encoding.where}: a chance position, in a game made with "
                                        f"max_chance_outcomes=0: give the most outcomes a chance position lists")
                outcomes = game.chance_outcomes(self.state)
                if len(outcomes) > shared.max_chance:
                    raise RulebookError(f"{shared.encoding.where}: a chance position with {len(outcomes)} outcomes, "
                                        f"more than max_chance_outcomes={shared.max_chance}")
                self._by_index = {i: m for i, (m, _w) in enumerate(outcomes)}
            else:
                self._by_index = shared.encoding.legal(self.state)[1]
        return self._by_index

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return _Position, (self.state,)


class RulebookGame(pyspiel.Game):
    """A compiled rulebook game as a pyspiel.Game (made by `openspiel` or by pyspiel.load_game of
    a registered file)."""

    def __init__(self, game, encoding, max_game_length: int, max_chance_outcomes: int, game_type,
                 params: dict[str, Any], recipe: tuple | None = None):
        for name, value, least in (("max_game_length", max_game_length, 1), ("max_chance_outcomes", max_chance_outcomes, 0)):
            if not isinstance(value, int) or isinstance(value, bool) or value < least:
                raise RulebookError(f"{encoding.where}: {name} must be a whole number of at least {least}, got {value!r}")
        n = len(game.players)
        info = pyspiel.GameInfo(num_distinct_actions=encoding.size,
                                max_chance_outcomes=max_chance_outcomes,
                                num_players=n, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                                max_game_length=max_game_length)
        super().__init__(game_type, info, params)
        self.shared = _Shared(game, encoding, max_game_length, max_chance_outcomes, recipe)

    @property
    def rulebook_game(self):
        """The compiled rulebook game (the Game protocol)."""
        return self.shared.game

    @property
    def encoding(self):
        """The Encoding whose action indices and planes this game uses."""
        return self.shared.encoding

    def new_initial_state(self) -> RulebookState:
        return RulebookState(self, self.shared.game.initial_state())

    def state_of(self, state) -> RulebookState:
        """The OpenSpiel state of a rulebook state of this game (a loaded position, say)."""
        return RulebookState(self, state)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise RulebookError(f"{self.shared.encoding.where}: observation parameters are not supported, got {params}")
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _Observer(self.shared)
        from open_spiel.python.observation import IIGObserverForPublicInfoGame
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class RulebookState(pyspiel.State):
    """An OpenSpiel state holding one rulebook state (`rulebook_state`)."""

    def __init__(self, game: RulebookGame, state):
        super().__init__(game)
        self._shared = game.shared
        self._pos = _Position(state)

    @property
    def rulebook_state(self):
        """The rulebook state (an immutable value of the Game protocol)."""
        return self._pos.state

    def _at_limit(self) -> bool:
        return self._shared.game.ply(self._pos.state) >= self._shared.max_length

    def is_terminal(self) -> bool:
        return self._shared.game.is_over(self._pos.state) or self._at_limit()

    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        seat = self._shared.game.to_move(self._pos.state)
        return pyspiel.PlayerId.CHANCE if seat == CHANCE else seat

    def _legal_actions(self, player) -> list[int]:
        return sorted(self._pos.by_index(self._shared))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        by_index = self._pos.by_index(self._shared)
        weights = [w for _m, w in self._shared.game.chance_outcomes(self._pos.state)]
        total = sum(weights)
        return [(i, weights[i] / total) for i in sorted(by_index)]

    def _apply_action(self, action: int) -> None:
        move = self._shared.encoding.decode(self._pos.by_index(self._shared), action)
        self._pos = _Position(self._shared.game.apply(self._pos.state, move))

    def _action_to_string(self, player, action: int) -> str:
        move = self._pos.by_index(self._shared).get(action) if not self.is_terminal() else None
        return self._shared.game.move_str(move) if move is not None else f"action {action}"

    def returns(self) -> list[float]:
        game = self._shared.game
        if game.is_over(self._pos.state):
            return rewards(game, self._pos.state)
        return [0.0] * len(game.players)

    def __str__(self) -> str:
        return _picture(self._shared.game, self._pos.state)


def _picture(game, state) -> str:
    return game.render(state) if hasattr(game, "render") else repr(state)


class _Observer:
    """The observation of a state (OpenSpiel's PyObserver): the Encoding's planes seen from the
    observing player, and the game's text picture."""

    def __init__(self, shared: _Shared):
        self.shared = shared
        shape = shared.encoding.shape
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: RulebookState, player: int) -> None:
        self.tensor[:] = self.shared.encoding.observe(state.rulebook_state, player).ravel()

    def string_from(self, state: RulebookState, player: int) -> str:
        return _picture(self.shared.game, state.rulebook_state)


EVERY_GAME = {"players": None, "max_game_length": MAX_GAME_LENGTH, "max_chance_outcomes": 0}
"""The pyspiel parameters of every registered game besides its options (players: the file's default)."""


def _parameters(game) -> dict[str, Any]:
    """The pyspiel parameters of a game file: its options (by their defaults) and EVERY_GAME's."""
    params: dict[str, Any] = {opt.name: opt.default for opt in game.info.options}
    for name in EVERY_GAME:
        if name in params:
            raise RulebookError(f"{game.name}: the option '{name}' has the name of an OpenSpiel parameter of every game")
    return {**params, **EVERY_GAME, "players": game.info.seats.default}


def openspiel(game_or_path, *, max_game_length: int = MAX_GAME_LENGTH, max_chance_outcomes: int = 0,
              seats: int | None = None, **options: Any) -> RulebookGame:
    """The OpenSpiel game of a game file (registered, so that pyspiel serializes its states and
    loads it by name) or of a compiled game (not registered), for these options and seats."""
    if not isinstance(game_or_path, (str, Path)):
        game, encoding = load(game_or_path, options, seats)
        return _make(game, encoding, None, max_game_length, max_chance_outcomes, None)
    from ..pipeline import check_file
    from ..source.options import resolve_options
    path = str(game_or_path)
    name = register(path)
    values = resolve_options(check_file(path).spec, options, path)
    params = {**values, "max_game_length": max_game_length, "max_chance_outcomes": max_chance_outcomes}
    if seats is not None:
        params["players"] = seats
    for key in ("max_game_length", "max_chance_outcomes", "players"):     # pyspiel would refuse them without a word
        if key in params and (not isinstance(params[key], int) or isinstance(params[key], bool)):
            raise RulebookError(f"{path}: {key} must be a whole number, got {params[key]!r}")
    return pyspiel.load_game(name, params)


def _make(game, encoding, game_or_path, length: int, chance: int, registered: tuple | None) -> RulebookGame:
    """The RulebookGame of a compiled game; `registered` is (short name, parameter spec) for a
    registered file, whose game type lists the parameters."""
    params = {**game.options, "players": len(game.players), "max_game_length": length, "max_chance_outcomes": chance}
    name, spec = registered or (_slug(game.name), {})
    recipe = None
    if isinstance(game_or_path, (str, Path)):
        recipe = (str(game_or_path), tuple(sorted(game.options.items())), len(game.players), length, chance)
    return RulebookGame(game, encoding, length, chance, _game_type(game, name, spec, chance > 0), params, recipe)


def register(path, short_name: str | None = None) -> str:
    """Register a game file as a pyspiel game and return its short name (`rulebook_` and the
    game's title in lower case, unless given). Its parameters are the file's options (with their
    defaults) and `players`, `max_game_length`, `max_chance_outcomes`:
    `pyspiel.load_game(f"{name}(players=3)")`. Registering a file again does nothing; a name
    taken by another file is an error."""
    path = str(path)
    if not Path(path).is_file():
        raise RulebookError(f"{path}: no such game file")
    from ..pipeline import load_game
    default = load_game(path, {}, None)
    name = short_name or _slug(default.name)
    where = str(Path(path).resolve())
    if _REGISTERED.get(name, where) != where:
        raise RulebookError(f"{path}: the OpenSpiel name {name} is registered for {_REGISTERED[name]}: give another short_name")
    if name in _REGISTERED:
        return name
    spec = _parameters(default)

    def __init__(self, params=None):
        params = {**spec, **(params or {})}
        seats, length, chance = (int(params.pop(k)) for k in EVERY_GAME)
        game, encoding = load(path, params, seats)
        made = _make(game, encoding, path, length, chance, (name, spec))
        RulebookGame.__init__(self, game, encoding, length, chance, made.get_type(), made.get_parameters(),
                              made.shared.recipe)

    # a class, as OpenSpiel registers games (and a class outlives the interpreter's shutdown,
    # where the registry lets go of what it holds)
    cls = type(f"RulebookGame_{name}", (RulebookGame,), {"__init__": __init__, "__module__": __name__})
    # the registered type is the game's without chance; one made with max_chance_outcomes > 0 says so itself
    pyspiel.register_game(_game_type(default, name, spec, False), cls)
    _REGISTERED[name] = where
    return name


_REGISTERED: dict[str, str] = {}
"""The files registered in this process, by OpenSpiel name."""
