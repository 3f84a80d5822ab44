"""perft's two conventions (rulebook.play.measure.perft, `rulebook perft --exact`): leaf, where a
finished game is one leaf whatever depth is left, and exact, where only sequences of exactly DEPTH
plies count. They agree until a game can end within the depth."""
from __future__ import annotations

import pytest

from conftest import DATA, GAMES
from toygames import Nim

from rulebook import load_game
from rulebook.cli import main
from rulebook.play.measure import divide, perft

THREE = DATA / "three_cells.yaml"


def cli(capsys, *args) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main([str(a) for a in args])
    got = capsys.readouterr()
    return info.value.code, got.out, got.err


def test_le_zug_depth_2_is_the_same_in_both(lezug):
    # no game of Le zug ends within 2 plies: 56 setups of white times 56 of black
    st = lezug.initial_state()
    assert perft(lezug, st, 2) == perft(lezug, st, 2, exact=True) == 3136


def test_le_zug_from_the_command_line(capsys):
    for extra in ((), ("--exact",)):
        code, out, _ = cli(capsys, "perft", GAMES / "lezug.yaml", 2, *extra)
        assert code == 0 and out.splitlines()[-1] == "3136"


# Nim with one pile of 3, take 1 to 3; whoever takes the last stone wins. Every game, by the
# stones taken: 3 (over after 1 ply); 2-1 and 1-2 (over after 2); 1-1-1 (over after 3).
# leaf: depth 1: 3 moves; depth 2: take 1 -> 2 replies, take 2 -> 1, take 3 -> ended (1 leaf) = 4;
# depth 3: take 1 -> (1 -> 1 reply, 2 -> ended) = 2, take 2 -> (1 -> ended) = 1, take 3 = 1: 4;
# depth 4: every game has ended: 4. exact: 3; 2 + 1 + 0 = 3; only 1-1-1 = 1; none = 0.
@pytest.mark.parametrize("depth,leaf,exact", [(0, 1, 1), (1, 3, 3), (2, 4, 3), (3, 4, 1), (4, 4, 0)])
def test_nim_of_three_stones_counted_by_hand(depth, leaf, exact):
    game = Nim(piles=(3,))
    st = game.initial_state()
    assert perft(game, st, depth) == leaf
    assert perft(game, st, depth, exact=True) == exact


def test_a_finished_game():
    game = Nim(piles=(1,))
    over = game.apply(game.initial_state(), (0, 1))
    assert game.is_over(over)
    assert [perft(game, over, d) for d in range(3)] == [1, 1, 1]
    assert [perft(game, over, d, exact=True) for d in range(3)] == [1, 0, 0]
    assert divide(game, over, 2) == []


# Three cells (tests/data/three_cells.yaml): drops on a1 b1 c1, taking b1 wins at once.
#   b1               -> over after 1 ply
#   a1 b1, c1 b1     -> over after 2 (second takes the middle)
#   a1 c1 b1, c1 a1 b1 -> over after 3 (first takes the middle, the only cell left)
# leaf: 3, then 1 + 2 + 2 = 5, then 1 + (1 + 1) + (1 + 1) = 5, and 5 from there on;
# exact: 3, then 0 + 2 + 2 = 4, then 0 + 1 + 1 = 2, then 0.
@pytest.mark.parametrize("depth,leaf,exact", [(1, 3, 3), (2, 5, 4), (3, 5, 2), (4, 5, 0)])
def test_three_cells_counted_by_hand(depth, leaf, exact):
    game = load_game(THREE)
    st = game.initial_state()
    assert perft(game, st, depth) == leaf
    assert perft(game, st, depth, exact=True) == exact


def test_divide_in_both_conventions(capsys):
    code, out, _ = cli(capsys, "perft", THREE, 3, "--divide")
    assert code == 0 and out.splitlines() == ["a1: 2", "b1: 1", "c1: 2", "5"]
    code, out, _ = cli(capsys, "perft", THREE, 3, "--divide", "--exact")
    assert code == 0 and out.splitlines() == ["a1: 1", "b1: 0", "c1: 1", "2"]
    game = load_game(THREE)
    assert divide(game, game.initial_state(), 2, exact=True) == [("a1", 2), ("b1", 0), ("c1", 2)]


def test_help_states_both_conventions(capsys):
    code, out, _ = cli(capsys, "perft", "--help")
    text = " ".join(out.split())
    assert code == 0
    assert "counts as one leaf, whatever depth is left" in text
    assert "only sequences of exactly DEPTH plies are counted" in text and "counts 0" in text


def test_perft_json_and_progress():
    import json as _json
    from conftest import GAMES as _GAMES, run_cli as _run
    lezug = _GAMES / "lezug.yaml"
    data = _json.loads(_run("perft", lezug, 3, "--json").stdout)
    assert data["game"] == "Le zug" and data["depth"] == 3 and data["count"] == 104272 and data["convention"] == "leaf"
    assert data["seconds"] >= 0 and "divide" not in data
    div = _json.loads(_run("perft", _GAMES / "tictactoe.yaml", 2, "--json", "--divide", "--exact").stdout)
    assert div["convention"] == "exact" and div["divide"] == {c: 8 for c in
                                                              ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]}
    bar = _run("perft", lezug, 3, "--progress")
    assert bar.returncode == 0 and bar.stdout.strip().splitlines()[-1] == "104272"
    assert _json.loads(_run("perft", lezug, 0, "--json").stdout)["count"] == 1
