"""Backgammon (games/backgammon.yaml, docs/games/backgammon.md): perft from the start in both
conventions and weighted by the 36 ordered throws; the plays of every roll from the start (their
counts and names); scripted positions for each rule (entering from the bar, hitting, a blocked
entry, bearing off exactly and from a lower point, using both numbers, the larger, passing, the
gammons option's scores); random games replayed against a small independent implementation
written here, comparing the legal plays and the positions they reach at every ply; the position
form, --why, and the game played to its end by every kind of player."""
from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from rulebook import load_game
from rulebook.api import CHANCE, IllegalMove
from rulebook.play.measure import perft

from conftest import GAMES, play_and_replay, run_cli

PATH = GAMES / "backgammon.yaml"
FIGURES = [21, 447, 9387, 202782]                 # both conventions: no game ends this early
WEIGHTED = [36, 637, 22932, 419783]              # the 36 ordered throws, a non-double counted twice
PER_ROLL = {"1-1": 42, "2-1": 15, "2-2": 75, "3-1": 16, "3-2": 17, "3-3": 73, "4-1": 14, "4-2": 18, "4-3": 17,
            "4-4": 52, "5-1": 8, "5-2": 8, "5-3": 9, "5-4": 9, "5-5": 4, "6-1": 10, "6-2": 14, "6-3": 14,
            "6-4": 14, "6-5": 7, "6-6": 11}
START = {24: 2, 13: 5, 8: 3, 6: 5}
AWAY = {6: 15}                                    # black in its home board: out of white's way

_GAMES: dict = {}


def game(**options):
    key = tuple(sorted(options.items()))
    if key not in _GAMES:
        _GAMES[key] = load_game(PATH, options=options or None)
    return _GAMES[key]


def position(g, white=None, black=None, bar=(0, 0), roll=None, to_move="white"):
    """A position from each player's points in their own numbers ({24: 2}); the rest are off."""
    points = {"white": {str(q): n for q, n in (white or {}).items()},
              "black": {str(25 - q): n for q, n in (black or {}).items()}}
    return g.position({p: {"checker": pts} for p, pts in points.items()}, to_move=to_move,
                      reserves={"white": bar[0], "black": bar[1]}, roll=roll)


def plays(g, st) -> list[str]:
    return sorted(g.move_str(m) for m in g.legal_moves(st))


def rolled(g, st, roll: str):
    return g.apply(st, g.parse_move(st, roll))


# ------------------------------------------------------------------------------------ perft
@pytest.mark.parametrize("exact", [False, True], ids=["leaf", "exact"])
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_from_the_start(depth, exact):
    g = game()
    assert perft(g, g.initial_state(), depth, exact) == FIGURES[depth - 1]


def counts(g, st, depth: int) -> tuple[int, int]:
    """(perft, perft weighted by the chance weights) in one walk."""
    if depth == 0 or g.is_over(st):
        return 1, 1
    if g.to_move(st) == CHANCE:
        plain = weighted = 0
        for m, w in g.chance_outcomes(st):
            a, b = counts(g, g.apply(st, m), depth - 1)
            plain, weighted = plain + a, weighted + w * b
        return plain, weighted
    plain = weighted = 0
    for m in g.legal_moves(st):
        a, b = counts(g, g.apply(st, m), depth - 1)
        plain, weighted = plain + a, weighted + b
    return plain, weighted


def test_perft_4_and_the_weighted_figures():
    g = game()
    for depth in (1, 2, 3):
        assert counts(g, g.initial_state(), depth) == (FIGURES[depth - 1], WEIGHTED[depth - 1])
    assert counts(g, g.initial_state(), 4) == (FIGURES[3], WEIGHTED[3])


def test_the_rolls_are_a_chance_ply_of_21_weighted_outcomes():
    g = game()
    st = g.initial_state()
    assert g.to_move(st) == CHANCE
    weights = {g.move_str(m): w for m, w in g.chance_outcomes(st)}
    assert list(weights)[:3] == ["6-6", "6-5", "6-4"] and len(weights) == 21
    assert weights["6-6"] == 1 and weights["2-1"] == 2 and sum(weights.values()) == 36
    assert sorted(map(g.move_str, g.legal_moves(st))) == sorted(weights)
    after = rolled(g, st, "3-1")
    assert g.to_move(after) == 0 and g.ply(after) == 1
    with pytest.raises(IllegalMove):
        g.parse_move(st, "1-3")               # written highest first


