"""The compiled random playout of the grid kind (boards/grid/playout/, `game.playout`) against
random games played move by move through the Game API: the same draws from the same seed, so the
same states and plies, on every shipped grid game; from the start, from a position reached in
play, and stopped after a number of plies. Then the distribution itself, on tic-tac-toe."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from rulebook import load_game
from rulebook.api import playout, random_playout
from rulebook.boards.grid.layout import LAST
from rulebook.boards.grid.state import PASS

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "games"
TILE_GAMES = {"zug", "carcassonne", "tsuro"}
# (backgammon's track kind compiles no playout of its own: api.playout plays it through the Game API)
GRID_GAMES = sorted(p.stem for p in GAMES.glob("*.yaml") if p.stem not in TILE_GAMES and p.stem != "backgammon")
# long games: fewer plies are compared (the loop is the same at every ply)
LIMIT = {"connect6": 60, "halma": 150, "halma4": 150, "shogi": 150, "xiangqi": 150, "chinese_checkers": 150}
# the games whose last phase is played on the state's own variables (placing_phase)
PLACING = {"tictactoe", "connect4", "gomoku", "hex"}
# and those whose last phase places a piece that must flip (flip_loop.py)
FLIPPING = {"reversi"}
# and those whose pieces step or jump in chains over any piece (move_loop.py)
MOVING = {"halma", "halma4", "chinese_checkers"}
# and those whose one move slides then shoots (parts_loop.py): drawn by rejection, the same
# distribution as the Game API's draws but not the same sequence, so checked by replaying
PARTS = {"amazons"}
# and those whose other plain piece moves keep each piece's moves from ply to ply (kept_loop.py)
KEPT = {"lezug"}
# and those whose every move is a lone step of one kind, capturing or not (bulk_loop.py)
BULK = {"breakthrough"}


def api_playout(game, rng, st=None, limit=None):
    """Move by move through the Game API, each move drawn as the game's random_move draws it
    (rng.choice of the legal moves, but where a drop of several stones lists thousands)."""
    st = game.initial_state() if st is None else st
    plies = 0
    while plies != limit and not game.is_over(st):
        st = game.apply(st, game.random_move(st, rng))
        plies += 1
    return st, plies


def replayed(game, seed, st=None, limit=None):
    """game.playout from st with random.Random(seed), replayed ply by ply through the Game API:
    stopped after k plies (the same draws up to there), it reaches apply() of exactly one legal
    move of the state it reached after k - 1, and it stops where the game is over or at the
    limit. (The playout it checks: the state reached, the plies played.)"""
    start = game.initial_state() if st is None else st
    end, plies = game.playout(random.Random(seed), start, limit=limit)
    st = start
    for k in range(1, plies + 1):
        nxt, p = game.playout(random.Random(seed), start, limit=k)
        assert p == k
        assert len([m for m in game.legal_moves(st) if m[1] == nxt[LAST] and game.apply(st, m) == nxt]) == 1, k
        st = nxt
    assert st == end and (plies == limit or game.is_over(end))
    return end, plies


def test_every_grid_game_is_listed():
    assert len(GRID_GAMES) >= 20 and "chess" in GRID_GAMES and "zug" not in GRID_GAMES


@pytest.mark.parametrize("name", GRID_GAMES)
def test_the_compiled_playout_is_the_game_played_move_by_move(name):
    game = load_game(GAMES / f"{name}.yaml")
    limit = LIMIT.get(name, 400)
    for seed in range(3):
        mid, _ = api_playout(game, random.Random(seed + 10), limit=7)
        if name in PARTS:       # the same distribution, another sequence: every ply replayed
            replayed(game, seed, limit=limit)
            replayed(game, seed, mid, limit=9)
            continue
        want = api_playout(game, random.Random(seed), limit=limit)
        assert game.playout(random.Random(seed), limit=limit) == want
        # and from the position reached after a few plies, for a few plies more
        assert game.playout(random.Random(seed), mid, limit=9) == api_playout(game, random.Random(seed), mid, limit=9)
    # (a fused loop makes the boards mutable: its marker)
    assert ("B = list(B)" in game.playout_code) == (name in PLACING | FLIPPING | MOVING | PARTS | KEPT | BULK)


@pytest.mark.parametrize("name", sorted(PLACING) + sorted(MOVING) + sorted(KEPT) + sorted(BULK) + ["reversi", "english_draughts"])
def test_played_to_the_end_it_is_random_playout(name):
    game = load_game(GAMES / f"{name}.yaml")
    for seed in range(5):
        st, plies = game.playout(random.Random(seed))
        assert game.is_over(st) and plies == game.ply(st)
        assert (st, plies) == random_playout(game, random.Random(seed))
        assert playout(game, random.Random(seed)) == (st, plies)


def test_a_flipping_playout_is_the_game_api_to_the_end_passes_and_all():
    """Reversi's loop over 60 seeds: the same games as random_playout, passes included."""
    game = load_game(GAMES / "reversi.yaml")
    passes = 0
    for seed in range(60):
        st, plies = game.playout(random.Random(seed))
        assert (st, plies) == random_playout(game, random.Random(seed)), seed
        passes += plies - 60 + st[0].count(0)        # plies beyond the placements: the passes
    assert passes > 0


