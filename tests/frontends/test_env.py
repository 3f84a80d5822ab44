"""rulebook.env: observation planes and the fixed action space of grid and track games, and the PettingZoo
and Gymnasium environments against their ecosystems' own checkers (pettingzoo.test.api_test,
gymnasium.utils.env_checker.check_env)."""
from __future__ import annotations

import random
import warnings
from math import comb

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import rulebook
import rulebook.env
from rulebook import CHANCE, IllegalMove, RulebookError
from rulebook.env import Encoding

from conftest import ROOT

GAMES = ROOT / "games"
CHECKED = ["tictactoe", "connect4", "lezug", "backgammon"]     # backgammon: the track kind, dice


def game_path(name: str) -> str:
    return str(GAMES / f"{name}.yaml")


@pytest.fixture(autouse=True)
def _quiet():
    # the checkers' advice (agent names like player_0, an unbounded Box for counters) is not a failure
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("name", CHECKED)
def test_pettingzoo_api_test(name):
    api_test(rulebook.env.pettingzoo(game_path(name)), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("name", CHECKED)
def test_gymnasium_check_env(name):
    check_env(rulebook.env.gymnasium(game_path(name), opponent="random"), skip_render_check=True)


def test_pettingzoo_with_four_seats():
    env = rulebook.env.pettingzoo(game_path("halma4"))
    assert len(env.possible_agents) == 4
    api_test(env, num_cycles=100, verbose_progress=False)


def test_gymnasium_against_a_searching_player_as_the_second_seat():
    env = rulebook.env.gymnasium(game_path("tictactoe"), opponent="mcts:iterations=50", seat=1)
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=2)
    # x has moved already: one disc of the next seat's (relative owner +1), o (+0) to move
    assert obs[1].sum() == 1 and obs[0].sum() == 0 and info["action_mask"].sum() == 8


class CoinTicTacToe:
    """Tic-tac-toe with a coin tossed before every move (a chance position that changes nothing):
    the state is the grid game's tuple plus one item, so the encoding reads its slots unchanged."""

    def __init__(self):
        self.inner = rulebook.load_game(game_path("tictactoe"))
        self.tosses = 0

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def initial_state(self):
        return self.inner.initial_state() + (True,)

    def to_move(self, st):
        return CHANCE if st[-1] and not self.inner.is_over(st[:-1]) else self.inner.to_move(st[:-1])

    def chance_outcomes(self, st):
        return [("heads", 1), ("tails", 3)] if self.to_move(st) == CHANCE else []

    def legal_moves(self, st):
        return [m for m, _ in self.chance_outcomes(st)] if self.to_move(st) == CHANCE else self.inner.legal_moves(st[:-1])

    def apply(self, st, move):
        if move in ("heads", "tails"):
            self.tosses += 1
            return st[:-1] + (False,)
        return self.inner.apply(st[:-1], move) + (True,)

    def is_over(self, st):
        return self.inner.is_over(st[:-1])

    def outcome(self, st):
        return self.inner.outcome(st[:-1])


def test_chance_is_drawn_inside_the_environments():
    game = CoinTicTacToe()
    env = rulebook.env.pettingzoo(game)
    api_test(env, num_cycles=100, verbose_progress=False)
    env.reset(seed=3)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        assert game.to_move(env.state_) != CHANCE or terminated
        env.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert game.tosses > 5
    check_env(rulebook.env.gymnasium(CoinTicTacToe()), skip_render_check=True)