# ------------------------------------------------------------------------------------ the start
def test_the_plays_of_every_roll_from_the_start():
    g = game()
    st = g.initial_state()
    found = {g.move_str(r): plays(g, g.apply(st, r)) for r in g.legal_moves(st)}
    assert {k: len(v) for k, v in found.items()} == PER_ROLL
    assert sum(map(len, found.values())) == 447
    assert "24/23 23/20" in found["3-1"] and "24/21 21/20" not in found["3-1"]
    assert "8/7 7/5" in found["2-1"] and "8/6 6/5" not in found["2-1"]
    assert "24/18 24/18 13/7 13/7" in found["6-6"]


def test_the_names_of_a_play_reached_by_several_step_lists():
    """A play is named by the greatest step list that reaches its position, steps sorted by from
    then to, both descending (bar first, off last)."""
    g = game()
    st = rolled(g, g.initial_state(), "6-5")
    names = plays(g, st)
    assert "24/18 18/13" in names and "24/19 19/13" not in names      # (24, 18) > (24, 19)
    assert len(names) == PER_ROLL["6-5"]
    st = rolled(g, g.initial_state(), "4-4")
    assert "24/20 24/20 13/9 13/9" in plays(g, st) and "13/9 13/9 24/20 24/20" not in plays(g, st)


def test_black_plays_the_same_names_from_the_start():
    g = game()
    start = position(g, START, START, to_move="black")
    for r in g.legal_moves(start):
        white = plays(g, g.apply(g.initial_state(), r))
        assert plays(g, g.apply(start, r)) == white


# ------------------------------------------------------------------------------------ each rule
def test_a_piece_on_the_bar_enters_before_any_other_step():
    g = game()
    st = position(g, {13: 5, 8: 3, 6: 5, 24: 1}, START, bar=(1, 0), roll="3-1")
    names = plays(g, st)
    assert names and all(n.startswith("bar/") for n in names)
    assert "bar/22 24/23" in names and "bar/24 13/10" in names
    assert "bar/24 24/21" in names and "bar/22 22/21" not in names     # one position, the greater name
    after = g.apply(st, g.parse_move(st, "bar/24 24/21"))
    assert after.bar == (0, 0) and after.pts[20] == 1 and after.pts[23] == 1


def test_an_entry_onto_a_closed_point_is_refused_and_a_blocked_roll_passes():
    g = game()
    closed = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}          # black's home board, all closed
    st = position(g, {13: 14}, closed, bar=(1, 0), roll="6-5")
    assert plays(g, st) == ["pass"]
    after = g.apply(st, g.parse_move(st, "pass"))
    assert after.pts == st.pts and after.bar == st.bar and g.to_move(after) == CHANCE and after.seat == 1
    open5 = {**closed, 5: 1}                                 # a lone black piece on black's 5 ...
    st = position(g, {13: 14}, open5, bar=(1, 0), roll="6-5")
    assert plays(g, st) == ["bar/20"] or "bar/20" in plays(g, st)[0]  # ... white's 20: entered, hitting it
    after = g.apply(st, g.legal_moves(st)[0])
    assert after.bar == (0, 1)


def test_a_lone_enemy_piece_is_hit_to_its_bar():
    g = game()
    st = position(g, {13: 15}, {15: 1, 6: 14}, roll="3-1")         # black's 15 is white's 10
    names = plays(g, st)
    assert "13/10 10/9" in names and "13/12 13/10" in names      # to descending: 12 before 10
    after = g.apply(st, g.parse_move(st, "13/12 13/10"))
    assert after.bar == (0, 1) and after.pts[9] == 1
    with pytest.raises(IllegalMove):
        g.parse_move(st, "13/9")                                    # two steps, written each


def test_two_enemy_pieces_close_a_point():
    g = game()
    st = position(g, {13: 15}, {15: 2, 6: 13}, roll="3-1")         # white's 10 held by two black pieces
    assert not any("/10" in n for n in plays(g, st))


