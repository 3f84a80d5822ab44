"""The words of sowing games, on the made-up game tests/data/words/sowing.yaml: the ring board
(board.ring), a counted kind (pieces.KIND.count) and its counts in the state, sow(ZONE, ...) with
its options, count of a zone and of a cell; perft against a small independent implementation
written here; the located errors of each."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rulebook import check_file, load_game
from rulebook.play.measure import perft
from rulebook.source.load import GameFileError

WORDS_DIR = Path(__file__).resolve().parents[2] / "tests" / "data" / "words"
SOWING = WORDS_DIR / "sowing.yaml"
PITS = 3


def cli(*args):
    return subprocess.run([sys.executable, "-m", "rulebook", *map(str, args)], capture_output=True, text=True)


def game(**options):
    return load_game(SOWING, options=options or None)


def position(g, east, west, east_store=0, west_store=0, to_move="east"):
    beans = {f"{'abc'[k]}1": n for k, n in enumerate(east)}
    beans.update({f"{'abc'[k]}2": n for k, n in enumerate(west)})
    beans.update(s1=east_store, s2=west_store)
    return g.position({"nobody": {"bean": beans}}, to_move=to_move)


def counts(g, st):
    """The counts in sowing order: east's pits, east's store, west's pits, west's store."""
    names = [f"{x}1" for x in "abc"] + ["s1"] + [f"{x}2" for x in "abc"] + ["s2"]
    return [st[12][g.geo.parse_cell(n)] for n in names]


# ---------------------------------------------------------------- an independent implementation
def ref_play(board, me, k, lone=False):
    """(board, next player, result) after `me` sows its pit k: result None, (winner,) or ()."""
    b, size = list(board), 2 * (PITS + 1)
    mine = me * (PITS + 1)
    store, other = mine + PITS, (1 - me) * (PITS + 1) + PITS
    i = mine + k
    seeds, b[i] = b[i], 0
    while seeds:
        i = (i + 1) % size
        if i != other:
            b[i] += 1
            seeds -= 1
    nxt = me if i == store else 1 - me
    if mine <= i < store and b[i] == 1 and (b[2 * PITS - i] or lone):
        b[store] += b[2 * PITS - i] + 1
        b[2 * PITS - i] = b[i] = 0
    theirs = (1 - me) * (PITS + 1)
    if theirs <= i < theirs + PITS and b[i] == 4:
        return b, nxt, (me,)
    if not any(b[0:PITS]) or not any(b[PITS + 1:2 * PITS + 1]):
        a, c = sum(b[0:PITS + 1]), sum(b[PITS + 1:])
        return b, nxt, (() if a == c else (0,) if a > c else (1,))
    return b, nxt, None


def ref_perft(board, me, depth, lone=False):
    if depth == 0:
        return 1
    total = 0
    for k in range(PITS):
        if board[me * (PITS + 1) + k]:
            b, nxt, result = ref_play(board, me, k, lone)
            total += 1 if result is not None else ref_perft(b, nxt, depth - 1, lone)
    return total


@pytest.mark.parametrize("lone", [False, True])
@pytest.mark.parametrize("depth", range(1, 9))
def test_sow_perft_against_the_reference(depth, lone):
    g = game(lone=True) if lone else game()
    start = [2, 2, 2, 0, 2, 2, 2, 0]
    assert counts(g, g.initial_state()) == start
    assert perft(g, g.initial_state(), depth) == ref_perft(start, 0, depth, lone)


def test_the_ring_is_named_from_each_rows_own_left_and_sown_counter_clockwise():
    g = game()
    assert [g.geo.name(i) for i in range(g.size)] == ["a1", "b1", "c1", "s1", "a2", "b2", "c2", "s2"]
    assert g.geo.neighbour(g.geo.parse_cell("c1"), "ccw") == g.geo.parse_cell("s1")
    assert g.geo.neighbour(g.geo.parse_cell("s2"), "ccw") == g.geo.parse_cell("a1")
    assert g.geo.neighbour(g.geo.parse_cell("a1"), "across") == g.geo.parse_cell("c2")
    assert g.zone_cells["pits"] == [[0, 1, 2], [4, 5, 6]]


def test_sow_moves_are_the_movers_pits_by_letter_from_its_left():
    g = game()
    st = g.initial_state()
    assert [g.move_str(m) for m in g.legal_moves(st)] == ["a", "b", "c"]
    st = g.apply(st, g.parse_move(st, "b"))      # c1, then the store: east moves again
    assert counts(g, st) == [2, 0, 3, 1, 2, 2, 2, 0] and g.players[g.to_move(st)] == "east"
    st = g.apply(st, g.parse_move(st, "c"))      # s1, a2, b2: west's turn
    assert counts(g, st) == [2, 0, 0, 2, 3, 3, 2, 0] and g.players[g.to_move(st)] == "west"
    st = g.apply(st, g.parse_move(st, "a"))      # west's a is a2: b2, c2, s2 -> west again
    assert counts(g, st) == [2, 0, 0, 2, 0, 4, 3, 1] and g.players[g.to_move(st)] == "west"
    st = g.apply(st, g.parse_move(st, "c"))      # c2 (3): s2, past east's store? no: a1, b1
    assert counts(g, st) == [3, 1, 0, 2, 0, 4, 0, 2] and g.players[g.to_move(st)] == "east"


def test_capture_and_lone_capture():
    g = game()
    st = position(g, [1, 0, 1], [1, 2, 1])       # a1 -> b1 (empty), facing b2 (2): all three to s1
    after = g.apply(st, g.parse_move(st, "a"))
    assert counts(g, after) == [0, 0, 1, 3, 1, 0, 1, 0]
    st = position(g, [1, 0, 1], [1, 0, 1])       # facing b2 is empty: the bean stays ...
    assert counts(g, g.apply(st, g.parse_move(st, "a"))) == [0, 1, 1, 0, 1, 0, 1, 0]
    lone = game(lone=True)
    st = position(lone, [1, 0, 1], [1, 0, 1])    # ... unless capture=option.lone holds
    assert counts(lone, lone.apply(st, lone.parse_move(st, "a"))) == [0, 0, 1, 1, 1, 0, 1, 0]


def test_count_of_a_cell_and_of_a_zone_in_the_end():
    g = game()
    st = position(g, [0, 0, 2], [3, 1, 1])       # c1 -> s1, a2: a2 holds 4, a pile of four: east wins
    out = g.outcome(g.apply(st, g.parse_move(st, "c")))
    assert out.over and out.winners == ("east",)
    st = position(g, [0, 0, 1], [1, 1, 1], 4, 5)  # c1 -> s1: east's row is empty, 5 against 8
    out = g.outcome(g.apply(st, g.parse_move(st, "c")))
    assert out.over and out.scores == {"east": 5, "west": 8} and out.winners == ("west",)


def test_show_and_the_position_form_carry_the_counts():
    g = game()
    st = position(g, [0, 5, 1], [1, 0, 3], 2, 0)
    data = g.position_json(st)
    assert data["pieces"] == {"nobody": {"bean": {"b1": 5, "c1": 1, "s1": 2, "a2": 1, "c2": 3}}}
    assert counts(g, g.position(data["pieces"], to_move="east")) == counts(g, st)
    lines = g.render(st).splitlines()
    assert lines[0].split() == ["3", "0", "1"] and lines[1].split() == ["0", "2"]


def test_a_list_of_cells_puts_one_counted_piece_on_each():
    g = game()
    st = g.position({"nobody": {"bean": ["a1", "b2"]}}, to_move="east")
    assert counts(g, st) == [1, 0, 0, 0, 0, 1, 0, 0]


def test_other_games_keep_their_layout():
    from rulebook.boards.grid.layout import COUNTED, EXTENDED
    assert len(game().initial_state()) == COUNTED
    g = load_game(WORDS_DIR / "points.yaml")
    assert len(g.initial_state()) < EXTENDED


# ---------------------------------------------------------------- located errors
BROKEN = [
    ("sow(pits)", "sow needs the direction of its order: sow(ZONE, along=D)"),
    ("sow(nowhere, along=ccw)", "unknown zone 'nowhere'"),
    ("sow(pits, along=up)", "'up' is not a direction of this board (ccw, across, cw)"),
    ("sow(pits, along=ccw, store=store, capture=yes)", "capture= needs the direction of the facing cell: facing=D"),
    ("sow(pits, along=ccw, again=yes)", "again= and capture= need the mover's store: store=ZONE"),
    ("sow(pits, along=ccw, capture=maybe, store=store, facing=across)", "capture must be no, yes, lone or option.NAME"),
    ("sow(pits, along=ccw, skip=opponent.nowhere)", "unknown zone 'opponent.nowhere' (a zone, or opponent.ZONE)"),
    ("sow(pits, along=ccw, speed=2)", "sow takes no option 'speed'"),
    ("sow(pits, along=ccw) | sow(rows, along=ccw)", "a game sows one way: one sow(...) in all its phases"),
    ("when(true) sow(pits, along=ccw)", "sow stands alone, as one alternative of a move"),
]


@pytest.mark.parametrize("move, message", BROKEN, ids=[m for m, _ in BROKEN])
def test_sow_errors_are_located(tmp_path, move, message):
    text = SOWING.read_text()
    old = "sow(pits, along=ccw, skip=opponent.store, store=store, again=yes, facing=across, capture=option.lone)"
    assert old in text
    f = tmp_path / "broken.yaml"
    f.write_text(text.replace(old, move))
    with pytest.raises(GameFileError) as info:
        check_file(f)
    assert any(x.message.startswith(message) for x in info.value.findings), [x.message for x in info.value.findings]
    finding = next(x for x in info.value.findings if x.message.startswith(message))
    proc = cli("validate", f)
    assert proc.returncode == 1 and f"broken.yaml:{finding.line}:{finding.column}: {message}" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_count_and_pits_take_a_number_or_a_whole_number_option(tmp_path):
    text = SOWING.read_text().replace("count: 2}", "count: option.lone}").replace("pits: 3}", "pits: option.lone}")
    f = tmp_path / "broken.yaml"
    f.write_text(text)
    with pytest.raises(GameFileError) as info:
        check_file(f)
    messages = [x.message for x in info.value.findings]
    assert "count: 'option.lone' is not a number or a whole-number option" in messages
    assert "board.ring.pits: 'option.lone' is not a whole-number option" in messages


def test_why_a_sowing_is_refused():
    g = game()
    st = position(g, [0, 2, 1], [1, 1, 1])
    assert g.explain(st, "b") == "'b' is legal"
    assert g.explain(st, "a") == ("'a': east's a (a1) is empty: a sowing takes up the pieces of a cell that "
                                  "has some")
    assert g.explain(st, "d").startswith("'d': a sowing is written as the letter of one of east's cells of pits, a..c")
    proc = cli("moves", SOWING, "--why", "a")
    assert proc.returncode == 0 and "is legal" in proc.stdout


@pytest.mark.parametrize("old, new, message", [
    ("bean: {neutral: true, start: rows, count: 2}", "bean: {start: rows, count: 2}",
     "a counted kind is owned by nobody here: give bean `neutral: true`"),
    ("bean: {neutral: true, start: rows, count: 2}", "bean: {neutral: true, start: rows}",
     "sow moves the pieces of a counted kind: give a kind `count:`"),
    ("capture=option.lone)", "capture=option.lone) | step(ccw)",
     "the pieces of bean stand in counts, which only sow moves: a phase of this game sows"),
], ids=["owned", "uncounted", "stepped"])
def test_counted_pieces_move_by_sowing_alone(tmp_path, old, new, message):
    f = tmp_path / "broken.yaml"
    f.write_text(SOWING.read_text().replace(old, new))
    with pytest.raises(GameFileError) as info:
        check_file(f)
    assert message in [x.message for x in info.value.findings]
    proc = cli("validate", f)
    assert proc.returncode == 1 and message in proc.stderr and "Traceback" not in proc.stderr


def test_an_option_counts_the_pits_of_a_ring(tmp_path):
    from rulebook import RulebookError
    text = SOWING.read_text().replace("ring: {pits: 3}", "ring: {pits: option.size}")
    text = text.replace("options:\n", "options:\n  size: {default: 3, min: 1, max: 30}\n")
    f = tmp_path / "sized.yaml"
    f.write_text(text)
    assert load_game(f).size == 8
    two = load_game(f, options={"size": 2})
    assert [two.geo.name(i) for i in range(two.size)] == ["a1", "b1", "s1", "a2", "b2", "s2"]
    assert [two.move_str(m) for m in two.legal_moves(two.initial_state())] == ["a", "b"]
    with pytest.raises(RulebookError, match="board.ring: 19 pits in a row; a ring has 1 to 18"):
        load_game(f, options={"size": 19})
