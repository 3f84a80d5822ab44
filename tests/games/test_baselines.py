"""Cross-checks: the engine against the hand-written baselines (tools/baselines) move for move on
random games, and the engine's fast paths against its plain ones (the per-cell search that
instrumented games use, the plain-Python apply)."""
from __future__ import annotations

import random

import pytest

from rulebook import CHANCE, load_game
from rulebook.boards.grid.layout import TO_MOVE
from tools.baselines.lezug import LeZug
from tools.baselines.zug import Zug

from conftest import DATA, GAMES


def names(game, st):
    return sorted(game.move_str(m) for m in game.legal_moves(st))


def racing_choice(game, st, moves, rng, eagerness):
    """Uniform, or (with probability `eagerness`) among the moves that gain the most ranks:
    such games reach the end, backward mode and wins, where uniform play drifts to the ply limit."""
    steps = [m for m in moves if isinstance(m, tuple) and m[0] != "drop"]
    if steps and rng.random() < eagerness:
        rank = game.RK[st[TO_MOVE]]          # per cell, its rank counted from the mover's home rank
        gain = {m: rank[m[1]] - rank[m[0]] for m in steps}
        best = max(gain.values())
        moves = [m for m in steps if gain[m] == best]
    return rng.choice(moves)


def lockstep(game, base, rng, choose, max_plies=None):
    """Play one game on both, the engine choosing; compare everything at every ply."""
    st, bs = game.initial_state(), base.initial_state()
    plies = 0
    while not game.is_over(st) and (max_plies is None or plies < max_plies):
        assert not base.is_over(bs), f"ply {plies}: the baseline says the game is over"
        assert game.ply(st) == base.ply(bs) == plies
        assert game.to_move(st) == base.to_move(bs), f"ply {plies}"
        legal = names(game, st)
        assert legal == names(base, bs), f"ply {plies}"
        if game.to_move(st) == CHANCE:
            ew = {game.move_str(m): w for m, w in game.chance_outcomes(st)}
            bw = {base.move_str(m): w for m, w in base.chance_outcomes(bs)}
            assert ew == bw, f"ply {plies}: chance weights"
            moves, weights = zip(*game.chance_outcomes(st))
            move = rng.choices(moves, weights)[0]
        else:
            move = choose(st, game.legal_moves(st))
        text = game.move_str(move)
        st, bs = game.apply(st, move), base.apply(bs, base.parse_move(bs, text))
        plies += 1
    if max_plies is None:
        assert base.is_over(bs)
        eo, bo = game.outcome(st), base.outcome(bs)
        assert eo.scores == pytest.approx(bo.scores)
        if len(set(bo.scores.values())) > 1:    # a draw is all seats on 0.5 (winners: () or all)
            assert eo.winners == bo.winners
        if bo.breakdown is not None:
            assert eo.breakdown == bo.breakdown
    return st


# ---------------------------------------------------------------- Le zug
@pytest.mark.parametrize("seed,eagerness", [(1, 0.9), (2, 0.9), (3, 0.6), (4, 0.6), (5, 0.3), (6, 0.0)])
def test_lezug_same_moves_as_the_baseline(lezug, seed, eagerness):
    rng = random.Random(seed)
    lockstep(lezug, LeZug(), rng, lambda st, ms: racing_choice(lezug, st, ms, rng, eagerness))


@pytest.mark.parametrize("seed", [11, 12])
def test_lezug_variants_same_moves_as_the_baseline(seed):
    game = load_game(GAMES / "lezug.yaml", {"blocked": "lose", "max_plies": "300"})
    rng = random.Random(seed)
    lockstep(game, LeZug(max_plies=300, blocked="lose"), rng, lambda st, ms: racing_choice(game, st, ms, rng, 0.4))


def positions(game, seeds, eagerness, limit=400):
    for seed in seeds:
        rng, st = random.Random(seed), game.initial_state()
        while not game.is_over(st) and game.ply(st) < limit:
            yield st
            st = game.apply(st, racing_choice(game, st, game.legal_moves(st), rng, eagerness))
        yield st


@pytest.mark.parametrize("path", [GAMES / "lezug.yaml", DATA / "mini.yaml"])
def test_merged_search_agrees_with_the_continuation_search(path):
    """Plain games' pieces are searched by the automaton lowering (jump chains merged);
    instrumented, the same generator writes the continuation search every other game runs,
    counting refusals; _apply_generic is apply in plain Python: all must agree."""
    fast, plain = load_game(path), load_game(path, instrument=True)
    assert "fin = set(" in fast.sources[fast.rules.phases[-1].name]       # (the merged search's set of landings)
    assert "_rules(t)" in plain.sources[plain.rules.phases[-1].name]
    count = 0
    for st in positions(fast, range(40), 0.5):
        moves = fast.legal_moves(st)
        assert sorted(map(fast.move_str, moves)) == sorted(map(plain.move_str, plain.legal_moves(st)))
        assert len(set(moves)) == len(moves)
        for m in moves[:5]:
            assert fast.apply(st, m) == fast._apply_generic(st, m) == plain.apply(st, m)
        count += 1
    assert count > 500


