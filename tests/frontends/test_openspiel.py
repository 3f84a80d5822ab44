"""rulebook.env.openspiel: rulebook games played by OpenSpiel's own tools (its random-simulation
test, get_all_states, minimax, its MCTS bot and evaluate_bots)."""
from __future__ import annotations

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, get_all_states, mcts, minimax

import rulebook
import rulebook.env
from rulebook import RulebookError
from rulebook.env import Encoding

from conftest import ROOT
from test_env import CoinTicTacToe

GAMES = ROOT / "games"


def game_path(name: str) -> str:
    return str(GAMES / f"{name}.yaml")


@pytest.mark.parametrize("name, options, sims", [("tictactoe", {}, 10), ("connect4", {}, 5),
                                                 ("lezug", {"max_plies": 60}, 3),
                                                 ("chinese_checkers", {"max_plies": 40}, 2),
                                                 ("backgammon", {"max_chance_outcomes": 21}, 3)])
def test_random_simulation_test(name, options, sims):
    # OpenSpiel's own check: legal actions, clones, observations, returns and (serialize=True)
    # that a state serialized and read back is the same state
    game = rulebook.env.openspiel(game_path(name), **options)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_every_state_of_tictactoe_as_openspiel_counts_them():
    # the states of the whole game tree, against OpenSpiel's own (C++) tic-tac-toe
    ours = get_all_states.get_all_states(rulebook.env.openspiel(game_path("tictactoe")), to_string=str)
    theirs = get_all_states.get_all_states(pyspiel.load_game("tic_tac_toe"), to_string=str)
    assert len(ours) == len(theirs) == 5478
    assert sum(s.is_terminal() for s in ours.values()) == sum(s.is_terminal() for s in theirs.values()) == 958


def test_minimax_solves_tictactoe_and_finds_a_win():
    game = rulebook.env.openspiel(game_path("tictactoe"))
    assert minimax.alpha_beta_search(game)[0] == 0.0          # a draw with best play
    state = game.new_initial_state()
    for text in ["a1", "a3", "b1", "b3"]:                     # x to move: c1 wins
        state.apply_action(state.string_to_action(text))
    value, action = minimax.alpha_beta_search(game, state)
    assert value == 1.0 and state.action_to_string(action) == "c1"


@pytest.mark.parametrize("name, options, sims", [("tictactoe", {}, 20), ("connect4", {}, 8),
                                                 ("lezug", {"max_plies": 40}, 3)])
def test_openspiel_mcts_bots_play_to_the_end(name, options, sims):
    game = rulebook.env.openspiel(game_path(name), **options)
    rng = np.random.RandomState(3)
    bots = [mcts.MCTSBot(game, 2.0, sims, mcts.RandomRolloutEvaluator(1, rng), random_state=rng) for _ in range(2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_mcts_beats_random_at_connect_four():
    game = rulebook.env.openspiel(game_path("connect4"))
    rng = np.random.RandomState(0)
    from open_spiel.python.bots.uniform_random import UniformRandomBot
    bots = [mcts.MCTSBot(game, 2.0, 60, mcts.RandomRolloutEvaluator(2, rng), random_state=rng), UniformRandomBot(1, rng)]
    assert evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)[0] == 1.0


def test_actions_observations_and_strings_are_the_encodings():
    game = rulebook.env.openspiel(game_path("connect4"))
    enc, rb = game.encoding, game.rulebook_game
    assert game.num_distinct_actions() == enc.size and game.observation_tensor_shape() == list(enc.shape)
    assert game.num_players() == 2 and game.get_type().short_name == "rulebook_connect_four"
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("d1"))
    st = state.rulebook_state
    assert state.legal_actions() == sorted(enc.index(m) for m in rb.legal_moves(st))
    assert np.array_equal(np.array(state.observation_tensor(1)), enc.observe(st, 1).ravel())
    assert state.observation_string(0) == str(state) == rb.render(st)
    assert state.information_state_string(0) == state.information_state_string(1) != state.observation_string(0)
    assert state.current_player() == 1 and state.returns() == [0.0, 0.0]
    with pytest.raises(Exception):
        state.apply_action(enc.size - 2)                   # not a legal index here