def test_bearing_off_with_the_exact_number_and_from_a_lower_point():
    g = game()
    st = position(g, {6: 1, 5: 1, 1: 13}, AWAY, roll="6-5")
    assert "6/off 5/off" in plays(g, st)
    st = position(g, {3: 1, 2: 1}, AWAY, roll="6-5")
    assert plays(g, st) == ["3/off 2/off"]                          # each from the highest occupied point
    st = position(g, {6: 1, 2: 1}, AWAY, roll="5-4")
    assert "6/off" not in " ".join(plays(g, st))                   # a 5 or a 4 takes nothing off 6 ...
    assert plays(g, st) == ["6/1 2/off", "6/2 2/off"]                 # ... while 6 is higher: it moves first


def test_bearing_off_waits_until_every_piece_is_home_tested_before_each_step():
    g = game()
    st = position(g, {7: 1, 2: 14}, AWAY, roll="6-1")
    names = plays(g, st)
    assert "7/6 6/off" in names                                      # the 1 brings it home, then the 6 bears off
    assert names == ["7/1 2/1", "7/6 6/off"]                         # 7/1 1/off: the position of 7/6 6/off
    assert not any(n.startswith("2/off") for n in names)


def test_a_play_must_use_both_numbers_when_it_can():
    """With 6-5 the 6 cannot be played first; the 5 then the 6 can: the only play uses both."""
    g = game()
    st = position(g, {24: 1, 1: 14}, {7: 2, 8: 13}, roll="6-5")      # black on its 7 = white's 18
    assert plays(g, st) == ["24/19 19/13"]


def test_only_one_number_playable_the_larger():
    g = game()
    # 24/18 and 24/19 each open, 13 closed: the two cannot both be used; the larger (6) must be
    st = position(g, {24: 1, 1: 14}, {12: 2, 8: 13}, roll="6-5")     # black's 12 = white's 13
    assert plays(g, st) == ["24/18"]
    # the 6 blocked too: the smaller it is
    st = position(g, {24: 1, 1: 14}, {12: 2, 7: 2, 8: 11}, roll="6-5")
    assert plays(g, st) == ["24/19"]


def test_a_roll_without_a_step_is_a_pass():
    g = game()
    st = position(g, {24: 1, 1: 14}, {7: 2, 6: 2, 8: 11}, roll="6-5")   # 18 and 19 closed
    assert plays(g, st) == ["pass"]


@pytest.mark.parametrize("gammons, black, bar, score", [
    (False, {6: 15}, 0, 1),                        # a plain win without the option
    (True, {6: 14}, 0, 1),                         # black bore one off: a single game
    (True, {6: 15}, 0, 2),                         # none off: a gammon
    (True, {6: 14}, 1, 3),                         # none off, one on the bar: a backgammon
    (True, {6: 14, 20: 1}, 0, 3),                  # none off, one in white's home board
])
def test_the_last_piece_off_wins_and_the_gammons_option_scores(gammons, black, bar, score):
    g = game(gammons=gammons)
    st = position(g, {1: 1}, black, bar=(0, bar), roll="2-1")
    assert plays(g, st) == ["1/off"]
    end = g.apply(st, g.legal_moves(st)[0])
    out = g.outcome(end)
    assert g.is_over(end) and g.legal_moves(end) == [] and out.winners == ("white",)
    assert out.scores == {"white": score, "black": 0}


# ------------------------------------------------------------------------------------ an independent implementation
def ref_plays(me: list, them: list, roll: tuple) -> dict:
    """name -> (me, them) reached. Each side in its own numbers: index 0 off, 1..24, 25 the bar.
    Every order of the numbers is tried, level by level, keeping each (position, steps) once."""
    numbers = [roll[0]] * 4 if roll[0] == roll[1] else list(roll)
    level = {(tuple(me), tuple(them), (), tuple(numbers))}
    done = []
    while level:
        nxt = set()
        for a, b, steps, left in level:
            moved = False
            for d in set(left):
                for f, t, a2, b2 in ref_steps(a, b, d):
                    rest = list(left)
                    rest.remove(d)
                    nxt.add((a2, b2, tuple(sorted(steps + ((f, t),))), tuple(rest)))
                    moved = True
            if not moved:
                done.append((len(numbers) - len(left), tuple(x for x in numbers if x not in left or
                                                             numbers.count(x) > left.count(x)), a, b, steps))
        level = nxt
    most = max(x[0] for x in done)
    done = [x for x in done if x[0] == most]
    if most == 1 and roll[0] != roll[1] and any(x[1] == (max(roll),) for x in done):
        done = [x for x in done if x[1] == (max(roll),)]
    best: dict = {}
    for _n, _u, a, b, steps in done:
        name = tuple(sorted(steps, reverse=True))
        if (a, b) not in best or name > best[(a, b)]:
            best[(a, b)] = name
    out = {}
    for (a, b), name in best.items():
        text = " ".join(f"{'bar' if f == 25 else f}/{'off' if t == 0 else t}" for f, t in name) or "pass"
        out[text] = (list(a), list(b))
    return out