def test_bulk_steps_are_the_game_api_to_the_end_blocked_players_and_all():
    """The bulk loop on a made-up hex game (captures only sideways, a seat left with no move
    loses): 60 seeds, the same games as random_playout, some ended by a blocked player; and from
    a position a few plies in, for a few plies."""
    game = load_game(ROOT / "tests/data/playout/bulk_hex.yaml")
    blocked = 0
    for seed in range(60):
        st, plies = game.playout(random.Random(seed))
        assert (st, plies) == random_playout(game, random.Random(seed)), seed
        blocked += not game.legal_moves(st) and game.outcome(st).winners == (game.players[1 - game.to_move(st)],)
        mid, _ = api_playout(game, random.Random(seed + 100), limit=5)
        assert game.playout(random.Random(seed), mid, limit=6) == api_playout(game, random.Random(seed), mid, limit=6)
    assert blocked > 0
    assert "B = list(B)" in game.playout_code and "cells[" not in game.playout_code  # (a bare state: no bytes)


@pytest.mark.parametrize("path", ["games/pentago.yaml", "tests/data/playout/place_turn.yaml"])
def test_a_placement_and_its_turn_are_drawn_as_the_game_api_draws_them(path):
    """Where every free cell has the same choices after it (place then turn), the playout and
    random_move draw the index rng.choice of the legal list would, the list unmade: the same
    games as random_playout's choices from the lists, 40 seeds each."""
    game = load_game(ROOT / path)
    assert game.placement_parts() is not None
    for seed in range(40):
        assert game.playout(random.Random(seed)) == random_playout(game, random.Random(seed)), seed
    st = game.initial_state()
    for seed in range(12):      # random_move, ply by ply
        if game.is_over(st):
            break
        rng = random.Random(seed)
        assert game.random_move(st, random.Random(seed)) == rng.choice(game.legal_moves(st))
        st = game.apply(st, game.random_move(st, random.Random(seed)))
    assert "drawn_move(st, rng)" in game.playout_code


def test_a_blocked_player_passes_and_the_placements_go_on():
    game = load_game(ROOT / "tests/data/playout/blocked_pass.yaml")
    for seed in range(4):
        st, plies = game.playout(random.Random(seed))
        assert plies == 4 and game.outcome(st).winners == ("second",)
        assert (st, plies) == random_playout(game, random.Random(seed))
    assert "cells = bytearray" in game.playout_code
    # stopped at the pass, and started again from it
    st, plies = game.playout(random.Random(0), limit=3)
    assert plies == 3 and not game.is_over(st) and st[5] == 1
    assert game.playout(random.Random(0), st) == api_playout(game, random.Random(0), st)


@pytest.mark.parametrize("name", ["kept_chains", "kept_one_table"])
def test_kept_moves_are_the_game_api_to_the_end_passes_and_all(name):
    """The kept loop (kept_loop.py) on made-up games: a chain that must end with a step, jumps
    over the mover's pieces and over enemies, directions that change with a `let`, a landing
    rule by origin (kept_chains), or steps and jumps by the same directions, read from one table
    (kept_one_table); 60 seeds play the games the Game API plays, some with blocked players
    (a pass through the Game API, then the loop again)."""
    game = load_game(ROOT / f"tests/data/playout/{name}.yaml")
    passed = 0
    for seed in range(60):
        rng, st = random.Random(seed), game.initial_state()
        while not game.is_over(st):
            move = rng.choice(game.legal_moves(st))
            passed += move == PASS
            st = game.apply(st, move)
        assert game.playout(random.Random(seed)) == (st, game.ply(st)), seed
    assert passed and "kept = [" in game.playout_code
    assert "cells = list(cells)" in game.playout_code      # (no end test reads the cells: a list)


