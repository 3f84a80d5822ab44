"""The search players of issue 12: alphabeta (two players, no chance) and MCTS with chance
nodes, rank-scaled evaluation and tree reuse; their specs and the CLI's refusals."""

import random

import pytest

from conftest import GAMES, run_cli
from toygames import DiceRace, Nim, Walk

from rulebook import load_game
from rulebook.api import RulebookError
from rulebook.players import Match, make_player, make_players, play_match
from rulebook.players.alphabeta import AlphaBetaPlayer
from rulebook.players.mcts import MCTSPlayer


@pytest.fixture(scope="module")
def ttt():
    return load_game(GAMES / "tictactoe.yaml")


def position(game, *moves):
    state = game.initial_state()
    for text in moves:
        state = game.apply(state, game.parse_move(state, text))
    return state


run = run_cli


# ------------------------------------------------------------------------------ alphabeta
def test_alphabeta_is_made_from_its_spec(ttt):
    p = make_player("alphabeta:depth=3", ttt, 1)
    assert isinstance(p, AlphaBetaPlayer) and p.depth == 3 and p.node_budget is None
    assert make_player("alphabeta", ttt, 1).node_budget == 100_000
    p = make_player("alphabeta:seconds=0.2,playouts=0", ttt, 1)
    assert p.seconds == 0.2 and p.playouts == 0


@pytest.mark.parametrize("spec", ["alphabeta:depth=1", "alphabeta:depth=3", "alphabeta", "alphabeta:seconds=0.05"])
def test_alphabeta_takes_the_win_in_one(ttt, spec):
    # x: a1 b1, o: a2 b2; x to move wins at c1 (o would win at c2 next)
    state = position(ttt, "a1", "a2", "b1", "b2")
    assert ttt.move_str(make_player(spec, ttt, 0).choose(state)) == "c1"


def test_alphabeta_blocks_the_loss_in_one(ttt):
    state = position(ttt, "a1", "b2", "b1")  # o must take c1
    assert ttt.move_str(make_player("alphabeta", ttt, 3).choose(state)) == "c1"


def test_alphabeta_wins_a_won_position_against_every_defence(ttt):
    """x a1, o a2 (a mistake): x wins by force whatever o does next."""
    start = position(ttt, "a1", "a2")  # after o's a2, x wins by force
    ab = make_player("alphabeta", ttt, 5)
    results = []

    def walk(state):
        if ttt.is_over(state):
            results.append(ttt.outcome(state).winners)
            return
        if ttt.to_move(state) == 0:
            walk(ttt.apply(state, ab.choose(state)))
        else:
            for move in ttt.legal_moves(state):
                walk(ttt.apply(state, move))

    walk(start)
    assert results and all(w == ("x",) for w in results)
    assert ab.last_value is not None


def test_alphabeta_draws_against_itself_from_the_start(ttt):
    state, _ = play_match(ttt, [make_player("alphabeta", ttt, 1), make_player("alphabeta", ttt, 2)], 0)
    assert ttt.is_over(state) and ttt.outcome(state).winners == ()


def test_alphabeta_solves_nim_and_stops_when_the_tree_is_seen():
    g = Nim((1, 2, 4))
    p = make_player("alphabeta:depth=30", g, 0)
    assert g.move_str(p.choose(g.initial_state())) == "C1"
    assert p.reached < 30  # a forced result (or the whole tree) ends the deepening


def test_alphabeta_uses_the_evaluation_where_playouts_never_end():
    g = Walk()
    state, _ = play_match(g, [make_player("alphabeta:depth=3", g, 1), make_player("random", g, 2)], 3)
    assert g.outcome(state).winners == ("white",)


def test_alphabeta_is_reproducible_under_a_seed():
    g = load_game(GAMES / "connect4.yaml")
    state = position(g, "d1", "d2", "c1")
    runs = []
    for _ in range(2):
        p = make_player("alphabeta:depth=3", g, 42)
        runs.append((p.choose(state), p.nodes, p.last_value))
    assert runs[0] == runs[1]
    a = [make_player(s, g, 7) for s in ("alphabeta:nodes=3000", "alphabeta:nodes=3000")]
    assert a[0].choose(state) == a[1].choose(state) and a[0].nodes == a[1].nodes


