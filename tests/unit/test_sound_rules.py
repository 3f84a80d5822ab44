"""Rules the grid kind once answered wrongly, now answered right or refused at their place:
`attacked()` and a capturing step inside a longer pattern, a line made by any stone of a drop of
several, generated code that grew exponentially with nesting, and repeated parts that capture on
some of their actions only (flying kings, mixed jumps). The made-up games are in tests/data/rulings.
"""
from __future__ import annotations

import random

import pytest

from rulebook import check_file, load_game
from rulebook.boards.grid import movegen
from rulebook.source.load import GameFileError

from conftest import DATA, run_cli

RULINGS = DATA / "rulings"

GUARDED = """\
game: Guarded king
players:
  - {name: white, forward: north}
  - {name: black, forward: south}
board:
  grid: {files: 5, ranks: 5}
directions:
  ssw: [south-west]
zones:
  home: rank 1
  top: rank 5
pieces:
  king: {start: home, symbol: k}
  hunter: {start: top, symbol: h}
phases:
  - name: play
    move:
      king: step(adjacent, capture=yes)
      hunter: HUNTER
    legal:
      safe: not attacked(mine.king)
end:
  win: count(theirs.king) == 0
"""


# ---------------------------------------------------------------- attacked()
def test_attacked_refuses_a_capturing_step_it_cannot_see(tmp_path):
    f = tmp_path / "guarded.yaml"
    f.write_text(GUARDED.replace("HUNTER", "step(ssw, capture=yes) when(empty(neighbour(landing, north)))"))
    with pytest.raises(GameFileError) as info:
        check_file(f)
    [finding] = info.value.findings
    assert (finding.line, finding.column) == (19, 15)
    assert finding.message.startswith("attacked() counts a capturing step only when it is a whole alternative")
    proc = run_cli("validate", f)
    assert proc.returncode == 1 and "guarded.yaml:19:15: attacked() counts" in proc.stderr


def test_attacked_sees_a_capturing_step_of_its_own(tmp_path):
    """The same capture as an alternative of its own: counted, so the king may not step onto it."""
    f = tmp_path / "guarded.yaml"
    f.write_text(GUARDED.replace("HUNTER", "step(ssw, capture=yes) | step(south)"))
    g = load_game(f)
    st = g.position({"white": {"king": ["c1"]}, "black": {"hunter": ["e3"]}}, to_move="white")
    targets = {g.move_str(m)[-2:] for m in g.legal_moves(st)}
    assert "d2" not in targets and {"b1", "b2", "c2", "d1"} <= targets


# ---------------------------------------------------------------- a drop of several stones
def test_a_line_made_by_the_first_stone_of_a_drop_wins():
    g = load_game(RULINGS / "two_stones.yaml")
    st = g.position({"black": ["a1", "b1", "c1"], "white": ["a7", "b7", "c7"]}, to_move="black",
                    reserves={"black": 20, "white": 20})
    first = g.parse_move(st, "d1+g7")           # d1 completes the line; g7 is the drop's last stone
    elsewhere = g.parse_move(st, "e5+g7")
    assert g.outcome(g.apply(st, first)).winners == ("black",)
    assert not g.is_over(g.apply(st, elsewhere))
    st = g.position({"black": ["g4", "g5", "g6"], "white": ["a7", "b7", "c7"]}, to_move="black",
                    reserves={"black": 20, "white": 20})
    assert g.outcome(g.apply(st, g.parse_move(st, "a2+g7"))).winners == ("black",)     # the last stone


# ---------------------------------------------------------------- code size
def written_out(tmp_path, levels: int):
    """Flying kings with their captures written out to `levels` legs, without repetition."""
    leg = "slide(diagonal)? jump(diagonal, over=theirs, capture=yes) slide(diagonal)?"
    pattern = leg
    for _ in range(levels - 1):
        pattern = f"{leg} ({pattern})?"
    text = (RULINGS / "flying_kings.yaml").read_text()
    start, end = text.index("      king: >-"), text.index("end:")
    f = tmp_path / f"levels{levels}.yaml"
    f.write_text(text[:start] + f"      king: slide(diagonal) | {pattern}\n" + text[end:])
    return load_game(f)


