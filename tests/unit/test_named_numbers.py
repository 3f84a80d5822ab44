"""Variants that say what their designer means (tests/data/variants/): misère by `lose:` alone,
rules that name their numbers (KIND.reserve, files, ranks, edge(D) zones), and validate's
warning where a win can never hold."""
from __future__ import annotations

import random

import pytest

from conftest import DATA, GAMES

from rulebook import GameFileError, check_file, load_game
from rulebook.cli import main
from rulebook.players import play_match
from rulebook.players.greedy import GreedyPlayer
from rulebook.players.random import RandomPlayer

VARIANTS = DATA / "variants"


def cli(capsys, *args) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main([str(a) for a in args])
    got = capsys.readouterr()
    return info.value.code, got.out, got.err


def play(g, *moves):
    st = g.initial_state()
    for m in moves:
        st = g.apply(st, g.parse_move(st, m))
    return st


# ---------------------------------------------------------------- misère by lose:
def test_misere_is_lose_alone():
    g = load_game(VARIANTS / "misere_tictactoe.yaml")
    st = play(g, "a1", "a2", "b1", "b2", "c1")         # x makes three in a row: x loses
    assert g.is_over(st) and g.outcome(st).winners == ("o",)


def test_misere_a_line_on_the_full_board_loses_not_draws():
    g = load_game(VARIANTS / "misere_tictactoe.yaml")
    # x o x / o x o / o x x: x's ninth mark, c1, fills the board and makes a3-b2-c1
    st = play(g, "a3", "b3", "c3", "a2", "b2", "c2", "b1", "a1")
    assert not g.is_over(st)
    st = g.apply(st, g.parse_move(st, "c1"))
    assert g.is_over(st) and g.outcome(st).winners == ("o",)


def test_misere_without_a_line_is_a_draw():
    g = load_game(VARIANTS / "misere_tictactoe.yaml")
    st = play(g, "a1", "b2", "c3", "a2", "c2", "c1", "a3", "b3", "b1")
    assert g.is_over(st) and g.outcome(st).winners == ()


def test_misere_plays_to_its_end():
    g = load_game(VARIANTS / "misere_tictactoe.yaml")
    for seed in range(5):
        rng, st = random.Random(seed), g.initial_state()
        while not g.is_over(st):
            st = g.apply(st, g.random_move(st, rng))
        assert g.outcome(st).over


# ---------------------------------------------------------------- named numbers
def test_the_9x9_le_zug_with_a_reserve_of_2_is_won():
    g = load_game(VARIANTS / "lezug9.yaml")
    assert g.initial_state()[2] == (2, 2)          # the reserve of 2
    st, _moves = play_match(g, [GreedyPlayer(g, seed=1), RandomPlayer(g, seed=1)], 1)
    assert g.outcome(st).winners == ("white",)


def test_the_literal_win_of_the_same_variant_is_never_reached():
    won, literal = load_game(VARIANTS / "lezug9.yaml"), load_game(VARIANTS / "lezug9_literal.yaml")
    _st, moves = play_match(won, [GreedyPlayer(won, seed=1), RandomPlayer(won, seed=1)], 1)
    st = literal.initial_state()
    for m in moves:          # the same moves, every one legal there too: no win at the end
        st = literal.apply(st, literal.parse_move(st, won.move_str(m)))
    assert not literal.is_over(st)


def test_le_zug_on_its_own_board_still_asks_for_3():
    g = load_game(GAMES / "lezug.yaml")
    assert "man.reserve" in g.rules.spec["end"]["win"] and g.initial_state()[2] == (3, 3)


OLD_HEX = {
    ("near", "red"): "a1 b1 c1 d1 e1 f1 g1 h1 i1 j1 k1", ("near", "blue"): "a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11",
    ("far", "red"): "a11 b11 c11 d11 e11 f11 g11 h11 i11 j11 k11", ("far", "blue"): "k1 k2 k3 k4 k5 k6 k7 k8 k9 k10 k11",
}


@pytest.mark.parametrize("zone,seat", sorted(OLD_HEX))
def test_hex_edges_are_the_cells_once_listed(zone, seat):
    g = load_game(GAMES / "hex.yaml")
    cells = {g.geo.name(c) for c in g.zone_cells[zone][g.players.index(seat)]}
    assert cells == set(OLD_HEX[zone, seat].split())