def ref_steps(a, b, d):
    """The single steps of number d: (from, to, mine after, theirs after)."""
    out = []
    home = all(a[q] == 0 for q in range(7, 26))
    froms = [25] if a[25] else [q for q in range(24, 0, -1) if a[q]]
    for f in froms:
        t = f - d
        if t >= 1:
            if b[25 - t] >= 2:
                continue
        elif not home or (t < 0 and any(a[q] for q in range(f + 1, 7))):
            continue
        else:
            t = 0
        a2, b2 = list(a), list(b)
        a2[f] -= 1
        a2[t] += 1
        if t and b2[25 - t] == 1:
            b2[25 - t] = 0
            b2[25] += 1
        out.append((f, t, tuple(a2), tuple(b2)))
    return out


def sides(g, st):
    """(white, black) each in its own numbers: [off, 1..24, bar]."""
    w, b = [0] * 26, [0] * 26
    for i, c in enumerate(st.pts):
        if c > 0:
            w[i + 1] = c
        elif c < 0:
            b[24 - i] = -c
    w[0], b[0], w[25], b[25] = st.off[0], st.off[1], st.bar[0], st.bar[1]
    return w, b


@pytest.mark.parametrize("seed", range(6))
def test_random_games_against_an_independent_implementation(seed):
    g = game(gammons=True)
    rng = random.Random(seed)
    st = g.initial_state()
    while not g.is_over(st):
        assert g.to_move(st) == CHANCE
        st = g.apply(st, g.random_move(st, rng))
        me = st.seat
        w, b = sides(g, st)
        mine, theirs = (w, b) if me == 0 else (b, w)
        expect = ref_plays(mine, theirs, st.roll)
        legal = g.legal_moves(st)
        assert sorted(map(g.move_str, legal)) == sorted(expect), (seed, g.ply(st), g.position_json(st))
        move = rng.choice(legal)
        st = g.apply(st, move)
        w, b = sides(g, st)
        assert ((w, b) if me == 0 else (b, w)) == expect[g.move_str(move)]
        assert g.is_over(st) == ((w if me == 0 else b)[0] == 15)
    assert g.outcome(st).winners == (g.players[me],)
    loser = b if st.winner == 0 else w
    expect = 1 if loser[0] else 3 if loser[25] or any(loser[19:25]) else 2
    assert g.outcome(st).scores[g.players[st.winner]] == expect


# ------------------------------------------------------------------------------------ the front-ends
def test_the_position_form_reads_back(tmp_path):
    g = game()
    st = position(g, {24: 1, 13: 4, 6: 5}, START, bar=(1, 0), roll="4-2")
    data = g.position_json(st)
    assert data["roll"] == "4-2" and data["reserve"] == {"white": 1, "black": 0}
    assert data["pieces"]["white"]["checker"]["24"] == 1 and data["pieces"]["black"]["checker"]["1"] == 2
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data))
    from rulebook.play.positions import load_position
    assert load_position(g, path) == st
    proc = run_cli("moves", PATH, "--position", path)
    assert proc.returncode == 0 and "bar/21 24/22" in proc.stdout.split("\n"), proc.stdout
    proc = run_cli("perft", PATH, "1", "--position", path)
    assert proc.stdout.strip().splitlines()[-1] == str(len(g.legal_moves(st)))


def test_the_end_of_a_random_game_reads_back_the_same():
    from rulebook.play.positions import position_state
    g = game(gammons=True)
    for seed in range(3):
        rng, st = random.Random(seed), g.initial_state()
        while not g.is_over(st):
            st = g.apply(st, g.random_move(st, rng))
            back = position_state(g, g.position_json(st))
            assert back == st._replace(ply=back.ply) and back.ply == st.ply
        assert g.outcome(back) == g.outcome(st)