def test_generated_code_grows_linearly_with_nesting(tmp_path):
    sizes = []
    for levels in range(1, 8):
        g = written_out(tmp_path, levels)
        sizes.append(sum(len(src.splitlines()) for src in g.sources.values()))
        st = g.position({"black": {"king": ["a1"]}, "white": ["b2", "d4", "b4", "d2"]}, to_move="black")
        assert all(g.move_str(m).startswith("a1") for m in g.legal_moves(st))
    steps = [b - a for a, b in zip(sizes, sizes[1:])]
    assert max(steps[1:]) <= 2 * min(steps[1:]), sizes        # a constant cost per level, not a doubling
    assert sizes[-1] < 2000, sizes


@pytest.mark.parametrize("copied, indent", [(0, 8), (0, 56)])
def test_continuations_written_once_give_the_same_moves(monkeypatch, copied, indent):
    """Where every continuation is written once as a function (and code deeper than two levels
    goes on in one), the moves are those of the plain emission, move for move."""
    def moves(path, seeds=6):
        g = load_game(path)
        out = []
        for seed in range(seeds):
            rng, st = random.Random(seed), g.initial_state()
            for _ in range(120):
                if g.is_over(st):
                    break
                legal = g.legal_moves(st)
                out.append(sorted(g.move_str(m) for m in legal))
                st = g.apply(st, rng.choice(legal))
        return out
    files = [RULINGS / "flying_kings.yaml", DATA / "words" / "captures.yaml", DATA / "words" / "jumps.yaml"]
    plain = [moves(f) for f in files]
    monkeypatch.setattr(movegen, "MAX_COPIED", copied)
    monkeypatch.setattr(movegen, "MAX_INDENT", indent)
    assert [moves(f) for f in files] == plain


# ---------------------------------------------------------------- captures on some actions of a round
DIAGONALS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def oracle_king_captures(king: tuple[int, int], enemies: set, size: int = 6) -> set[str]:
    """The flying king's capture sequences, by hand: rounds of (slide? jump slide?), each jump
    over an enemy not yet taken to the empty cell beyond, going on while a round can be made;
    captured pieces stay on the board (they block) until the move is done; the origin is empty."""
    def name(c):
        return "abcdef"[c[0]] + str(c[1] + 1)

    def empty(c):                       # on the board, and no piece there (taken ones stay)
        return 0 <= c[0] < size and 0 <= c[1] < size and (c == king or c not in enemies)

    def slides(c):
        out = []
        for df, dr in DIAGONALS:
            t = (c[0] + df, c[1] + dr)
            while empty(t):
                out.append(t)
                t = (t[0] + df, t[1] + dr)
        return out

    def rounds(c, caps, path):
        found, went_on = set(), False
        for s in [c] + slides(c):
            p1 = path + ("" if s == c else "-" + name(s))
            for df, dr in DIAGONALS:
                over, land = (s[0] + df, s[1] + dr), (s[0] + 2 * df, s[1] + 2 * dr)
                if over in enemies and over not in caps and empty(land):
                    p2 = p1 + "x" + name(land)
                    for e in [land] + slides(land):
                        went_on = True
                        found |= rounds(e, caps | {over}, p2 + ("" if e == land else "-" + name(e)))
        if not went_on and caps:
            found.add(path)
        return found
    return rounds(king, frozenset(), name(king))


def test_flying_kings_against_a_hand_search():
    g = load_game(RULINGS / "flying_kings.yaml")
    dark = [(f, r) for f in range(6) for r in range(6) if (f + r) % 2 == 0]
    rng = random.Random(7)
    checked = 0
    for _ in range(200):
        cells = rng.sample(dark, 1 + rng.randint(2, 6))
        king, enemies = cells[0], set(cells[1:])
        name = lambda c: "abcdef"[c[0]] + str(c[1] + 1)       # noqa: E731
        st = g.position({"black": {"king": [name(king)]}, "white": [name(c) for c in enemies]}, to_move="black")
        if g.is_over(st):
            continue
        legal = [g.move_str(m) for m in g.legal_moves(st)]
        assert len(legal) == len(set(legal))
        expected = oracle_king_captures(king, enemies)
        if expected:                    # captures are compulsory: only they are listed
            assert set(legal) == expected
            checked += 1
    assert checked > 50