def test_hex_of_another_size_by_one_number():
    g = load_game(VARIANTS / "hex7.yaml")
    red = g.players.index("red")
    assert {g.geo.name(c) for c in g.zone_cells["far"][red]} == {f"{f}7" for f in "abcdefg"}
    st = play(g, "a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "a5", "b5", "a6", "b6")
    assert not g.is_over(st)
    st = play(g, "a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "a5", "b5", "a6", "b6", "a7")
    assert g.outcome(st).winners == ("red",)


SIZED = """
game: Sized
players: [x, o]
options:
  size: {default: 3, min: 3, max: 6}
board:
  grid: {files: option.size, ranks: option.size}
zones:
  board: all
  far: edge(front)
pieces:
  mark: {}
phases:
  - name: play
    move: place(board)
end:
  win: count(mine in far) == files
  draw: ply >= files * ranks
"""


def test_files_and_ranks_follow_the_board(tmp_path):
    path = tmp_path / "sized.yaml"
    path.write_text(SIZED)
    for size in (3, 5):
        g = load_game(path, options={"size": size})
        x = g.players.index("x")
        assert {g.geo.name(c) for c in g.zone_cells["far"][x]} == {f"{f}{size}" for f in "abcdef"[:size]}
        rng, st = random.Random(0), g.initial_state()
        while not g.is_over(st):
            st = g.apply(st, g.random_move(st, rng))
        assert g.ply(st) <= size * size


@pytest.mark.parametrize("zone,message", [
    ("edge(up)", "edge(up): not a direction of this board ("),
    ("edge(north-east)", "unexpected"),
    ("rim(north)", "unknown zone term 'rim(...)'"),
])
def test_a_bad_edge_is_a_located_finding(tmp_path, zone, message):
    path = tmp_path / "bad.yaml"
    path.write_text(SIZED.replace("far: edge(front)", f"far: {zone}"))
    with pytest.raises(GameFileError) as info:
        check_file(path)
    (f,) = info.value.findings
    assert f.line == 10 and message in f.message


def test_an_edge_a_seat_has_no_word_for_is_a_finding(tmp_path):
    path = tmp_path / "hexfront.yaml"
    path.write_text((GAMES / "hex.yaml").read_text().replace("red: edge(north_west)", "red: edge(front)"))
    with pytest.raises(GameFileError) as info:
        check_file(path)
    assert any("edge(front): red has no direction front on this board" in f.message for f in info.value.findings)


# ---------------------------------------------------------------- validate warns
def test_validate_warns_of_a_win_that_can_never_hold(capsys):
    path = VARIANTS / "lezug9_literal.yaml"
    code, out, err = cli(capsys, "validate", path)
    assert code in (0, None)
    assert out.strip() == f"{path}: ok (1 warning)"
    assert err.strip() == (f"{path}:12:95: warning: end.win can never hold: it asks for 5 + 3 = 8 pieces (mine) "
                           "in zones that share no cell, and a player has at most 7")


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.yaml")) + [VARIANTS / "lezug9.yaml", VARIANTS / "hex7.yaml"],
                         ids=lambda p: p.name)
def test_no_warning_where_the_win_can_hold(path):
    assert getattr(check_file(path), "warnings", []) == []


def test_a_count_beyond_a_zone_warns(tmp_path):
    path = tmp_path / "many.yaml"
    path.write_text((GAMES / "lezug.yaml").read_text().replace(
        "count(mine in opponent.second) == man.reserve", "count(mine in opponent.second) >= 10"))
    (w,) = check_file(path).warnings
    assert w.endswith("warning: end.win can never hold: it asks for 10 pieces in a zone of 8 cells")


def test_variant_perft():
    from rulebook import perft
    hex7 = load_game(VARIANTS / "hex7.yaml")
    assert perft(hex7, hex7.initial_state(), 2) == 49 * 48
    # misere ends where tic-tac-toe ends (a line, a full board): the same tree
    misere, ttt = load_game(VARIANTS / "misere_tictactoe.yaml"), load_game(GAMES / "tictactoe.yaml")
    assert perft(misere, misere.initial_state(), 6) == perft(ttt, ttt.initial_state(), 6) > 9 * 8 * 7 * 6 * 5


@pytest.mark.parametrize("size", [4, 6])
def test_the_edges_word_game_follows_its_size(size):
    g = load_game(DATA / "words" / "edges.yaml", options={"size": size})
    white = g.players.index("white")
    assert len(g.zone_cells["goal"][white]) == size and len(g.zone_cells["flank"][white]) == 2 * size
    assert g.initial_state()[2] == (1, 1)
    st, _moves = play_match(g, [GreedyPlayer(g, seed=1), GreedyPlayer(g, seed=1)], 1)
    assert g.is_over(st)
    with pytest.raises(Exception) as info:      # the position rule: at most files + runner.reserve each
        g.position({"white": [f"{f}2" for f in "abcdef"[:size]] + ["a1", "b1"], "black": ["a4"]})
    assert "breaks the position rule 'few'" in str(info.value)
