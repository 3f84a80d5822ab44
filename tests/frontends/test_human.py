"""The human loop, driven by scripted input lines."""

import pytest

from conftest import Script
from toygames import DiceRace, Nim

from rulebook.players import Match, make_player, play_match
from rulebook.api import CHANCE
from rulebook.players.human import HumanPlayer


def human(game, lines, **kw):
    out: list[str] = []
    script = Script(lines)
    return HumanPlayer(game, input_fn=script, output_fn=out.append, **kw), script, out


def test_a_move_in_notation_and_the_numbered_sorted_list():
    g = Nim((1, 2))
    player, script, out = human(g, ["B2"], render=lambda game, state: f"piles {state.piles}")
    assert player.choose(g.initial_state()) == (1, 2)
    text = "\n".join(out)
    assert "piles (1, 2)" in text and "3 legal moves" in text
    assert text.index("1. A1") < text.index("2. B1") < text.index("3. B2")


def test_an_illegal_move_is_refused_and_asked_again_then_a_number():
    g = Nim((1, 2))
    player, script, out = human(g, ["C7", "9", "", "2"])
    assert player.choose(g.initial_state()) == (1, 1)
    assert any("illegal move 'C7'" in line for line in out)
    assert any("no move number 9" in line for line in out)
    assert len(script.prompts) == 4


def test_hint_prints_the_hint_players_choice():
    g = Nim((3,))
    player, _, out = human(g, ["hint", "A1"], hint_player=make_player("greedy", g, 0))
    assert player.choose(g.initial_state()) == (0, 1)
    assert "hint (greedy): A3" in out
    player, _, out = human(g, ["hint", "A1"])
    player.choose(g.initial_state())
    assert "no hint player for this game" in out


def test_help_and_moves_commands_keep_asking():
    g = Nim((2,))
    player, _, out = human(g, ["help", "moves", "A2"])
    assert player.choose(g.initial_state()) == (0, 2)
    assert any("Commands" in line for line in out)
    assert sum("2 legal moves" in line for line in out) == 2


def test_quit_stops_the_match_and_keeps_the_moves():
    g = Nim((1, 2, 4))
    player, _, out = human(g, ["C1", "quit"])
    match = Match(g, [player, make_player("random", g, 3)], 0)
    state, moves = match.play()
    assert match.quit_requested and not g.is_over(state)
    assert len(moves) == 2 and moves[0] == (2, 1)
    assert "stopping the match" in out


def test_end_of_input_is_a_quit():
    g = Nim((1, 2, 4))
    player, _, out = human(g, [])
    state, moves = play_match(g, [player, make_player("random", g, 3)], 0)
    assert moves == [] and state == g.initial_state()


def test_undo_takes_back_my_move_and_the_replies():
    g = Nim((1, 2, 4))
    player, _, out = human(g, ["undo", "A1", "undo", "C1", "quit"])
    match = Match(g, [player, make_player("random", g, 3)], 0)
    match.play()
    assert "nothing to undo: you have not moved yet" in out
    assert any("taking back your last move (2 moves in all)" in line for line in out)
    assert match.moves[0] == (2, 1) and len(match.moves) == 2
    assert any(line.startswith("since your last move: blue ") for line in out)


def test_undo_keeps_the_draw_before_my_move():
    g = DiceRace(seats=2)
    player, _, out = human(g, ["go", "undo", "stay", "quit"])
    match = Match(g, [player, make_player("random", g, 3)], 5)
    match.play()
    first_draw = match.history[0]
    assert first_draw.seat == CHANCE
    # the human's first decision was taken back and replayed as 'stay'; the draw before it stayed
    assert match.moves[1] == "stay"
    assert any("taking back your last move (4 moves in all)" in line for line in out)
    assert [s.seat for s in match.history[:4]] == [CHANCE, 0, CHANCE, 1]


def test_undo_outside_a_match_is_refused():
    g = Nim((2,))
    player, _, out = human(g, ["undo", "A1"])
    assert player.choose(g.initial_state()) == (0, 1)
    assert "undo is not available here" in out


def test_make_player_human_uses_the_given_io():
    g = Nim((3,))
    out: list[str] = []
    player = make_player("human:hint=greedy", g, 0, input_fn=Script(["hint", "1"]), output_fn=out.append,
                         render=lambda game, state: "BOARD")
    assert isinstance(player, HumanPlayer)
    assert player.choose(g.initial_state()) == (0, 1)
    assert "BOARD" in out and "hint (greedy): A3" in out
    assert make_player("human:hint=none", g, 0).hint_player is None


@pytest.mark.parametrize("text", ["A1", " A1 ", "1"])
def test_move_text_is_trimmed(text):
    g = Nim((1,))
    player, _, _ = human(g, [text])
    assert player.choose(g.initial_state()) == (0, 1)