def test_a_capture_sequence_goes_on_while_it_can():
    g = load_game(RULINGS / "flying_kings.yaml")
    st = g.position({"black": {"king": ["a1"]}, "white": ["b2", "d4"]}, to_move="black")
    legal = {g.move_str(m) for m in g.legal_moves(st)}
    assert "a1xc3xe5" in legal and "a1xc3-b4-c5xe3-c1" in legal
    assert "a1xc3" not in legal            # from c3 the king can capture again: it must


def test_mixed_jumps_over_own_and_enemy_pieces(tmp_path):
    """Rounds that may take nothing (a jump over one's own piece) or capture: each cell is reached
    once with the same captured pieces, and the search ends."""
    text = (RULINGS / "flying_kings.yaml").read_text()
    start, end = text.index("      king: >-"), text.index("end:")
    f = tmp_path / "mixed.yaml"
    f.write_text(text[:start] + "      king: (jump(diagonal, over=mine) | jump(diagonal, over=theirs, capture=yes))+\n"
                 + text[end:])
    g = load_game(f)
    st = g.position({"black": {"king": ["a1"], "man": ["b2"]}, "white": ["d4", "b4"]}, to_move="black")
    legal = sorted(g.move_str(m) for m in g.legal_moves(st))
    assert "a1-c3xe5" in legal             # over the own man to c3, then over d4, taking it
    assert "a1-c3xa5" in legal
    assert len(legal) == len(set(legal))


# ---------------------------------------------------------------- promotion in the middle of a capture
def test_a_man_promoted_on_the_way_goes_on_capturing_as_a_king(tmp_path):
    path = RULINGS / "promote_on_the_way.yaml"
    g = load_game(path)
    st = g.position({"black": ["b6"], "white": ["c7", "g5", "a1"]}, to_move="black")
    legal = sorted(g.move_str(m) for m in g.legal_moves(st))
    # over c7 onto d8, the far rank: a king now, it slides to f6 and takes g5 (a man could not)
    assert legal == ["b6xd8-f6xh4", "b6xd8-f6xh4-e1", "b6xd8-f6xh4-f2", "b6xd8-f6xh4-g3"]
    done = g.apply(st, g.parse_move(st, "b6xd8-f6xh4-g3"))
    assert g.position_json(done)["pieces"] == {"white": ["a1"], "black": {"king": ["g3"]}}
    # where the king could not go on, the move ends on the far rank, promoted
    st = g.position({"black": ["b6"], "white": ["c7", "a1"]}, to_move="black")
    assert [g.move_str(m) for m in g.legal_moves(st)] == ["b6xd8"]
    assert g.position_json(g.apply(st, g.legal_moves(st)[0]))["pieces"]["black"] == {"king": ["d8"]}
    # without on_the_way, the promotion waits for the end of the move
    plain = tmp_path / "plain.yaml"
    plain.write_text(path.read_text().replace(", on_the_way: true", ""))
    g = load_game(plain)
    st = g.position({"black": ["b6"], "white": ["c7", "g5", "a1"]}, to_move="black")
    assert [g.move_str(m) for m in g.legal_moves(st)] == ["b6xd8"]


def test_a_promotion_on_the_way_names_one_kind(tmp_path):
    text = (RULINGS / "promote_on_the_way.yaml").read_text()
    f = tmp_path / "two.yaml"
    f.write_text(text.replace("{to: king, in: opponent.home, on_the_way: true}",
                              "{to: [king, man], in: opponent.home, on_the_way: true}"))
    with pytest.raises(GameFileError) as info:
        check_file(f)
    assert "a promotion on the way makes one kind" in info.value.findings[0].message