def test_a_kind_without_its_own_loop_plays_through_the_api():
    game = load_game(GAMES / "tsuro.yaml")
    assert not hasattr(game, "playout")
    assert playout(game, random.Random(2)) == random_playout(game, random.Random(2))
    st, plies = playout(game, random.Random(2), limit=3)
    assert plies == 3


def test_the_draws_are_uniform():
    """Every first move about equally often, and the results of random play as known for
    tic-tac-toe (x wins 58.5%, o 28.8%, a draw 12.7%), within generous bounds; seeded."""
    game = load_game(GAMES / "tictactoe.yaml")
    rng = random.Random(12345)
    first = Counter(game.playout(rng, limit=1)[0][LAST] for _ in range(9000))
    assert sorted(first) == list(range(9))
    assert all(850 <= c <= 1150 for c in first.values()), first
    results = Counter(game.outcome(game.playout(rng)[0]).winners for _ in range(6000))
    assert abs(results[("x",)] / 6000 - 0.585) < 0.03
    assert abs(results[("o",)] / 6000 - 0.288) < 0.03
    assert abs(results[()] / 6000 - 0.127) < 0.03


def test_a_chain_that_stood_before_the_loop_is_seen():
    """Hex's chains are kept as stones join them (functions/connected.py); a set position where
    red's chain already joins its edges, red to move (the position's end test asks blue, who
    moved last), is won by red's next stone wherever it goes, as apply says."""
    game = load_game(GAMES / "hex.yaml")
    st = game.position({"red": [f"a{r}" for r in range(1, 12)], "blue": [f"b{r}" for r in range(1, 11)]},
                       to_move="red")
    assert not game.is_over(st)
    for seed in range(5):
        end, plies = game.playout(random.Random(seed), st)
        assert plies == 1 and game.outcome(end).winners == ("red",)
        assert (end, plies) == api_playout(game, random.Random(seed), st)


@pytest.mark.parametrize("options", [{"exact_five": "true"}, {"exact_five": "false"}])
def test_lines_read_from_the_board_are_the_lines_of_cells(options):
    """in_a_row(N, exact=E) in the placing loop is read from the mover's board by the lines of N
    cells through the stone (functions/in_a_row.py's windows, in the loop's own lines); the same
    ends as apply's."""
    game = load_game(GAMES / "gomoku.yaml", options)
    for seed in range(4):
        st, plies = game.playout(random.Random(seed))
        assert (st, plies) == random_playout(game, random.Random(seed))
    exact = options["exact_five"] == "true"
    assert f"for {'w, e' if exact else 'w'} in ROWS_5{'_EXACT' if exact else ''}[t]:" in game.playout_code


@pytest.mark.parametrize("path", ["games/amazons.yaml", "tests/data/words/shoot.yaml"])
def test_moves_of_parts_are_counted_and_drawn_without_the_list(path):
    """A phase of moves of parts (slide or step, then shoot from the landing) is counted by
    count_moves and drawn by counting (draw_<phase>): the count is the list's length at every
    position of play, and the draw is the same index into the same order as rng.choice."""
    game = load_game(ROOT / path)
    assert game.by_parts and "def draw_play(st, choice)" in game.sources["play (draw)"]
    for seed in range(3):
        st = game.initial_state()
        rng = random.Random(seed)
        while not game.is_over(st):
            assert game.count_moves(st) == len(game.legal_moves(st))
            st = game.apply(st, game.random_move(st, rng))
        assert game.count_moves(st) == 0


SHOOT = (ROOT / "tests/data/words/shoot.yaml").read_text()


