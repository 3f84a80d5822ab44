"""rulebook.env.batch: many games of a placing game as one environment, against the scalar
encoding: at every step, every game's observation, mask, rewards and end are those of the Game
API's position reached by the same moves."""
from __future__ import annotations

import numpy as np
import pytest

import rulebook
import rulebook.env
from rulebook import IllegalMove, RulebookError
from rulebook.env import Encoding
from rulebook.env.common import rewards

from conftest import ROOT

GAMES = ROOT / "games"


def _agree(env, game, steps: int, seed: int) -> int:
    """Step the batch with random legal actions beside one Game API state per game; returns
    the games finished."""
    enc = Encoding(game)
    rng = np.random.default_rng(seed)
    obs, info = env.reset()
    states = [game.initial_state() for _ in range(env.games)]
    ended = np.zeros(env.games, dtype=bool)
    finished = 0
    for _ in range(steps):
        mask = info["action_mask"]
        for g, st in enumerate(states):
            seat = game.to_move(st) if not game.is_over(st) else int(info["to_move"][g])
            assert info["to_move"][g] == seat
            np.testing.assert_array_equal(obs[g], enc.observe(st, seat), err_msg=f"game {g}")
            want = enc.legal(st)[0] if not game.is_over(st) else np.zeros(enc.size, np.int8)
            np.testing.assert_array_equal(mask[g], want, err_msg=f"game {g}")
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask])
        obs, rew, term, trunc, info = env.step(actions)
        assert not trunc.any()
        for g in range(env.games):
            if ended[g]:        # ended at the last step: started again
                states[g] = game.initial_state()
                assert not term[g] and not rew[g].any()
                continue
            by_index = enc.legal(states[g])[1]
            states[g] = game.apply(states[g], by_index[int(actions[g])])
            assert term[g] == game.is_over(states[g])
            np.testing.assert_array_equal(rew[g], rewards(game, states[g]) if term[g] else np.zeros(env.n))
        finished += int(term.sum())
        ended = term
    return finished


@pytest.mark.parametrize("name, options, steps", [("tictactoe", {}, 30), ("connect4", {}, 70), ("hex", {}, 150),
                                                  ("hex", {"swap": True}, 150), ("reversi", {}, 90),
                                                  ("gomoku", {"exact_five": True}, 150)])
def test_every_step_of_a_batch_environment_agrees_with_the_game_api(name, options, steps):
    game = rulebook.load_game(GAMES / f"{name}.yaml", **options)
    env = rulebook.env.batch(game, games=8, seed=5)
    assert _agree(env, game, steps, seed=1) > 0      # games ended, and started again


def test_a_batch_environment_refuses_a_game_it_cannot_play_and_bad_actions():
    with pytest.raises(RulebookError, match="no batch backend"):
        rulebook.env.batch(str(GAMES / "chess.yaml"), games=4)
    with pytest.raises(RulebookError, match="no such game file"):
        rulebook.env.batch(str(GAMES / "nothing.yaml"), games=4)
    env = rulebook.env.batch(str(GAMES / "tictactoe.yaml"), games=3)
    with pytest.raises(RulebookError, match="reset"):
        env.step([0, 0, 0])
    obs, info = env.reset(seed=2)
    assert obs.shape == (3, *env.encoding.shape) and obs.dtype == np.float32
    assert info["action_mask"].shape == (3, env.encoding.size)
    with pytest.raises(RulebookError, match=r"shape \(3,\)"):
        env.step([0, 0])
    with pytest.raises(IllegalMove, match="game 1 of the batch: action 9 is not legal"):
        env.step([0, 9, 0])         # 9: the pass, not legal at the start
    with pytest.raises(IllegalMove, match="action -1"):
        env.step([0, 1, -1])
    env.step([0, 1, 2])
    with pytest.raises(IllegalMove, match="game 0 of the batch: action 0 is not legal"):
        env.step([0, 0, 0])         # cell 0 is taken in game 0


def test_a_swap_in_a_batch_environment_takes_the_stone_and_counts_as_a_capture():
    game = rulebook.load_game(GAMES / "hex.yaml", swap=True)
    enc, env = Encoding(game), rulebook.env.batch(game, games=2)
    obs, info = env.reset()
    first = enc.placement_indices()[60]
    obs, *_rest, info = env.step([first, first])
    assert info["action_mask"][:, first].all()          # blue may take red's stone
    obs, _rew, _term, _trunc, info = env.step([first, int(np.flatnonzero(info["action_mask"][1])[0])])
    st = game.initial_state()
    for m in ("f6", "f6"):      # cell 60 of 11x11, taken twice: the swap
        st = game.apply(st, game.parse_move(st, m))
    np.testing.assert_array_equal(obs[0], enc.observe(st, game.to_move(st)))
    assert obs[0][enc.planes.index("quiet")].max() == 0 and obs[1][enc.planes.index("quiet")].max() == 2
