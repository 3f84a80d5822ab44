"""The bare state layout (no cell bytes, boards only) against the byte layout, and the generated
code's shortcuts: the same moves, positions and results either way."""
from __future__ import annotations

import random

import pytest

from rulebook import load_game
from rulebook.api import RulebookError
from rulebook.boards.grid.game import GridGame
from rulebook.boards.grid.layout import CELLS

from conftest import DATA, GAMES

BARE = [GAMES / "breakthrough.yaml", GAMES / "english_draughts.yaml",
        DATA / "words" / "owners.yaml", DATA / "words" / "steps.yaml"]


def bytes_layout(path, monkeypatch):
    """The same game compiled with cell bytes kept (what every game had before the bare layout)."""
    with monkeypatch.context() as m:
        m.setattr(GridGame, "_can_be_bare", lambda self: False)
        m.setenv("RULEBOOK_NO_CACHE", "1")
        return load_game(path)


@pytest.mark.parametrize("path", BARE, ids=lambda p: p.stem)
def test_bare_and_byte_layouts_play_alike(path, monkeypatch):
    bare, full = load_game(path), bytes_layout(path, monkeypatch)
    assert bare.bare and not full.bare
    rng = random.Random(7)
    for _ in range(12):
        a, b = bare.initial_state(), full.initial_state()
        while True:
            assert a[0] is None and b[0] is not None
            assert bare.cells_of(a) == b[0]           # the bytes rebuilt from boards and kinds
            assert bare.position_json(a) == full.position_json(b)
            assert a[1:] == b[1:]
            assert bare.evaluate(a) == full.evaluate(b)
            over = bare.is_over(a)
            assert over == full.is_over(b)
            if over:
                assert bare.outcome(a) == full.outcome(b)
                break
            moves = bare.legal_moves(a)
            assert moves == full.legal_moves(b)
            m = rng.choice(moves)
            a, b = bare.apply(a, m), full.apply(b, m)


def test_a_game_that_reads_cells_keeps_them():
    for name in ("chess", "reversi", "amazons", "connect4", "hex"):
        g = load_game(GAMES / f"{name}.yaml")
        assert not g.bare and isinstance(g.initial_state()[0], bytes), name


def test_bare_positions_draw_and_explain():
    g = load_game(GAMES / "english_draughts.yaml")
    st = g.position({"black": {"man": ["c3"], "king": ["g1"]}, "white": ["d4"]}, "black")
    assert st[CELLS] is None
    assert g.position_json(st)["pieces"] == {"black": {"man": ["c3"], "king": ["g1"]}, "white": ["d4"]}
    board = g.render(st).splitlines()[:8]            # ranks 8..1: white's man d4, black's c3 and g1
    assert [m for row in board for m in row.split() if m.isalpha()] == ["m", "M", "K"]
    assert g.explain(st, "g1-h2").startswith("'g1-h2': a capture is possible")
    assert g.explain(st, "d4-e5") == "'d4-e5': d4 holds no piece of black"


def test_breakthrough_evaluation_reads_no_cells():
    g = load_game(GAMES / "breakthrough.yaml")
    assert "cells" not in g.sources["evaluate"]
    st = g.position({"white": ["a2", "b7"], "black": ["h7"]}, "white")
    # one piece more (1/40); advance counted from each owner's first rank (0): white 1 + 6,
    # black 1, so (7 - 1)/400
    assert g.evaluate(st)[0] == pytest.approx(0.5 + 1 / 40 + 6 / 400)


def test_pieces_of_nobody_only_of_a_neutral_kind():
    g = load_game(GAMES / "english_draughts.yaml")
    with pytest.raises(RulebookError, match="belongs to a player, not to nobody"):
        g.position({"black": ["c3"], "nobody": {"man": ["e5"]}}, "black")
    owners = load_game(DATA / "words" / "owners.yaml")
    assert owners.position({"east_side": ["a1"], "nobody": {"pebble": ["b1"]}}, "east_side")[1][2]


def test_counts_against_zero_and_option_constants_are_folded():
    g = load_game(GAMES / "breakthrough.yaml")
    assert "bit_count" not in g.sources["win"]            # count(theirs) == 0: is the board empty
    draughts = load_game(GAMES / "english_draughts.yaml", {"draw_plies": "0"})
    assert "return False" in draughts.sources["draw"]     # draw_plies > 0 and ...: never, with 0
    st = draughts.position({"black": {"king": ["a1"]}, "white": {"king": ["h8"]}}, "black", quiet=500)
    assert not draughts.is_over(st)
    on = load_game(GAMES / "english_draughts.yaml")
    assert on.is_over(on.position({"black": {"king": ["a1"]}, "white": {"king": ["h8"]}}, "black", quiet=500))


def test_capture_chains_are_module_functions():
    g = load_game(GAMES / "english_draughts.yaml")
    src = g.sources["play"]
    assert "\n    def " not in src and "\ndef gen_play_rep1(" in src   # made once, not per call