def test_generated_code_is_generic():
    """Nothing of Le zug is written into the engine: its words only come from the game file."""
    import inspect
    from rulebook.boards import grid
    from rulebook.boards.grid import automaton, game, movegen, rules, vocabulary
    src = "".join(inspect.getsource(m) for m in (grid, automaton, game, movegen, rules, vocabulary)).lower()
    for word in ("lezug", "le zug", "station", "backward", "confined"):
        assert word not in src, word


# ---------------------------------------------------------------- Zug
def zug_game(players):
    return load_game(GAMES / "zug.yaml", players=players)


@pytest.mark.parametrize("players,seed", [(2, 21), (2, 22), (2, 25), (3, 26), (5, 23), (5, 24), (5, 27)])
def test_zug_same_moves_as_the_baseline(players, seed):
    game = zug_game(players)
    rng = random.Random(seed)
    lockstep(game, Zug(players=players), rng, lambda st, ms: rng.choice(ms))


# ---------------------------------------------------------------- made-up patterns and rules
TOY = """
game: Toy {n}
players:
  - {{name: up, forward: north}}
  - {{name: down, forward: south}}
options:
  max_plies: {{default: 80, min: 1}}
board:
  grid: {{files: 6, ranks: 6}}
  {cells}
directions:
  ahead: [front-left, front, front-right]
  around: [front, back, left, right, front-left, front-right, back-left, back-right]
  side: [left, right]
zones:
  home: rank 1
  second: rank 2
  middle: ranks 3..4
  goal: ranks 5..6
  corner: cells a1 e6                 # both used with the cells filter too
pieces:
  stone: {{start: home, reserve: 2}}
phases:
  - name: play
    let:
      crowded: count(mine in middle) >= 2
      dirs: around if crowded else ahead
      odirs: around if origin in middle else ahead
    move: {move}
    landing:
{rules}
end:
  win: all(mine in goal)
  draw: passes >= 2 or ply >= option.max_plies
"""

TOY_MOVES = [
    "step(ahead)",
    "step(ahead) | step(side)",
    "step(dirs) | jump(dirs)+ step(dirs)?",
    "jump(around, over=theirs)+ | step(ahead) | drop(second)",
    "(step(ahead) jump(around, over=mine))+ step(side)? | step(ahead) | drop(second)",
    "jump(ahead, over=any)* step(dirs)",
    "(jump(ahead) | step(side))+ | step(ahead)",
    "step(ahead)+ jump(side, over=theirs)?",
    "drop(second, count=2) | step(around)",
    "step(odirs) | jump(odirs)+ step(ahead)?",
]
TOY_RULES = [
    [],
    ["not (landing in home)"],
    ["landing != origin", "not (landing in corner) or none(others in middle)"],
    ["landing in middle or landing in goal or not crowded"],
    ["(landing in goal) if (landing in middle) else not (landing in home)"],     # not a mask: per landing
    ["landing == origin or count(theirs in goal) < 7", "true", "crowded or not (landing in corner)"],
    ["(landing in middle and crowded) or not (landing in middle)"],
]


@pytest.mark.parametrize("i", range(len(TOY_MOVES)))
def test_merged_and_continuation_searches_agree_on_made_up_patterns(tmp_path, i):
    rules = TOY_RULES[i % len(TOY_RULES)] + TOY_RULES[(i + 3) % len(TOY_RULES)]
    text = TOY.format(n=i, move=TOY_MOVES[i], cells="cells: (file + rank) % 3 != 1" if i % 2 else "",
                      rules="\n".join(f"      r{k}: '{r}'" for k, r in enumerate(rules)) or "      {}")
    if not rules:
        text = text.replace("    landing:\n      {}\n", "")
    path = tmp_path / f"toy{i}.yaml"
    path.write_text(text)
    fast, plain = load_game(path), load_game(path, instrument=True)
    count = moved = 0
    for seed in range(12):
        rng, st = random.Random(seed), fast.initial_state()
        while not fast.is_over(st):
            moves = fast.legal_moves(st)
            assert sorted(map(fast.move_str, moves)) == sorted(map(plain.move_str, plain.legal_moves(st))), \
                (fast.sources["play"], fast.render(st))
            assert len(set(moves)) == len(moves)
            m = rng.choice(moves)
            assert fast.apply(st, m) == fast._apply_generic(st, m)
            st = fast.apply(st, m)
            count += 1
            moved += m != "pass"
    assert count > 100 and moved > 50


def test_a_drop_has_no_origin_so_others_are_all_the_pieces(tmp_path):
    """A landing rule on `others` (the pieces but the moving one) in a phase of moves and drops:
    for a drop every piece on the board is another piece, whichever piece was looked at last."""
    text = (DATA / "mini.yaml").read_text()
    rule = "      no_return: not (landing in home)\n"
    assert rule in text
    path = tmp_path / "mini_lonely.yaml"
    path.write_text(text.replace(rule, rule + "      lonely: none(others in second) or not (landing in second)\n"))
    fast, plain = load_game(path), load_game(path, instrument=True)
    st = fast.position({"up": ["b2", "c3"], "down": ["a7"]}, "up", reserves={"up": 1, "down": 0})
    assert "d2" not in names(fast, st) and "c3-d4" in names(fast, st)    # b2 is another piece for the drop
    assert names(plain, st) == names(fast, st)
    count = 0
    for st in positions(fast, range(30), 0.3):
        assert names(fast, st) == names(plain, st)
        count += 1
    assert count > 500