def test_alphabeta_plays_the_move_that_beat_the_best_in_the_iteration_cut_short():
    # a node budget that cuts the sixth iteration after a move other than the fifth's best was
    # searched in full and beat it: that move is played, not the fifth iteration's
    g = load_game(GAMES / "connect4.yaml")
    rng, state = random.Random(1), g.initial_state()
    for _ in range(6):
        state = g.apply(state, rng.choice(g.legal_moves(state)))
    cut = make_player("alphabeta:nodes=2600", g, 7)
    move = cut.choose(state)
    assert cut.reached == 5
    finished = make_player("alphabeta:depth=5", g, 7)      # the same first five iterations, in full
    assert finished.choose(state) != move


def test_a_grid_move_says_whether_it_captures():
    # breakthrough's and draughts' notation marks a capture with `x`: is_capture agrees with it
    for name, moves in (("breakthrough", ("e2-e3", "d7-d6", "e3-e4", "d6-d5")), ("english_draughts", ("c3-d4", "f6-e5"))):
        game = load_game(GAMES / f"{name}.yaml")
        state = position(game, *moves)
        marked = {game.move_str(m): game.is_capture(m) for m in game.legal_moves(state)}
        assert game.can_capture and any(marked.values())
        assert all(taking == ("x" in text) for text, taking in marked.items())
    connect4 = load_game(GAMES / "connect4.yaml")
    assert not connect4.can_capture
    assert not any(connect4.is_capture(m) for m in connect4.legal_moves(connect4.initial_state()))


def test_quiescence_sees_the_recapture_at_the_leaf():
    # the queen can take a pawn that another pawn defends: one ply without quiescence takes it
    # (a pawn up at the leaf), with quiescence it sees f6xe5 and keeps the queen
    chess = load_game(GAMES / "chess.yaml")
    state = chess.position({"white": {"king": ["a1"], "queen": ["d4"]},
                            "black": {"king": ["h8"], "pawn": ["e5", "f6"]}}, "white")
    plain, quiet = make_player("alphabeta:depth=1", chess, 1), make_player("alphabeta:depth=1,quiesce=1", chess, 1)
    assert quiet.quiesce and not plain.quiesce
    assert chess.move_str(plain.choose(state)) == "d4e5"
    assert chess.move_str(quiet.choose(state)) != "d4e5"
    assert quiet.nodes > plain.nodes           # the capture sequences were searched, and counted


def test_quiescence_is_off_where_nothing_captures(ttt):
    assert not make_player("alphabeta:quiesce=1", ttt, 1).quiesce
    assert make_player("alphabeta", ttt, 1).quiesce is False


@pytest.mark.parametrize("game, words", [
    (lambda: DiceRace(seats=2), "without chance"),
    (lambda: Nim(seats=3), "two-player games; Nim has 3 seats"),
])
def test_alphabeta_refuses_chance_and_more_seats(game, words):
    with pytest.raises(RulebookError, match=words):
        make_player("alphabeta", game(), 0)


@pytest.mark.parametrize("args, words", [
    (("games/zug.yaml", "--players", "alphabeta,random"), "alphabeta plays games without chance; Zug has chance"),
    (("games/zug.yaml", "--players", "alphabeta,random,random"), "alphabeta plays two-player games; Zug has 3 seats"),
    (("games/tictactoe.yaml", "--players", "alphabeta:depth=0,random"), "depth must be positive"),
    (("games/tictactoe.yaml", "--players", "alphabeta:iterations=5,random"),
     "unknown parameter 'iterations' for player 'alphabeta'; its parameters: depth, seconds, nodes, playouts, quiesce"),
    (("games/tictactoe.yaml", "--players", "alphabeta:seconds=-1,random"), "seconds must be positive"),
    (("games/tictactoe.yaml", "--players", "mcts:reuse=2,random"), "reuse must be at least 0 and at most 1"),
    (("games/tictactoe.yaml", "--players", "minimax,random"), "unknown player 'minimax'"),
])
def test_bad_search_specs_are_located_and_exit_1(args, words):
    proc = run("play", *args)
    assert proc.returncode == 1
    assert words in proc.stderr
    assert proc.stderr.count("\n") <= 2


def test_a_tournament_with_alphabeta_on_a_chance_game_exits_1():
    proc = run("tournament", "games/zug.yaml", "--players", "alphabeta,random", "--games", "1")
    assert proc.returncode == 1 and "without chance" in proc.stderr