@pytest.mark.parametrize("change, by_lines", [
    ((), True),                                                             # each shot's rays in pairs
    (("straight: [north, east, south, west]", "straight: [north, east]"), True),     # rays with no opposite
    (("grid: {files: 4, ranks: 4}", "grid: {files: 13, ranks: 13}"), False),       # lines too long for tables
])
def test_a_last_shot_is_counted_by_lines(tmp_path, change, by_lines):
    """Where a shot's rays are evenly spaced cell numbers, short enough, the count and the draw
    read each line's occupancy through a table (words/shoot.py RayLines) rather than walking it;
    else they walk it. Either way the count is the list's length and the draw is choice()'s, at
    every position of random games."""
    path = tmp_path / "stakes.yaml"
    path.write_text(SHOOT.replace(*change) if change else SHOOT)
    game = load_game(path)
    assert ("RAYLINES" in game.sources["play (draw)"]) == by_lines
    assert ("RAYLINES" in game.sources["play (count)"]) == by_lines
    draw = game._ns["draw_play"]
    for seed in range(4):
        st = game.initial_state()
        rng = random.Random(seed)
        while not game.is_over(st):
            moves = game.legal_moves(st)
            assert game.count_moves(st) == len(moves)
            state = rng.getstate()
            expected = rng.choice(moves)
            rng.setstate(state)
            assert draw(st, rng.choice) == expected
            st = game.apply(st, expected)


def test_a_draw_of_parts_is_uniform():
    """On the small board of tests/data/words/shoot.yaml, every first whole move about equally
    often (chi-square over 18 moves, 17 degrees of freedom: 40.8 is the 0.1% bound)."""
    game = load_game(ROOT / "tests/data/words/shoot.yaml")
    st = game.initial_state()
    moves = game.legal_moves(st)
    rng = random.Random(7)
    draws = 18 * 500
    seen = Counter(game._ns["draw_play"](st, rng.choice) for _ in range(draws))
    assert set(seen) == set(moves)
    chi2 = sum((seen[m] - draws / len(moves)) ** 2 / (draws / len(moves)) for m in moves)
    assert chi2 < 40.8, chi2


LANCES = (ROOT / "tests/data/playout/lances.yaml").read_text()


@pytest.mark.parametrize("changes", [
    [],                                                                         # shots straight: lines of no origin
    [("shoot(straight)", "shoot(adjacent)")],                                   # the slide's line holds the origin
    [("blocked: lose", "blocked: lose\n  draw: ply >= 5")],                      # an end test in the loop
    [("grid: {files: 4, ranks: 4}", "grid: {files: 6, ranks: 5}")],
    [("players: [gold, jade]", "players:\n  - {name: gold, forward: north}\n  - {name: jade, forward: south}"),
     ("straight: [north, east, south, west]", "straight: [front, front-left, front-right]")],   # shots per seat
])
def test_a_slide_then_a_shot_is_played_by_its_loop_and_replays(tmp_path, changes):
    """parts_loop.py plays `slide(D) shoot(E)` on the state's own variables (the lines'
    occupancies read through tables), whatever the board and the two sets: every game it plays
    replays ply by ply through the Game API, to its end."""
    text = LANCES
    for change in changes:
        assert change[0] in text
        text = text.replace(*change)
    path = tmp_path / "lances.yaml"
    path.write_text(text)
    game = load_game(path)
    ends = Counter()
    for seed in range(12):
        st, plies = replayed(game, seed)
        ends[game.ply(st) >= 5 and game.outcome(st).winners == ()] += 1
    assert "LO = LINES_play.occupancy(cells)" in game.playout_code
    assert (ends[True] == 12) == ("draw" in str(changes))
    assert ("SHOTS_play[me]" in game.playout_code) == ("front" in str(changes))


def chi2_bound(df: int) -> float:
    """The chi-square value that df degrees of freedom exceed with probability 0.1%
    (Wilson-Hilferty's approximation, within a percent here)."""
    return df * (1 - 2 / (9 * df) + 3.09 * (2 / (9 * df)) ** 0.5) ** 3


@pytest.mark.parametrize("tries", ["default", "rejection only", "counting only"])
@pytest.mark.parametrize("plies", [0, 4])
def test_a_move_drawn_by_rejection_is_uniform(monkeypatch, tries, plies):
    """The loop's draw (a landing, a line through it and a distance drawn, kept where the shot
    reaches so far; after refused tries, every move counted) draws every legal move equally often: seeded, so it cannot flake; at the
    start (46 moves) and a more crowded position, by each way of drawing alone and both."""
    from rulebook.boards.grid.playout import parts_loop
    if tries == "rejection only":
        monkeypatch.setattr(parts_loop, "TRIES_MORE", 10 ** 9)
    elif tries == "counting only":
        monkeypatch.setattr(parts_loop, "TRIES_PER_PAIR", 0)
        monkeypatch.setattr(parts_loop, "TRIES_MORE", 0)
    game = load_game(ROOT / "tests/data/playout/lances.yaml")
    st, _ = api_playout(game, random.Random(5), limit=plies)
    moves = {game.apply(st, m): m for m in game.legal_moves(st)}
    assert len(moves) == (46 if plies == 0 else 14)
    rng = random.Random(11)
    draws = 300 * len(moves)
    seen = Counter(moves[game.playout(rng, st, limit=1)[0]] for _ in range(draws))
    assert len(seen) == len(moves)
    chi2 = sum((seen[m] - draws / len(moves)) ** 2 / (draws / len(moves)) for m in moves.values())
    assert chi2 < chi2_bound(len(moves) - 1), chi2
    assert ("tries = 0 * n + 0" in game.playout_code) == (tries == "counting only")


