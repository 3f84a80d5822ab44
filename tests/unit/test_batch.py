"""The batch backend (boards/grid/batch.py) against the Game API: the same legal cells in every
position of many random games, the same ends and winners; refusals name their reason."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import rulebook
from rulebook.boards.grid.state import PASS
from rulebook.boards.grid.batch import NoBatch
from rulebook.errors import RulebookError

ROOT = Path(__file__).resolve().parents[2]
BATCHED = ["tictactoe", "connect4", "gomoku"]


def _agree(game, b, choose=None, plies=None) -> None:
    """Play the batch to the end of every game (random steps, or `choose(batch, mask)`'s cells),
    each game beside a state of the Game API making the same moves: at every ply the same legal
    cells, the same bytes, the same ends and winners (`plies`: stop there, ended or not)."""
    states = [game.initial_state() for _ in range(len(b.cells))]
    for _ply in range(plies or game.size * 2):
        mask = b.legal()
        moves_of = {}
        for g, st in enumerate(states):
            if game.is_over(st):
                assert b.over[g] and not mask[g].any()
                assert b.winners[g] == sum(1 << s for s in game.result(st))
                continue
            assert not b.over[g]
            moves = game.legal_moves(st)
            if moves == [PASS]:         # a blocked player passes: the batch has no cell for it
                assert not mask[g].any(), (g, _ply)
                moves_of[g] = PASS
                continue
            moves_of[g] = {m[1]: m for m in moves}
            assert sorted(moves_of[g]) == list(np.flatnonzero(mask[g])), (g, _ply)
        if b.over.all():
            return
        before = ~b.over
        if choose is None:
            b.random_step()
        else:
            b.step(choose(b, mask))
        for g in np.flatnonzero(before):
            move = PASS if moves_of[g] == PASS else moves_of[g][int(b.last[g])]
            states[g] = game.apply(states[g], move)
            assert bytes(b.cells[g]) == states[g][0]
    assert plies, "the games did not end"


@pytest.mark.parametrize("name, options", [("tictactoe", {}), ("connect4", {}), ("gomoku", {}),
                                           ("gomoku", {"exact_five": True}), ("hex", {}), ("hex", {"swap": True}), ("reversi", {})])
def test_every_position_of_random_batched_games_agrees_with_the_game_api(name, options):
    game = rulebook.load_game(ROOT / "games" / f"{name}.yaml", **options)
    _agree(game, game.batch(48, seed=3))


def test_a_swap_replaces_a_stone_and_the_chains_are_found_again():
    game = rulebook.load_game(ROOT / "games" / "hex.yaml", swap=True)
    b = game.batch(24, seed=5)
    rng = np.random.default_rng(0)

    def choose(b, mask):
        if b.ply[0] == 1:       # blue takes red's first stone in every game
            return b.last.copy()
        return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask])
    _agree(game, b, choose)
    assert (b.winners != 0).all()       # Hex has no draw


def test_placing_onto_a_piece_of_a_chain_splits_it(tmp_path):
    """A made-up Hex where every move may take an opponent's stone: a taken stone can cut its
    chain in two, which the batch finds again from scratch."""
    src = (ROOT / "games" / "hex.yaml").read_text()
    assert "  - name: play\n    move: place(board)\n" in src
    path = tmp_path / "hex_take.yaml"
    path.write_text(src.replace("  - name: play\n    move: place(board)\n",
                                "  - name: play\n    move: place(board) | place(board, onto=theirs)\n"))
    game = rulebook.load_game(path)
    b = game.batch(32, seed=11)
    _agree(game, b, plies=300)
    assert b.over.sum() >= 8         # (enough games ended to test the chains that joined)


def test_a_batch_plays_many_games_to_their_ends_and_counts_them():
    game = rulebook.load_game(ROOT / "games" / "tictactoe.yaml")
    fig = game.batch(256, seed=1).run(plies=20_000)
    assert fig["plies"] >= 20_000
    assert fig["games"] > 20_000 // 9
    assert sum(fig["results"].values()) == fig["games"]
    # random tic-tac-toe: the first player wins most, then the second, then draws (58%, 29%, 13%)
    first, second, draw = (fig["results"].get(k, 0) / fig["games"] for k in (1, 2, 0))
    assert 0.5 < first < 0.66 and 0.22 < second < 0.36 and 0.08 < draw < 0.18


@pytest.mark.parametrize("name, why", [("chess", "every move places"), ("go", "every move places"), ("amazons", "every move places")])
def test_a_game_the_batch_cannot_play_is_refused_with_its_reason(name, why):
    game = rulebook.load_game(ROOT / "games" / f"{name}.yaml")
    with pytest.raises(NoBatch, match=why):
        game.batch(4)


def test_a_rule_word_without_a_batch_form_is_named(tmp_path):
    src = (ROOT / "games" / "tictactoe.yaml").read_text().replace("draw: count(empty) == 0", "draw: quiet >= 9")
    path = tmp_path / "quiet.yaml"
    path.write_text(src)
    game = rulebook.load_game(path)
    with pytest.raises(NoBatch, match=r"end rule draw uses `quiet`, which has no batch form"):
        game.batch(4)


def test_an_illegal_cell_and_a_bad_size_are_refused():
    game = rulebook.load_game(ROOT / "games" / "connect4.yaml")
    b = game.batch(2)
    with pytest.raises(RulebookError, match="not a legal placement"):
        b.step(np.array([0, 40]))
    with pytest.raises(RulebookError, match="one game or more"):
        game.batch(0)


FILES = sorted([*(ROOT / "games").glob("*.yaml"), *(ROOT / "tests" / "data" / "words").glob("*.yaml"),
                *(ROOT / "tests" / "data" / "variants").glob("*.yaml")])


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_game_is_batched_exactly_or_refused_with_a_reason(path):
    """The batch backend is chosen by the shape of the rules: a game it takes agrees with the
    Game API position by position; any other is refused with NoBatch, saying why."""
    game = rulebook.load_game(path)
    if not hasattr(game, "batch"):
        return      # (a tile or track game: the batch backend is the grid kind's)
    try:
        b = game.batch(12, seed=2)
    except NoBatch as e:
        assert "no batch backend for" in str(e)
        return
    _agree(game, b, plies=game.size * 2)


@pytest.mark.parametrize("name", ["connect4", "hex"])
def test_the_landing_rules_refusals_are_counted_as_the_game_api_counts_them(name):
    game = rulebook.load_game(ROOT / "games" / f"{name}.yaml", instrument=True)
    b = game.batch(24, seed=4)
    b.counting = dict.fromkeys(b.rule_names, 0)
    game.reset_rule_stats()
    _agree(game, b)         # the Game API's legal_moves once per position played, as analyze asks
    counted = {k: v + b._start_stats.get(k, 0) * 24 for k, v in b.counting.items()}
    assert counted == game.rule_stats() and sum(counted.values()) > 0


@pytest.mark.parametrize("name", ["tictactoe", "reversi"])
def test_a_batch_plays_a_number_of_games_for_an_analysis(name):
    game = rulebook.load_game(ROOT / "games" / f"{name}.yaml")
    got = game.batch(64, seed=9).games(150)
    assert got["over"].all() and len(got["plies"]) == 150
    # every ply is one position played, with its number of moves (a pass is one move)
    assert sum(got["branching"].values()) == got["plies"].sum()
    if name == "reversi":       # the points are each seat's discs: the winner has more
        discs = got["points"][:, :, 0]
        won = got["winners"]
        assert ((won == 1) == (discs[:, 0] > discs[:, 1])).all() and ((won == 0) == (discs[:, 0] == discs[:, 1])).all()
        assert (discs.sum(1) <= 64).all()
    cut = game.batch(16, seed=9).games(40, max_plies=5)
    assert (cut["plies"] <= 5).all() and (cut["over"] | (cut["plies"] == 5)).all() and not cut["over"].all()