def test_a_game_at_its_length_bound_ends_as_a_draw():
    game = rulebook.env.openspiel(game_path("tictactoe"), max_game_length=2)
    state = game.new_initial_state()
    for _ in range(2):
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.returns() == [0.0, 0.0] and game.max_game_length() == 2


def test_a_registered_file_loads_by_name_with_its_options_as_parameters():
    name = rulebook.env.register_openspiel(game_path("lezug"))
    assert name == "rulebook_le_zug" and name in pyspiel.registered_names()
    game = pyspiel.load_game(f"{name}(max_plies=30,blocked=lose)")
    assert game.rulebook_game.options == {"max_plies": 30, "blocked": "lose"}
    assert game.get_parameters()["max_plies"] == 30 and game.get_type().parameter_specification["max_plies"] == 2000
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    halma = pyspiel.load_game(f"{rulebook.env.register_openspiel(game_path('chinese_checkers'))}(players=3,max_plies=20)")
    assert halma.num_players() == 3
    state = halma.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert sum(state.returns()) == pytest.approx(0.0) and state.move_number() == 20
    again = pickle.loads(pickle.dumps(state))
    assert again.rulebook_state == state.rulebook_state


class NamedCoinTicTacToe(CoinTicTacToe):
    def move_str(self, move):
        return move if move in ("heads", "tails") else self.inner.move_str(move)


def test_chance_positions_are_chance_nodes():
    game = rulebook.env.openspiel(NamedCoinTicTacToe(), max_chance_outcomes=2)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(0, 0.25), (1, 0.75)]
    assert [state.action_to_string(a) for a, _p in state.chance_outcomes()] == ["heads", "tails"]
    state.apply_action(1)
    assert state.current_player() == 0 and len(state.legal_actions()) == 9
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_dice_rolls_are_chance_nodes_of_a_track_game():
    name = rulebook.env.register_openspiel(game_path("backgammon"))
    game = pyspiel.load_game(f"{name}(max_chance_outcomes=21,gammons=True)")
    enc = game.encoding
    assert game.num_distinct_actions() == enc.size == 24427 and game.observation_tensor_shape() == [20, 26]
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert state.is_chance_node() and len(outcomes) == 21 and sum(p for _a, p in outcomes) == pytest.approx(1.0)
    assert sorted({round(p * 36) for _a, p in outcomes}) == [1, 2]        # a double 1/36, the others 2/36
    state.apply_action(state.string_to_action("6-1"))
    assert state.current_player() == 0
    assert [state.action_to_string(a) for a in state.legal_actions()][:2] == ["8/2 6/5", "8/7 8/2"]
    obs = np.array(state.observation_tensor(0)).reshape(enc.shape)
    assert obs[enc.planes.index("dice:6"), 0] == obs[enc.planes.index("dice:1"), 0] == 1
    assert obs[enc.planes.index("option:gammons")].min() == 1
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    with pytest.raises(RulebookError, match="max_chance_outcomes=0"):
        pyspiel.load_game(name).new_initial_state().legal_actions()


def test_bad_requests_are_clear_errors():
    with pytest.raises(RulebookError, match="max_chance_outcomes=0"):
        rulebook.env.openspiel(CoinTicTacToe()).new_initial_state().legal_actions()
    with pytest.raises(RulebookError, match="max_game_length must be a whole number of at least 1"):
        rulebook.env.openspiel(game_path("tictactoe"), max_game_length=0)
    with pytest.raises(RulebookError, match="no such game file"):
        rulebook.env.register_openspiel(game_path("no_such_game"))
    with pytest.raises(RulebookError, match="cannot be serialized"):
        state = rulebook.env.openspiel(rulebook.load_game(game_path("tictactoe"))).new_initial_state()
        pickle.dumps(state)
    with pytest.raises(RulebookError, match="observation planes"):
        rulebook.env.openspiel(game_path("zug"))