def test_a_random_position_is_refused_with_a_message_or_playable():
    from rulebook.api import RulebookError
    from rulebook.play.positions import position_state
    g = game()
    rng = random.Random(7)
    refused = played = 0
    for _ in range(300):
        pieces = {p: {"checker": {str(rng.randint(0, 26)): rng.randint(0, 6) for _ in range(rng.randint(0, 5))}}
                  for p in g.players if rng.random() < 0.9}
        data = {"pieces": pieces, "to_move": rng.choice(g.players),
                "reserve": {p: rng.randint(0, 3) for p in g.players}}
        if rng.random() < 0.5:
            data["roll"] = rng.choice(["3-1", "6-6", "1-3", "7-1"])
        try:
            st = position_state(g, data, "pos.json")
        except RulebookError as e:
            assert str(e).startswith("pos.json: ") and len(str(e)) > len("pos.json: ")
            refused += 1
            continue
        played += 1
        for _ in range(4):
            if g.is_over(st):
                break
            st = g.apply(st, g.random_move(st, rng))
    assert refused and played


@pytest.mark.parametrize("data, words", [
    ({"pieces": {"white": {"checker": {"25": 1}}}}, "'25' is not a point of the track (1..24)"),
    ({"pieces": {"white": {"checker": {"6": 16}}}}, "white has 16 pieces on the track and the bar"),
    ({"pieces": {}, "roll": "1-2"}, "'1-2' is not a roll of the dice"),
    ({"pieces": {"white": ["a1"]}}, "pieces.white: the pieces of a track by point"),
])
def test_a_bad_position_is_refused_in_words(tmp_path, data, words):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data))
    proc = run_cli("moves", PATH, "--position", path)
    assert proc.returncode == 1 and words in proc.stderr, proc.stderr


@pytest.mark.parametrize("text, words", [
    ("13/10 10/9", "is legal here"),
    ("13/9", "no number of the roll 3-1 moves 13 to 9"),
    ("13/10", "uses 1 of the numbers: a play must use as many as can be used"),
    ("24/21 21/20", "reaches the same position as 24/23 23/20"),
    ("5/2 2/1", "white has no piece on 5 to move"),
    ("6/off 6/5", "pieces are taken off only while all of white's stand on points 1..6"),
    ("xx", "is not a play"),
])
def test_why_names_the_rule_that_refuses(text, words):
    g = game()
    st = rolled(g, g.initial_state(), "3-1")
    assert words in g.explain(st, text)


def test_why_at_a_closed_point_and_a_roll(tmp_path):
    g = game()
    st = position(g, {13: 15}, {15: 2, 6: 13}, roll="3-1")
    assert "point 10 holds 2 of the opponent's pieces" in g.explain(st, "13/10 10/9")
    assert "the dice are rolled now" in g.explain(g.initial_state(), "13/10")
    st = position(g, {13: 13, 24: 1}, START, bar=(1, 0), roll="3-1")
    assert "enter before any other step" in g.explain(st, "13/10 10/9")


def test_show_draws_the_track():
    from rulebook.look.scene import build
    g = game()
    st = position(g, {24: 1, 13: 4, 6: 5}, START, bar=(1, 0), roll="4-2")
    text = g.render(st)
    assert "W4" in text and "B5" in text and "bar: white 1, black 0" in text and "white to play 4-2" in text
    d = build(g, st)
    drawn = sorted(sh.data["count"] for grp in d.groups for sh in grp.shapes if "piece" in sh.cls.split())
    assert drawn == sorted([1, 4, 5, 2, 5, 3, 5])


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iterations=20"])
def test_play_to_the_end(spec, tmp_path):
    """`rulebook play` with each kind of player: the record replays here to the printed result."""
    play_and_replay(PATH, spec, tmp_path, timeout=300)


def test_alphabeta_refuses_a_game_of_chance():
    proc = run_cli("play", PATH, "--players", "alphabeta,random", "--seed", "1")
    assert proc.returncode == 1 and "alphabeta plays games without chance" in proc.stderr, proc.stderr