SHIPPED = sorted(p.stem for p in GAMES.glob("*.yaml"))


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_game_encodes_its_random_positions_or_says_why_not(name):
    """Every shipped game: an encoding whose observations have the one shape and whose mask
    names each legal move once, over two short random games; or, for a board without a fixed
    action space (open tile boards), the refusal that says so."""
    game = rulebook.load_game(game_path(name))
    try:
        enc = Encoding(game)
    except RulebookError as e:
        assert "no observation planes or fixed action space" in str(e) or "track" in str(e)
        return
    rng = random.Random(11)
    for _ in range(2):
        st = game.initial_state()
        for _ply in range(60):
            if game.is_over(st):
                break
            if game.to_move(st) == CHANCE:
                st = game.apply(st, rng.choice(game.chance_outcomes(st))[0])
                continue
            for seat in range(len(game.players)):
                obs = enc.observe(st, seat)
                assert obs.shape == enc.shape and obs.dtype == np.float32
            mask, by_index = enc.legal(st)
            moves = game.legal_moves(st)
            assert mask.shape == (enc.size,) and mask.sum() == len(moves) == len(by_index)
            assert all(0 <= i < enc.size and mask[i] == 1 for i in by_index)
            move = rng.choice(moves)
            index = next(i for i, m in by_index.items() if m == move)
            assert enc.move(st, index) == move
            st = game.apply(st, move)


def test_two_stone_drops_onto_a_large_board_are_indexed_by_their_set():
    game = rulebook.load_game(game_path("connect6"))
    enc = Encoding(game)
    assert enc.drop_block == comb(361, 2) and enc.size == 361 + comb(361, 2) + 1
    st = game.apply(game.initial_state(), game.parse_move(game.initial_state(), "j10"))
    mask, by_index = enc.legal(st)
    assert mask.sum() == len(game.legal_moves(st)) == comb(360, 2)
    a = game.parse_move(st, "a1+b1")
    assert enc.index(a) == enc.index(("drop", a[2], a[1])) and enc.single <= enc.index(a) < enc.pass_index   # a set
    assert len({enc.index(m) for m in game.legal_moves(st)}) == comb(360, 2)


def test_a_hand_of_several_kinds_has_a_plane_per_kind_and_seat():
    game = rulebook.load_game(game_path("minishogi"))
    enc = Encoding(game)
    assert [p for p in enc.planes if p.startswith("reserve")][:2] == [f"reserve:{k}/+0" for k in enc.kinds[:2]]
    rng, st = random.Random(3), game.initial_state()
    hands = enc.slot["reserves"]
    while not any(st[hands][0]):                # play until white holds a captured piece
        st = game.apply(st, rng.choice(game.legal_moves(st)))
    for seat in (0, 1):
        obs = enc.observe(st, seat)
        lit = {p: int(obs[j].max()) for j, p in enumerate(enc.planes) if p.startswith("reserve") and obs[j].max()}
        held = {f"reserve:{enc.kinds[i]}/+{(owner - seat) % 2}": n
                for owner in (0, 1) for i, n in enumerate(st[hands][owner]) if n}
        assert lit == held and held


def test_the_planes_say_the_pieces_by_relative_owner():
    game = rulebook.load_game(game_path("chess"))
    enc = Encoding(game)
    st = game.initial_state()
    white, black = enc.observe(st, 0), enc.observe(st, 1)
    pawn_own, pawn_next = enc.planes.index("pawn/+0"), enc.planes.index("pawn/+1")
    assert white[pawn_own, 1].sum() == 8 and white[pawn_next, 6].sum() == 8
    assert black[pawn_own, 6].sum() == 8 and black[pawn_next, 1].sum() == 8
    assert white[enc.planes.index("to_move/+0")].min() == 1 and black[enc.planes.index("to_move/+1")].min() == 1
    assert white[enc.planes.index("option:fifty_moves")].min() == 1
    # promotions to each kind are distinct actions
    pos = rulebook.position_state(game, {"to_move": "white", "pieces": {"white": {"pawn": ["a7"], "king": ["e1"]},
                                                                          "black": {"king": ["h8"]}}})
    mask, moves = enc.legal(pos)
    assert sorted(game.move_str(m) for m in moves.values() if game.move_str(m).startswith("a7")) == \
        ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]


def test_le_zug_setup_drops_have_indices_of_their_own():
    game = rulebook.load_game(game_path("lezug"))
    enc = Encoding(game)
    mask, moves = enc.legal(game.initial_state())
    assert enc.drop_block == 2 * 2 ** 8 and all(enc.single <= i < enc.pass_index for i in moves) and len(moves) == 56
    # the dark cells only: 145 used cells of 289, 146 origins (a cell or a drop) x 145 destinations
    assert enc.used_cells == 145 and enc.single == 146 * 145 and enc.size == 146 * 145 + 512 + 1
    reserve = enc.planes.index("reserve/+0")
    assert enc.observe(game.initial_state(), 0)[reserve].max() == 3


