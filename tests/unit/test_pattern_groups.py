"""A leading group of ways that share their rest, `(place(z) | step(d)) T`, and a let that holds a
group of pieces: the same game as the file that writes each way out in full."""
from __future__ import annotations

import random

from rulebook import load_game
from rulebook.play.measure import perft

from conftest import GAMES

REST = ("(when(in_line(landing, others)) remove(removable)"
        " | when(not in_line(landing, others) or count(theirs) == 0))")


def written_out(tmp_path):
    """Nine Men's Morris with each way written out in full and the removable men spelled out."""
    text = (GAMES / "morris.yaml").read_text()
    start, end = text.index("    move: >-\n"), text.index("\nglossary:")
    rest = REST.replace("removable", "outside_lines(theirs) if count(outside_lines(theirs)) > 0 else theirs")
    move = (f"    move: >-\n      place(board) {rest}\n      | when(reserve == 0 and not flying) step(adjacent) {rest}\n"
            f"      | when(flying) fly(board) {rest}\n")
    path = tmp_path / "morris_long.yaml"
    path.write_text(text[:start] + move + text[end:])
    return path


def test_a_shared_rest_and_a_group_let_give_the_same_moves(tmp_path):
    short, long = load_game(GAMES / "morris.yaml"), load_game(written_out(tmp_path))
    assert "(place(board) | " in (GAMES / "morris.yaml").read_text()       # the shipped file groups them
    assert perft(short, short.initial_state(), 3) == perft(long, long.initial_state(), 3) == 12144
    rng = random.Random(5)
    for _ in range(6):
        a, b = short.initial_state(), long.initial_state()
        while not short.is_over(a):
            ma = sorted(short.move_str(m) for m in short.legal_moves(a))
            assert ma == sorted(long.move_str(m) for m in long.legal_moves(b))
            text = rng.choice(ma)
            a, b = short.apply(a, short.parse_move(a, text)), long.apply(b, long.parse_move(b, text))
        assert long.is_over(b) and short.outcome(a).winners == long.outcome(b).winners


def test_a_let_may_not_be_a_zone(tmp_path):
    from conftest import run_cli
    text = (GAMES / "morris.yaml").read_text().replace(
        "      removable: outside_lines(theirs) if count(outside_lines(theirs)) > 0 else theirs",
        "      removable: board")
    (tmp_path / "z.yaml").write_text(text)
    proc = run_cli("validate", tmp_path / "z.yaml")
    assert proc.returncode == 1
    assert "let removable must be a number or a condition or a direction set or a cell or a group of pieces" \
        in proc.stderr, proc.stderr
