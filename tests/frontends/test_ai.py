"""AI players, player specs and the match driver, on the toy games of tests/toygames.py."""
from collections import Counter

import pytest

from toygames import DiceRace, Nim, Walk

from rulebook.players import (GreedyPlayer, Match, MCTSPlayer, Player, RandomPlayer, derive_seed,
                              make_player, make_players, play_match, reward_vector, sample_chance,
                              split_player_specs)
from rulebook.api import CHANCE, Outcome, RulebookError


class NoChance(Player):
    """Fails the test if the driver ever asks a player at a chance position."""

    def __init__(self, inner, game):
        self.inner, self.game, self.name = inner, game, inner.name

    def choose(self, state):
        assert self.game.to_move(state) != CHANCE
        move = self.inner.choose(state)
        assert move in self.game.legal_moves(state)
        return move


# ------------------------------------------------------------------------------ specs
def test_specs_make_the_right_players():
    g = Nim()
    assert isinstance(make_player("random", g, 1), RandomPlayer)
    assert isinstance(make_player("greedy", g, 1), GreedyPlayer)
    p = make_player("mcts:iterations=2000", g, 1)
    assert isinstance(p, MCTSPlayer) and p.iterations == 2000 and p.name == "mcts:iterations=2000"
    p = make_player("mcts:seconds=1.5,c=1.4", g, 1)
    assert p.seconds == 1.5 and p.c == 1.4
    assert make_player(" MCTS:playout=5 ", g, 1).playout == 5


@pytest.mark.parametrize("spec, words", [
    ("minimax", ["unknown player 'minimax'", "random", "greedy", "mcts", "alphabeta", "human"]),
    ("mcts:depth=3", ["unknown parameter 'depth'", "iterations", "seconds", "playout"]),
    ("mcts:iterations=lots", ["iterations must be int"]),
    ("mcts:iterations", ["needs a value"]),
    ("mcts:iterations=0", ["must be positive"]),
    ("random:seed=3", ["unknown parameter 'seed'", "none"]),
    ("human:hint=human", ["hint player must be an AI"]),
])
def test_bad_specs_are_clear_errors(spec, words):
    with pytest.raises(RulebookError) as err:
        make_player(spec, Nim(), 0)
    for word in words:
        assert word in str(err.value)


def test_split_player_specs_keeps_parameters_with_their_player():
    assert split_player_specs("mcts:seconds=1.5,c=1.4,human") == ["mcts:seconds=1.5,c=1.4", "human"]
    assert split_player_specs("random, greedy mcts:iterations=10") == ["random", "greedy", "mcts:iterations=10"]


def test_make_players_checks_the_seat_count():
    with pytest.raises(RulebookError, match="3 seats"):
        make_players(["random", "random"], DiceRace(seats=3), 0)


def test_derive_seed_is_stable_and_spread():
    assert derive_seed(1, "game", 2) == derive_seed(1, "game", 2)
    assert len({derive_seed(1, "game", i) for i in range(100)}) == 100


def test_reward_vector_ranks_seats():
    two = Nim()
    assert reward_vector(two, Outcome(True, ("red",), {})) == [1.0, 0.0]
    assert reward_vector(two, Outcome(True, (), {})) == [0.5, 0.5]
    three = DiceRace(seats=3)
    shared = reward_vector(three, Outcome(True, ("red", "blue"), {"red": 5, "blue": 5, "green": 9}))
    assert shared == [0.75, 0.75, 0.0]
    by_score = reward_vector(three, Outcome(True, (), {"red": 1, "blue": 5, "green": 9}))
    assert by_score == [0.0, 0.5, 1.0]


# ------------------------------------------------------------------------------ players
@pytest.mark.parametrize("seed", range(4))
def test_mcts_finds_the_forced_win(seed):
    g = Nim((1, 2, 4))  # nim-sum 7: the only winning move takes 1 from the pile of 4
    assert g.move_str(make_player("mcts:iterations=1500", g, seed).choose(g.initial_state())) == "C1"


def test_mcts_finds_the_forced_win_in_a_subtraction_game():
    g = Nim((11,), max_take=3)  # leave a multiple of 4
    assert g.move_str(make_player("mcts:iterations=1000", g, 7).choose(g.initial_state())) == "A3"


def test_mcts_is_reproducible_under_a_seed():
    g = DiceRace(seats=3)
    state = g.apply(g.initial_state(), ("roll", 2))
    a, b = make_player("mcts:iterations=300", g, 42), make_player("mcts:iterations=300", g, 42)
    assert a.choose(state) == b.choose(state)
    visits = lambda p: [(m, c.n) for m, c in p.last_root.children.items()]  # noqa: E731
    assert visits(a) == visits(b)