def test_bad_input_is_refused_clearly():
    with pytest.raises(RulebookError, match="no such game file"):
        rulebook.env.pettingzoo("games/nope.yaml")
    with pytest.raises(RulebookError, match="unknown option 'max_ply'"):
        rulebook.env.pettingzoo(game_path("lezug"), max_ply=3)
    with pytest.raises(RulebookError, match="open board"):
        rulebook.env.gymnasium(game_path("zug"))
    with pytest.raises(RulebookError, match="unknown player 'best'"):
        rulebook.env.gymnasium(game_path("connect4"), opponent="best")
    with pytest.raises(RulebookError, match="seat must be 0 to 1"):
        rulebook.env.gymnasium(game_path("connect4"), seat=2)
    env = rulebook.env.pettingzoo(game_path("connect4"))
    env.reset()
    for bad, says in [(43, "outside the action space"), (-1, "outside the action space"), (42, "not a legal move"),
                      ("x", "not an action index")]:
        with pytest.raises(IllegalMove, match=says):
            env.step(bad)
    genv = rulebook.env.gymnasium(game_path("connect4"), illegal="raise")
    genv.reset(seed=0)
    with pytest.raises(IllegalMove, match="action 42 is not a legal move here"):
        genv.step(42)
    with pytest.raises(RulebookError, match="reset"):
        rulebook.env.gymnasium(game_path("connect4")).step(0)


def test_gymnasium_rewards_a_won_game():
    env = rulebook.env.gymnasium(game_path("tictactoe"), opponent="random")
    wins = 0
    for seed in range(30):
        obs, info = env.reset(seed=seed)
        over = False
        while not over:
            # the first legal move every time: against random play it wins some games
            legal = np.flatnonzero(info["action_mask"])
            obs, reward, over, _trunc, info = env.step(int(legal[0]))
        wins += reward == 1.0
        assert reward in (-1.0, 0.0, 1.0)
    assert wins > 0