def test_other_games_are_not_drawn_by_parts():
    for name in ("chess", "tablut", "breakthrough"):
        game = load_game(GAMES / f"{name}.yaml")
        assert not game.by_parts and not hasattr(game, "count_moves")


def test_an_rng_that_draws_otherwise_is_played_through_the_api():
    """The placing loop draws an index as random.Random's own _randbelow does (from getrandbits);
    an rng whose choice() draws otherwise (a subclass with its own random(), which Python gives
    another _randbelow) is played by api.random_playout: the same draws for it too."""
    class Own(random.Random):
        def random(self):
            return super().random()

    for name in ("tictactoe", "hex"):
        game = load_game(GAMES / f"{name}.yaml")
        for seed in range(3):
            assert game.playout(Own(seed)) == random_playout(game, Own(seed))
            assert game.playout(Own(seed), limit=5) == random_playout(game, Own(seed), limit=5)
        assert "getrandbits" in game.playout_code


@pytest.mark.parametrize("swap", ["false", "true"])
def test_an_opening_of_the_same_placements_is_played_in_the_loop(swap):
    """Hex's opening phase (each player's first turn) places onto an empty cell, or onto the
    rival's stone where its landing rule lets it (option.swap): with the swap off, its moves are
    the last phase's, so the placing loop plays from the start; with it on, from the third ply
    (the swap is played through the Game API). The same games as move by move in both."""
    game = load_game(GAMES / "hex.yaml", {"swap": swap})
    for seed in range(4):
        assert game.playout(random.Random(seed)) == api_playout(game, random.Random(seed))
        assert game.playout(random.Random(seed), limit=1) == api_playout(game, random.Random(seed), limit=1)
    assert ("if st[4] >= 0 and" if swap == "false" else "if st[4] >= 2 and") in game.playout_code


def _by_origin(moves) -> tuple[list[int], list[int]]:
    """(per origin, the moves before its own; the origins), as the list gives them."""
    starts, froms = [], []
    for i, (o, _t) in enumerate(moves):
        if not froms or froms[-1] != o:
            starts.append(i)
            froms.append(o)
    return starts, froms


def _counted(reach, game, st) -> tuple[list[int], list[int], int]:
    """ChainReach's counts of st, the origins without a move left out (the list has none)."""
    total = reach.counts(bytearray(st[0]), st[1][st[3]], st[3], game._ns["FULL"] ^ (st[1][0] | st[1][1]))
    starts, froms, before = [], [], 0
    for o, n in reach.shares(st[3]):
        if n:
            starts.append(before)
            froms.append(o)
        before += n
    assert before == total
    return starts, froms, total


@pytest.mark.parametrize("name", sorted(MOVING - {"halma4"}))
def test_chains_are_counted_as_the_list_has_them_ply_after_ply(name):
    """The move loop's counts (move_loop.ChainReach: a chain's reach read from the components of
    the position's jump graph, components and counts kept from ply to ply until a move changes
    a cell they read) are, at every ply of random games, each origin's share of the list."""
    from rulebook.boards.grid.playout.move_loop import ChainReach
    game = load_game(GAMES / f"{name}.yaml")
    game.playout(random.Random(0), limit=1)
    for seed in range(2):
        reach = ChainReach(game._ns["CHAINS_play"])
        assert not reach.overs      # (a lattice: no chain meets a jump over its own origin)
        st = game.initial_state()
        rng = random.Random(seed)
        while not game.is_over(st):
            moves = game.legal_moves(st)
            assert _counted(reach, game, st) == (*_by_origin(moves), len(moves))
            i = rng.randrange(len(moves))
            o, t = move = moves[i]
            # and the move at that index, found from the counts (the list of a piece that jumps)
            picked = reach.pick(i, st[3], bytearray(st[0]))
            assert picked[0] == o and picked[1] in (t, None)
            if picked[1] is None:
                assert game._ns["from_play"](st, o)[picked[2]] == move
            reach.moved(o, t, st[3])
            st = game.apply(st, move)