# ------------------------------------------------------------------------------ mcts
def test_mcts_plays_zug_with_chance():
    g = load_game(GAMES / "zug.yaml", players=3)
    mcts = make_player("mcts:iterations=40", g, 1)
    reused = []

    class Watch:
        name = mcts.name

        def bind(self, match):
            pass

        def choose(self, state):
            move = mcts.choose(state)
            reused.append(mcts.reused)
            assert move in g.legal_moves(state)
            return move

    players = [Watch()] + make_players(["random"] * 3, g, 2)[1:]
    state, moves = Match(g, players, 3).play()
    assert g.is_over(state) and len(moves) > 100
    assert len(reused) > 10  # (three draws and two rivals' moves apart, Zug's positions are seldom found again)


def test_mcts_on_zug_is_reproducible_under_a_seed():
    g = load_game(GAMES / "zug.yaml", players=3)

    def game():
        return Match(g, make_players(["mcts:iterations=25", "random", "mcts:iterations=25,reuse=0"], g, 9), 4).play(60)[1]

    assert game() == game()


def test_mcts_samples_chance_by_weight():
    g = DiceRace(seats=2)
    state = g.apply(g.initial_state(), ("roll", 2))
    p = MCTSPlayer(g, 1, iterations=3000, reuse=0)
    assert p.choose(state) in g.legal_moves(state)
    # below a chance node, the outcomes are visited about as often as their weights say (1:2:1)
    for child in p.last_root.children.values():
        if child.seat == -1 and child.n > 400:
            visits = {m: c.n for m, c in child.children.items()}
            total = sum(visits.values())
            weights = dict(g.chance_outcomes(child.state))
            wsum = sum(weights.values())
            assert set(visits) == set(weights)
            for m, n in visits.items():
                assert abs(n / total - weights[m] / wsum) < 0.1
            break
    else:
        pytest.fail("no chance node was visited enough")


def test_mcts_reuses_the_subtree_of_the_move_played():
    g = Nim((3, 4, 5))
    p = MCTSPlayer(g, 0, iterations=500)
    state = g.initial_state()
    move = p.choose(state)
    kept = p.last_root
    assert kept is not None and kept.n > 0
    reply = max(kept.children, key=lambda m: kept.children[m].n)
    after = g.apply(g.apply(state, move), reply)
    p.choose(after)
    assert p.reused > 0
    fresh = MCTSPlayer(g, 0, iterations=500, reuse=0)
    fresh.choose(state)
    fresh.choose(after)
    assert fresh.reused == 0


def test_mcts_rank_scales_an_evaluation():
    p = MCTSPlayer(Nim((3,), seats=3), 0, leader=0)     # the mean over the rivals
    values = p._scaled([0.3, 0.1, 0.1])
    assert values[0] > 0.5 > values[1] and values[1] == pytest.approx(values[2])
    assert sum(values) == pytest.approx(1.5)  # pairwise shares, as reward_vector's
    assert p._scaled([0.2, 0.2, 0.2]) == [0.5, 0.5, 0.5]


def test_cache_and_loader_agree_on_the_file_limit():
    from rulebook import cache
    from rulebook.source import load
    assert cache.MAX_FILE_BYTES == load.MAX_FILE_BYTES


def test_mcts_spread_widens_the_scale_and_leader_judges_against_the_best_rival():
    g = Nim((3,), seats=3)
    narrow, wide = MCTSPlayer(g, 0), MCTSPlayer(g, 0, spread=4)
    a, b = narrow._scaled([0.3, 0.1, 0.1]), wide._scaled([0.3, 0.1, 0.1])
    assert a[0] > b[0] > 0.5 > b[1] > a[1]                 # the same order, closer to even
    leader, mean = MCTSPlayer(g, 0), MCTSPlayer(g, 0, leader=0)      # leader=1 is the default
    values, means = leader._scaled([0.3, 0.1, 0.35]), mean._scaled([0.3, 0.1, 0.35])
    assert values[0] < 0.5 < values[2]                      # ahead of one rival, behind the best
    assert values[1] < values[0]
    assert means[0] > 0.5                                   # the mean: far ahead of one makes up for it
    two = MCTSPlayer(Nim((3,), seats=2), 0)
    assert two._scaled([0.3, 0.1]) == MCTSPlayer(Nim((3,), seats=2), 0, leader=0)._scaled([0.3, 0.1])


@pytest.mark.parametrize("spec, words", [
    ("mcts:spread=0", "spread must be a positive finite number"),
])
def test_bad_mcts_options_are_refused(ttt, spec, words):
    with pytest.raises(RulebookError, match=words):
        make_player(spec, ttt, 0)