def test_without_the_rl_extra_the_message_says_what_to_install(monkeypatch):
    import sys
    for name in ("rulebook.env.aec", "rulebook.env.single"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.setitem(sys.modules, "gymnasium", None)
    with pytest.raises(RulebookError, match=r"pip install 'rulebook\[rl\]'"):
        rulebook.env.pettingzoo(game_path("tictactoe"))
    with pytest.raises(RulebookError, match=r"pip install 'rulebook\[rl\]'"):
        rulebook.env.gymnasium(game_path("tictactoe"))


@pytest.mark.parametrize("name,seats", [("chinese_checkers", 3), ("chess", None), ("amazons", None),
                                        ("english_draughts", None), ("hex", None), ("reversi", None),
                                        ("pentago", None), ("morris", None), ("kalah", None), ("minishogi", None)])
def test_both_checkers_on_more_games(name, seats):
    api_test(rulebook.env.pettingzoo(game_path(name), seats=seats), num_cycles=60, verbose_progress=False)
    check_env(rulebook.env.gymnasium(game_path(name), seats=seats), skip_render_check=True)


def reference_planes(game, enc, st, seat):
    """The observation as docs/api.md tells it, plane by plane from the state's bitboards and
    counters (the encoding writes it from the cells' bytes in bulk)."""
    n, cells, slot = len(game.players), game.size, enc.slot
    order = [(seat + r) % n for r in range(n)]
    boards = st[slot["boards"]]
    kinds = st[slot["kinds"]] if enc.multi else [None]
    planes = []         # per kind, one plane per relative seat; then per kind, the pieces of nobody
    for owners in (order, [n] if enc.neutral else []):
        for k in kinds:
            for o in owners:
                bits = boards[o] & k if k is not None else boards[o]
                planes.append([float(bits >> c & 1) for c in range(cells)])
    for mark in enc.marks:
        planes.append([1.0 if st[slot[mark]] == c else 0.0 for c in range(cells)])
    constants = [1.0 if (st[slot["to_move"]] - seat) % n == r else 0.0 for r in range(n)]
    constants += [float(st[slot["reserves"]][o]) for o in order]
    constants += [float(st[slot[c]]) for c in enc.counters]
    constants += [1.0 if i == game.phase_index(st) else 0.0 for i in range(len(enc.phases))]
    constants += [float(x) for x in enc.option_values]
    planes += [[v] * cells for v in constants]
    return np.array(planes, dtype=np.float32).reshape(enc.shape)


@pytest.mark.parametrize("name", ["tictactoe", "connect4", "lezug", "chess", "amazons", "english_draughts",
                                  "go", "xiangqi", "halma4", "breakthrough", "tablut"])
def test_the_planes_and_the_mask_agree_with_the_documented_meaning(name):
    game = rulebook.load_game(game_path(name))
    enc = Encoding(game)
    for seed in (1, 2):
        rng = random.Random(seed)
        st = game.initial_state()
        for _ply in range(80):
            if game.is_over(st):
                break
            for seat in range(len(game.players)):
                obs = enc.observe(st, seat)
                assert np.array_equal(obs, reference_planes(game, enc, st, seat)), (name, seed, _ply, seat)
            mask, by_index = enc.legal(st)
            moves = game.legal_moves(st)
            assert sorted(np.flatnonzero(mask)) == sorted(enc.index(m) for m in moves) == sorted(by_index)
            assert all(by_index[enc.index(m)] == m for m in moves)
            shared, indices, listed = enc.legal_lists(st)      # the environments' form: the same, read-only
            assert np.array_equal(shared, mask) and not shared.flags.writeable
            assert (indices, listed) == (by_index.indices, by_index.moves)
            st = game.apply(st, rng.choice(moves))


def test_pettingzoo_masks_are_read_only_and_a_finished_game_takes_only_none():
    env = rulebook.env.pettingzoo(game_path("connect4"))
    env.reset(seed=3)
    rng = random.Random(3)
    while not any(env.terminations.values()):
        obs = env.last()[0]
        mask = obs["action_mask"]
        assert np.array_equal(mask, env.encoding.legal(env.state_)[0]) and not mask.flags.writeable
        assert env.observe(env.agent_selection)["action_mask"] is mask       # one mask a ply, shared
        with pytest.raises(ValueError):
            mask[0] = 1
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert all(env.terminations.values()) and sorted(env.rewards.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert env._cumulative_rewards == env.rewards and env.last()[0]["action_mask"].sum() == 0
    with pytest.raises(ValueError, match="only valid action is None"):
        env.step(3)
    left = []
    for agent in env.agent_iter():
        _obs, reward, terminated, _trunc, _info = env.last()
        assert terminated and reward in (-1.0, 0.0, 1.0)
        left.append(agent)
        env.step(None)
    assert sorted(left) == ["red", "yellow"] and env.agents == [] and env.rewards == {}


def test_each_observation_is_an_array_of_its_own():
    game = rulebook.load_game(game_path("connect4"))
    enc = Encoding(game)
    st = game.initial_state()
    first = enc.observe(st, 0)
    first[:] = 7.0                          # an agent may change what it was given
    again = enc.observe(st, 0)
    assert again.flags.writeable and again.dtype == np.float32 and again.max() == 1.0
    mask, _ = enc.legal(st)
    mask[:] = 0
    assert enc.legal(st)[0].sum() == 7



@pytest.mark.parametrize("name", ["connect4", "lezug", "chess", "backgammon"])
def test_the_legal_mapping_is_a_mapping_of_index_to_move(name):
    game = rulebook.load_game(game_path(name))
    enc = Encoding(game)
    rng = random.Random(3)
    st = game.initial_state()
    for _ply in range(40):
        if game.is_over(st):
            break
        if game.to_move(st) == CHANCE:
            st = game.apply(st, rng.choice(game.legal_moves(st)))
            continue
        mask, by_index = enc.legal(st)
        moves = game.legal_moves(st)
        expected = {enc.index(m, st) if name == "backgammon" else enc.index(m): m for m in moves}
        assert dict(by_index) == expected and sorted(by_index) == sorted(expected) == list(np.flatnonzero(mask))
        i = rng.choice(sorted(expected))
        assert by_index.find(i) == by_index[i] == by_index.get(i) == expected[i] and i in by_index
        assert by_index.find(enc.size) is None and enc.size not in by_index and by_index.get(-1, "none") == "none"
        st = game.apply(st, expected[i])


def test_a_general_games_moves_with_one_index_are_refused_naming_both(monkeypatch):
    game = rulebook.load_game(game_path("connect4"))
    enc = Encoding(game)
    # as if two of its placements had one index (the table and index() agree, as they do)
    monkeypatch.setattr(enc, "_pair_index", [[5] * game.size for _ in range(game.size + 1)])
    monkeypatch.setattr(enc, "index", lambda move: 5)
    enc.legal, enc.mask, enc.legal_lists = enc._legal_functions()       # written again from the tables above
    with pytest.raises(RulebookError, match=r"the moves .+ and .+ have one action index \(5\)"):
        enc.legal(game.initial_state())
    with pytest.raises(RulebookError, match=r"have one action index \(5\)"):
        enc.mask(game.legal_moves(game.initial_state()))
    with pytest.raises(RulebookError, match=r"have one action index \(5\)"):
        enc.legal_lists(game.initial_state())


def test_pettingzoo_chance_draws_follow_the_seed():
    """The chance generator is seeded by reset(seed=...) (made when a game first draws): a seed
    replays its games, after any other game; another seed draws others."""
    env = rulebook.env.pettingzoo(game_path("backgammon"))

    def states(seed, plies=12):
        env.reset(seed=seed)
        seen = []
        for _ in range(plies):
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                break
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            seen.append(env.state_)
        return seen

    first = states(7)
    states(8)
    assert states(7) == first and states(9) != first


# ---- the track kind (backgammon): planes by point, plays indexed relative to the roll

def reference_track_planes(game, enc, st, seat):
    """The observation as docs/api.md tells it for a track game, place by place: the observer's
    points 1..P, the bar, the off area."""
    P, other = game.points, 1 - seat
    mine = [max(c, 0) if seat == 0 else max(-c, 0) for c in st.pts]
    theirs = [max(-c, 0) if seat == 0 else max(c, 0) for c in st.pts]
    if seat == 1:                               # the second seat's point q is the first's P + 1 - q
        mine, theirs = mine[::-1], theirs[::-1]
    counts = [mine + [st.bar[seat], st.off[seat]], theirs + [st.bar[other], st.off[other]]]
    planes = [list(map(float, c)) for c in counts]
    for k in enc.thresholds:
        planes += [[float(x >= k) for x in c] for c in counts]
    for z in game.zone_names:
        for r in range(2):
            points = [q if r == 0 else P + 1 - q for q in game.rules.zones[z]]
            planes.append([float(j + 1 in points) for j in range(P + 2)])
    numbers = game.dice.steps(st.roll) if st.roll else ()
    constants = [float(numbers.count(v)) for v in range(1, game.dice.faces + 1)]
    constants += [float(st.seat == seat), float(st.seat != seat), float(st.ply)]
    constants += [float(game.options[o.name]) for o in game.info.options]
    planes += [[v] * (P + 2) for v in constants]
    return np.array(planes, dtype=np.float32)


@pytest.mark.parametrize("options", [{}, {"gammons": True}])
def test_track_planes_and_indices_in_random_games(options):
    game = rulebook.load_game(game_path("backgammon"), options)
    enc = Encoding(game)
    assert enc.shape == (20, 26) and enc.size == 26 * 26 + 23751
    plays = offs = 0
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        st = game.initial_state()
        while not game.is_over(st):
            for seat in range(2):
                obs = enc.observe(st, seat)
                assert np.array_equal(obs, reference_track_planes(game, enc, st, seat)), (seed, st.ply, seat)
            mask, by_index = enc.legal(st)
            if game.to_move(st) == CHANCE:
                assert mask.sum() == 0 and by_index == {}
            else:
                moves = game.legal_moves(st)
                assert mask.shape == (enc.size,) and mask.sum() == len(moves) == len(by_index)
                assert all(by_index[enc.index(m, st)] == m and 0 <= enc.index(m, st) < enc.size for m in moves)
                plays += len(moves)
                offs += sum(1 for m in moves if any(t == 0 for _f, t in m))
            move = game.random_move(st, rng)
            if game.to_move(st) != CHANCE:
                assert enc.move(st, enc.index(move, st)) == move
            st = game.apply(st, move)
    assert plays > 1000 and offs > 50       # the games reached the bearing off


def test_track_indices_as_documented():
    game = rulebook.load_game(game_path("backgammon"))
    enc = Encoding(game)
    assert enc.blocks == {(1, 1): (0, 676), (4,): (676, 23751)}

    def index(position, text):
        st = rulebook.position_state(game, position)
        return enc.index(game.parse_move(st, text), st)
    start = {"to_move": "white", "roll": "6-1"}
    opening = game.position_json(game.initial_state())["pieces"]
    # 6-1: the 6's from-place is the high digit, the 1's the low one (base 26: 0 for unused)
    assert index({**start, "pieces": opening}, "13/7 8/7") == 13 * 26 + 8
    assert index({**start, "pieces": opening}, "24/23 24/18") == 24 * 26 + 24
    # a double's four steps: a multiset of from-places, ranked (the combinatorial number system)
    assert index({**start, "roll": "6-6", "pieces": opening}, "24/18 24/18 13/7 13/7") == \
        676 + comb(24 + 3, 4) + comb(24 + 2, 3) + comb(13 + 1, 2) + comb(13, 1)
    # bearing off with larger numbers: the steps off take the smallest number left that reaches
    home = {"to_move": "white", "roll": "6-4", "pieces": {"white": {"checker": {"5": 1, "3": 1}},
                                                           "black": {"checker": {"24": 13}}}}
    st = rulebook.position_state(game, home)
    assert sorted(game.move_str(m) for m in enc.legal(st)[1].values()) == ["5/1 3/off", "5/off 3/off"]
    assert index(home, "5/off 3/off") == 5 * 26 + 3 and index(home, "5/1 3/off") == 3 * 26 + 5
    # a play that cannot move: the block's 0
    blocked = {"to_move": "white", "roll": "6-6", "reserve": {"white": 1},     # black holds white's 19
               "pieces": {"white": {"checker": {"6": 14}}, "black": {"checker": {"19": 2, "13": 13}}}}
    st = rulebook.position_state(game, blocked)
    assert game.legal_moves(st) == [()] and list(enc.legal(st)[1]) == [676]
    # a roll position has no legal action; a play of another roll is not a play of this one
    assert enc.legal(game.initial_state())[0].sum() == 0
    st = rulebook.position_state(game, {**start, "pieces": opening})
    with pytest.raises(IllegalMove, match="not a play of this roll"):
        enc.index(((13, 8),), st)
    with pytest.raises(IllegalMove, match="not a legal move here"):
        enc.move(st, 676)


def test_track_plays_with_one_index_are_refused_naming_both(monkeypatch):
    game = rulebook.load_game(game_path("backgammon"))
    enc = Encoding(game)
    st = game.apply(game.initial_state(), ("roll", (6, 1)))
    monkeypatch.setattr(enc, "_index", lambda move, roll: 5)
    with pytest.raises(RulebookError, match=r"the moves .+/.+ and .+/.+ have one action index \(5\)"):
        enc.legal(st)


def test_track_environments_see_the_dice_and_the_bar():
    env = rulebook.env.gymnasium(game_path("backgammon"), opponent="random", seat=1)
    obs, info = env.reset(seed=4)
    enc = env.encoding
    # white rolled and played; black (the agent) has rolled: its numbers are on the dice planes
    dice = obs[enc.planes.index("dice:1"):enc.planes.index("dice:6") + 1, 0]
    assert dice.sum() in (2, 4) and obs[enc.planes.index("to_move/+0")].min() == 1
    assert obs[0].sum() + obs[1].sum() == 30 and info["action_mask"].sum() >= 1
    over = False
    while not over:
        obs, reward, over, _trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert reward in (-1.0, 1.0) and 15 in (obs[0, -1], obs[1, -1])      # someone bore off all 15