def test_an_evaluation_that_reads_cells_in_a_bare_game(tmp_path):
    # a variant of the bare Pikes whose evaluation asks what a cell holds: the bytes are
    # rebuilt for it (cells_of), the moves and apply still keep none
    (tmp_path / "pikes.yaml").write_text((DATA / "words" / "steps.yaml").read_text())
    (tmp_path / "variant.yaml").write_text("extends: pikes.yaml\nevaluate: 0.25 if occupied(last) else 0.75\n")
    g = load_game(tmp_path / "variant.yaml")
    assert g.bare and "_CELLS(st)" in g.sources["evaluate"]
    st = g.initial_state()
    assert g.evaluate(st) == [0.75, 0.75]                  # no last move: off the board
    st = g.apply(st, g.legal_moves(st)[0])
    assert st[CELLS] is None and g.evaluate(st) == [0.25, 0.25]


def test_target_groups_list_moves_in_bit_order():
    from rulebook.boards.grid.movegen import target_groups
    rng = random.Random(3)
    for bits in (list(range(8, 64)), [9 + 2 * i + (i // 4) % 2 for i in range(28)], [3, 20, 41]):
        table = {1 << b: ("move", b) for b in bits}
        groups = target_groups(table, most=99)
        assert sum(mask for mask, _shift, _rows in groups) == sum(table)
        for _ in range(200):
            t = sum(bit for bit in table if rng.random() < 0.4)
            got = []
            for mask, shift, rows in groups:
                if t & mask:
                    got += rows[t & mask] if shift is None else rows[(t >> shift) & 0xFF]
            assert got == [table[bit] for bit in sorted(table) if t & bit]
    dense = target_groups({1 << b: b for b in range(8, 64)}, most=99)
    assert [shift for _m, shift, _r in dense] == [8, 16, 24, 32, 40, 48, 56]    # a byte each: tuples
    assert all(isinstance(rows, tuple) and len(rows) == 256 for _m, _s, rows in dense)
    checkered = target_groups({1 << b: b for b in range(0, 64, 2)}, most=99)
    assert len(checkered) == 4 and all(shift is None for _m, shift, _r in checkered)   # 8 targets each
    assert target_groups({1 << b: b for b in range(8, 64)}, most=6) == []             # too many: bit by bit


@pytest.mark.parametrize("name", ["breakthrough", "english_draughts"])
def test_steps_read_by_groups_list_the_same_moves(name, monkeypatch):
    # dense kinds (Breakthrough's pawns, draughts' men) read their step targets a group at a
    # time; the same game read bit by bit lists the same moves in the same order
    grouped = load_game(GAMES / f"{name}.yaml")
    assert "moves += BULK" in grouped.sources["play"]
    with monkeypatch.context() as m:
        m.setattr("rulebook.boards.grid.game.target_groups", lambda table, most: [])
        m.setenv("RULEBOOK_NO_CACHE", "1")
        plain = load_game(GAMES / f"{name}.yaml")
    assert "moves += BULK" not in plain.sources["play"]
    rng = random.Random(11)
    for _ in range(10):
        st = grouped.initial_state()
        while not grouped.is_over(st):
            moves = grouped.legal_moves(st)
            assert moves == plain.legal_moves(st)
            st = grouped.apply(st, rng.choice(moves))


def test_sparse_kinds_read_their_steps_bit_by_bit():
    # chess: 8 pawns, 2 knights, one king on 64 cells: too few pieces to read their targets by groups
    assert "moves += BULK" not in load_game(GAMES / "chess.yaml").sources["play"]


@pytest.mark.parametrize("name", ["english_draughts", "chess"])
def test_steps_from_each_piece_list_the_same_moves(name, monkeypatch):
    # kinds with few pieces (draughts' kings, chess's knights and king) step from each piece
    # through a table by cell; shifting their boards per direction lists the same moves
    by_origin = load_game(GAMES / f"{name}.yaml")
    assert "by_o = ORIGIN" in by_origin.sources["play"]
    with monkeypatch.context() as m:
        m.setattr(GridGame, "_origin_table", lambda self, *args: None)
        m.setenv("RULEBOOK_NO_CACHE", "1")
        shifted = load_game(GAMES / f"{name}.yaml")
    assert "by_o" not in shifted.sources["play"]
    rng = random.Random(5)
    for _ in range(6 if name == "chess" else 12):
        st = by_origin.initial_state()
        for _ply in range(120):
            if by_origin.is_over(st):
                break
            moves = by_origin.legal_moves(st)
            assert sorted(moves, key=repr) == sorted(shifted.legal_moves(st), key=repr)
            st = by_origin.apply(st, rng.choice(moves))


def test_jump_terms_need_no_edge_mask_on_a_checkerboard():
    # draughts' dark squares: a shift that wraps to another rank lands on a light square, never
    # a board cell, so its jump terms read the boards unmasked; on Reversi's full board a
    # sideways or diagonal shift wraps onto a cell of the board and keeps its mask, a shift of
    # a whole rank (8) never wraps
    draughts = load_game(GAMES / "english_draughts.yaml").sources["play"]
    assert "JMASK" not in draughts and "((foe >> 7) & (free >> 14))" in draughts
    reversi = load_game(GAMES / "reversi.yaml").sources["play"]
    assert "(SMASK_1_0 & (foe >> 1))" in reversi and "| (foe >> 8) |" in reversi