def test_mcts_time_budget_returns_a_legal_move():
    g = Nim((1, 2, 4))
    assert make_player("mcts:seconds=0.05", g, 0).choose(g.initial_state()) in g.legal_moves(g.initial_state())


def test_mcts_learns_from_evaluation_where_random_playouts_never_end():
    g = Walk()
    state, _ = play_match(g, [make_player("mcts:iterations=60,playout=8", g, 1), make_player("random", g, 2)], 3)
    assert g.outcome(state).winners == ("white",)


def test_greedy_takes_a_win_and_follows_the_evaluation():
    g = Nim((3,))
    assert make_player("greedy", g, 0).choose(g.initial_state()) == (0, 3)
    w = Walk()
    assert make_player("greedy", w, 0).choose(w.initial_state()) == 1


def test_greedy_averages_over_chance():
    g = DiceRace(seats=2)
    g.evaluate = lambda state: [state.roll / 3] * 2  # after the draw, worth roll/3
    greedy = make_player("greedy", g, 0)
    # the draw comes 1, 2, 3 with weights 1, 2, 1: (1/3 + 2 * 2/3 + 3/3) / 4
    assert greedy._value(g.initial_state(), 0, depth=2) == pytest.approx(2 / 3)
    state = g.apply(g.initial_state(), ("roll", 2))
    assert greedy.choose(state) in g.legal_moves(state)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_every_ai_handles_chance_and_any_seat_count(seats):
    g = DiceRace(seats=seats, goal=6)
    kinds = ["random", "greedy", "mcts:iterations=20", "mcts:iterations=10,playout=3"]
    players = [NoChance(make_player(kinds[i % len(kinds)], g, i), g) for i in range(seats)]
    state, moves = play_match(g, players, 11)
    assert g.is_over(state)
    replay = g.initial_state()
    for move in moves:
        assert move in g.legal_moves(replay)
        replay = g.apply(replay, move)
    assert replay == state


@pytest.mark.parametrize("seats", [2, 5])
def test_every_ai_plays_deterministic_multiplayer_games(seats):
    g = Nim((2, 3, 3), seats=seats)
    players = [make_player(k, g, i) for i, k in enumerate((["mcts:iterations=50", "greedy", "random"] * 2)[:seats])]
    state, _ = play_match(g, players, 0)
    assert g.is_over(state) and len(g.outcome(state).winners) == 1


def test_players_refuse_chance_positions():
    g = DiceRace()
    for spec in ("random", "greedy", "mcts:iterations=5"):
        with pytest.raises(RulebookError, match="chance"):
            make_player(spec, g, 0).choose(g.initial_state())


# ------------------------------------------------------------------------------ driver
def test_play_match_is_reproducible():
    g = DiceRace(seats=3)
    run = lambda: play_match(g, make_players(["random", "greedy", "mcts:iterations=20"], g, 5), 9)  # noqa: E731
    assert run() == run()


def test_chance_is_drawn_by_weight():
    import random

    g = DiceRace()
    rng = random.Random(0)
    counts = Counter(sample_chance(g, g.initial_state(), rng)[1] for _ in range(4000))
    assert 850 < counts[1] < 1150 and 1850 < counts[2] < 2150 and 850 < counts[3] < 1150


def test_match_undo_and_resume():
    g = Nim((1, 2, 4))
    match = Match(g, [make_player("random", g, 1), make_player("random", g, 2)], 0)
    start = match.state
    match.play(max_plies=3)
    assert len(match.moves) == 3
    assert match.undo_count(0) == 1 and match.undo_count(1) == 2
    assert match.undo(1) == 2 and len(match.moves) == 1
    assert match.undo(0) == 1 and match.state == start and match.undo(0) == 0
    resumed = Match(g, [make_player("random", g, 1)] * 2, 0, moves=[(2, 1), (0, 1)])
    assert resumed.state == g.apply(g.apply(start, (2, 1)), (0, 1))
    assert resumed.undo(0) == 2 and resumed.state == start


def test_on_move_sees_every_move():
    g = DiceRace(seats=2)
    seen = []
    state, moves = play_match(g, make_players(["random", "random"], g, 1), 2,
                              on_move=lambda m, step, new: seen.append((step.seat, step.move)))
    assert [m for _, m in seen] == moves
    assert {s for s, _ in seen} == {CHANCE, 0, 1}