def _listed(cells, o, steps, jumps) -> int:
    """How many moves the generated search lists from o for `step | jump(over=any)+`
    (automaton.py's merged search: the origin empty during the move, not jumped, landed on)."""
    m = {t for ov, t in jumps[o] if cells[ov] and not cells[t]}
    fin = {t for t in steps[o] if not cells[t]}
    todo = list(m)
    while todo:
        c = todo.pop()
        for ov, t in jumps[c]:
            if cells[ov] and ov != o and (not cells[t] or t == o) and t not in m:
                m.add(t)
                todo.append(t)
    return len((fin | m) - {o})


def test_a_chain_that_would_jump_its_own_origin_is_searched_alone():
    """On a lattice a chain never reaches a jump over its own origin (jumps keep the parity of
    the cells, the origin's neighbours have another), but on a graph of links it may: there the
    piece is searched alone (ChainReach._alone), and every count is the list's. Random boards
    of 14 points, each with random jumps the same both ways, random pieces."""
    from rulebook.boards.grid.playout.move_loop import ChainReach
    alone = []

    class Watched(ChainReach):
        def _alone(self, cells, o, stepped):
            alone.append(o)
            return super()._alone(cells, o, stepped)

    rng = random.Random(3)
    size = 14
    for _ in range(400):
        jumps = [set() for _ in range(size)]
        for _ in range(12):
            c, ov, t = rng.sample(range(size), 3)
            jumps[c].add((ov, t))
            jumps[t].add((ov, c))
        jumps = [sorted(row) for row in jumps]
        steps = [sorted(rng.sample(range(size), 3)) for _ in range(size)]
        cells = bytearray(rng.choice((0, 0, 1, 2)) for _ in range(size))
        mine = sum(1 << c for c in range(size) if cells[c] == 1)
        free = sum(1 << c for c in range(size) if not cells[c])
        steps = [[t for t in row if t != c] for c, row in enumerate(steps)]
        reach = Watched(ChainReach.tables([[sum(1 << t for t in row) for row in steps]], jumps, [steps]))
        total = reach.counts(cells, mine, 0, free)
        shares = reach.shares(0)
        assert [n for _o, n in shares] == [_listed(cells, o, steps, jumps) for o, _n in shares]
        assert sum(n for _o, n in shares) == total
    assert alone


@pytest.mark.parametrize("players", [3, 6])
def test_the_move_loop_plays_every_seat_count(players):
    """Chinese checkers for 3 and 6 players: one component graph for every seat (their jumps
    are the same pairs), each seat's counts its own; the same games as move by move."""
    game = load_game(GAMES / "chinese_checkers.yaml", players=players)
    for seed in range(2):
        assert game.playout(random.Random(seed), limit=240) == api_playout(game, random.Random(seed), limit=240)
    assert "reach = ChainReach" in game.playout_code


@pytest.mark.parametrize("name", ["tictactoe", "connect4", "gomoku"])
def test_a_line_through_the_cell_just_filled_is_one_lookup_on_a_small_board(name):
    """in_a_row in the placing loop: where the lines through each cell hold at most SMALL_ROWS
    other cells (tic-tac-toe), the mover's cells on them are looked up among the sets that
    fill a line; else the lines are tested one by one. The same games both ways."""
    from rulebook.boards.grid.playout.placing import SMALL_ROWS
    game = load_game(GAMES / f"{name}.yaml")
    game.playout(random.Random(0), limit=1)
    looked_up = "_NEAR[t] in" in game.playout_code
    assert looked_up == (name == "tictactoe")
    if looked_up:       # every set of the mover's cells around each cell, against the lines
        rows, near, full = (game._ns[f"ROWS_3{x}"] for x in ("", "_NEAR", "_FULL"))
        assert max(m.bit_count() for m in near) <= SMALL_ROWS + 1
        for t in range(len(rows)):
            for own in range(1 << len(rows)):
                if own >> t & 1:
                    assert (own & near[t] in full[t]) == any(own & w == w for w in rows[t])
    for seed in range(20):
        assert game.playout(random.Random(seed)) == random_playout(game, random.Random(seed))
