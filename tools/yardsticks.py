"""Rulebook's players against programs from outside the project, each driven through its own
protocol, as a user of those programs would drive them.

    python -m tools.yardsticks                          # every yardstick, a few games each
    python -m tools.yardsticks --only go-gnugo --games 10 --seconds 5 --seeds 1-10
    python -m tools.yardsticks --only connect4-openspiel,tictactoe-openspiel --games 20

Yardsticks (rulebook's `--player`, default `mcts`, with a time budget a move, `--seconds`; seats
alternating from game to game, or `--seat first|second`; a program that is missing is skipped
with a message):
  go-gnugo            9x9 Go, komi 7.5, against Debian's gnugo (`--level`, default 1), both over GTP:
                      `rulebook gtp games/go.yaml` and `gnugo --mode gtp --chinese-rules`; two passes
                      end the game, scored by area by rulebook (gnugo's own count is printed beside)
  chess-stockfish     chess against Debian's stockfish at `Skill Level` 0 (`--level`), both over UCI
                      through python-chess: `rulebook uci games/chess.yaml` and stockfish, each given
                      the same time a move; the game ends as python-chess's rules say (claimed draws
                      included), or drawn at 400 plies
  connect4-openspiel  Connect Four, tictactoe-openspiel tic-tac-toe, hex-openspiel 11x11 Hex: against
  tictactoe-openspiel OpenSpiel's MCTS bot (random rollouts) on the same rulebook game seen through
  hex-openspiel       rulebook.env.openspiel, at equal time: its simulations a move are set before each
                      move to what fits in `--seconds` at the rate its searches ran so far in the run (a
                      search of 50 calibrates the first); `--simulations N` fixes them instead. Both sides' time a
                      move and the bot's mean simulations are printed, so the budgets can be compared

Each line: wins, draws and losses of rulebook's player, its score (a draw a half) with the 95%
Wilson interval of the win count, and the seconds a move each side took. The figures are not
tested (they depend on the machine's speed); the suite plays a few short games of each protocol.
"""
from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.strength import seed_range, wilson  # noqa: E402

GAMES = ROOT / "games"


def rulebook_cmd(*args) -> list[str]:
    exe = Path(sys.executable).with_name("rulebook")
    return ([str(exe)] if exe.exists() else [sys.executable, "-m", "rulebook"]) + [str(a) for a in args]


def program(*names: str) -> str | None:
    for n in names:
        found = shutil.which(n) or (f"/usr/games/{n}" if Path(f"/usr/games/{n}").exists() else None)
        if found:
            return found
    return None


class Gtp:
    """A GTP engine in a process of its own: one command, one answer."""

    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
        self.busy = 0.0

    def send(self, command: str) -> str:
        start = time.perf_counter()
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit(f"the GTP engine stopped after {command!r}")
            if line == "\n" and lines:
                break
            lines.append(line.rstrip("\n"))
        self.busy += time.perf_counter() - start
        answer = "\n".join(lines)
        if not answer.startswith("="):
            raise SystemExit(f"GTP {command!r}: {answer}")
        return answer[1:].strip()

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=30)
        except (SystemExit, OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def go_gnugo(seed: int, rulebook_black: bool, args) -> tuple[float, dict]:
    gnugo = Gtp([program("gnugo"), "--mode", "gtp", "--chinese-rules", "--level", str(args.level),
                 "--seed", str(seed)])
    ours = Gtp(rulebook_cmd("gtp", GAMES / "go.yaml", "--player", rulebook_spec(args), "--seed", seed))
    black, white = (ours, gnugo) if rulebook_black else (gnugo, ours)
    moves: list[str] = []
    try:
        for engine in (black, white):
            engine.send("boardsize 9"), engine.send("clear_board"), engine.send("komi 7.5")
        while len(moves) < 400 and moves[-2:] != ["pass", "pass"]:
            mover, other = (black, white) if len(moves) % 2 == 0 else (white, black)
            colour = "bw"[len(moves) % 2]
            move = mover.send(f"genmove {colour}").lower()
            if move == "resign":
                return (0.0 if mover is ours else 1.0), {"end": f"{colour} resigned", "plies": len(moves),
                                                         "moves": moves}
            other.send(f"play {colour} {move}")
            moves.append(move)
        score, theirs = ours.send("final_score"), gnugo.send("final_score")
    finally:
        black.close(), white.close()
    mine = "B" if rulebook_black else "W"
    result = 0.5 if score in ("0", "Draw") else (1.0 if score.startswith(mine) else 0.0)
    return result, {"end": f"rulebook {score}, gnugo {theirs}", "plies": len(moves), "moves": moves,
                    "our_s": ours.busy / max(1, len(moves) // 2), "their_s": gnugo.busy / max(1, len(moves) // 2)}


def chess_stockfish(seed: int, rulebook_white: bool, args) -> tuple[float, dict]:
    import chess
    import chess.engine
    ours = chess.engine.SimpleEngine.popen_uci(rulebook_cmd("uci", GAMES / "chess.yaml", "--player",
                                                            rulebook_spec(args), "--seed", seed))
    theirs = chess.engine.SimpleEngine.popen_uci(program("stockfish"))
    theirs.configure({"Skill Level": args.level})
    board, busy = chess.Board(), {ours: 0.0, theirs: 0.0}
    white, black = (ours, theirs) if rulebook_white else (theirs, ours)
    try:
        while not board.is_game_over(claim_draw=True) and board.ply() < 400:
            engine = white if board.turn == chess.WHITE else black
            start = time.perf_counter()
            move = engine.play(board, chess.engine.Limit(time=args.seconds)).move
            busy[engine] += time.perf_counter() - start
            board.push(move)
    finally:
        ours.quit(), theirs.quit()
    out = board.outcome(claim_draw=True)
    if out is None or out.winner is None:
        result = 0.5
    else:
        result = 1.0 if out.winner == (chess.WHITE if rulebook_white else chess.BLACK) else 0.0
    half = max(1, board.ply() // 2)
    return result, {"end": out.termination.name.lower() if out else "400 plies", "plies": board.ply(),
                    "moves": [m.uci() for m in board.move_stack],
                    "our_s": busy[ours] / half, "their_s": busy[theirs] / half}


def timed_mcts_bot(game, seconds: float, rng, pace: list):
    """OpenSpiel's MCTS bot held to `seconds` a move: before each move its simulations are set
    to what fits in that time at the rate its searches have run so far in this yardstick's games
    (`pace`: [simulations, seconds], summed over the games; a search of 50 measures it first),
    so its time a move tracks rulebook's however fast the bridge runs its simulations, and one
    slow search on a loaded machine moves the rate little."""
    from open_spiel.python.algorithms import mcts

    class TimedMCTSBot(mcts.MCTSBot):
        def __init__(self):
            super().__init__(game, 2.0, 50, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
            self.simulations = []     # the simulations of each move searched

        def timed_search(self, state):
            start = time.perf_counter()
            root = super().mcts_search(state)
            if root.outcome is None:  # (a solved root stops early: its rate says nothing)
                pace[0] += root.explore_count
                pace[1] += time.perf_counter() - start
            return root

        def mcts_search(self, state):
            if not pace[0]:           # the calibration: a short search of the first position
                self.max_simulations = 50
                self.timed_search(state)
            self.max_simulations = max(1, int(pace[0] / pace[1] * seconds)) if pace[0] else 50
            root = self.timed_search(state)
            self.simulations.append(root.explore_count)
            return root

    return TimedMCTSBot()


def rulebook_spec(args) -> str:
    """Rulebook's player (`--player`, a spec) with its time a move."""
    return f"{args.player}{',' if ':' in args.player else ':'}seconds={args.seconds}"


def openspiel_match(name: str):
    def play(seed: int, rulebook_first: bool, args) -> tuple[float, dict]:
        import numpy as np
        from open_spiel.python.algorithms import mcts

        import rulebook.env
        from rulebook.players.specs import make_player
        game = rulebook.env.openspiel(str(GAMES / f"{name}.yaml"))
        rng = np.random.RandomState(seed)
        if args.simulations:
            bot = mcts.MCTSBot(game, 2.0, args.simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        else:
            bot = timed_mcts_bot(game, args.seconds, rng, args.pace)
        ours = make_player(rulebook_spec(args), game.rulebook_game, seed)
        me = 0 if rulebook_first else 1
        state, busy, plies, moves = game.new_initial_state(), [0.0, 0.0], 0, []
        while not state.is_terminal():
            start = time.perf_counter()
            if state.current_player() == me:
                action = game.encoding.index(ours.choose(state.rulebook_state))
            else:
                action = bot.step(state)
            busy[state.current_player() != me] += time.perf_counter() - start
            moves.append(state.action_to_string(state.current_player(), action))
            state.apply_action(action)
            plies += 1
        r = state.returns()[me]
        half = max(1, plies // 2)
        sims = getattr(bot, "simulations", None)
        end = f"(bot: {sum(sims) // max(1, len(sims))} simulations a move)" if sims else ""
        return (1.0 if r > 0 else 0.5 if r == 0 else 0.0), {"end": end, "plies": plies, "moves": moves,
                                                             "our_s": busy[0] / half, "their_s": busy[1] / half}
    return play


YARDSTICKS = {
    "go-gnugo": (go_gnugo, ("gnugo",)),
    "chess-stockfish": (chess_stockfish, ("stockfish",)),
    "connect4-openspiel": (openspiel_match("connect4"), ()),
    "tictactoe-openspiel": (openspiel_match("tictactoe"), ()),
    "hex-openspiel": (openspiel_match("hex"), ()),
}


def missing(needs) -> str | None:
    for n in needs:
        if program(n) is None:
            return f"{n} is not installed (Debian: apt-get install {n})"
    if not needs:
        try:
            import pyspiel  # noqa: F401
        except ImportError:
            return "OpenSpiel is not installed (pip install 'rulebook[openspiel]')"
    return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", default=",".join(YARDSTICKS), help="comma-separated yardsticks")
    ap.add_argument("--games", type=int, default=4, help="games a yardstick (seats alternate)")
    ap.add_argument("--seconds", type=float, default=1.0, help="rulebook's (and stockfish's) time a move")
    ap.add_argument("--level", type=int, default=None, help="gnugo's level (1) or stockfish's skill (0)")
    ap.add_argument("--simulations", type=int, default=0,
                    help="OpenSpiel MCTS simulations a move (default 0: as many as fit in --seconds)")
    ap.add_argument("--player", default="mcts", help="rulebook's player spec, given --seconds a move (mcts)")
    ap.add_argument("--seat", choices=("alternate", "first", "second"), default="alternate",
                    help="rulebook's seat: alternating from game to game (default), or always first or second")
    ap.add_argument("--seeds", default="1-1000", help="seeds, one a game in turn: A-B or A,B,C")
    ap.add_argument("--moves", action="store_true",
                    help="print each game's moves after its line (in the notation of the program's protocol)")
    args = ap.parse_args(argv)
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in YARDSTICKS]
    if unknown:
        print(f"unknown yardstick {unknown[0]!r}: one of {', '.join(YARDSTICKS)}", file=sys.stderr)
        return 1
    seeds = seed_range(args.seeds)
    for name in names:
        play, needs = YARDSTICKS[name]
        why = missing(needs)
        if why:
            print(f"{name:<20} skipped: {why}")
            continue
        level = args.level if args.level is not None else (1 if name == "go-gnugo" else 0)
        run = argparse.Namespace(**{**vars(args), "level": level, "pace": [0, 0.0]})
        wins = draws = losses = 0
        ours, theirs = [], []
        for g in range(args.games):
            first = g % 2 == 0 if args.seat == "alternate" else args.seat == "first"
            result, info = play(seeds[g % len(seeds)], first, run)
            wins, draws, losses = wins + (result == 1.0), draws + (result == 0.5), losses + (result == 0.0)
            ours.append(info.get("our_s", 0.0)), theirs.append(info.get("their_s", 0.0))
            print(f"  {name} game {g + 1}: {'first' if first else 'second'} seat, "
                  f"{ {1.0: 'won', 0.5: 'drew', 0.0: 'lost'}[result]} in {info['plies']} plies {info['end']}",
                  flush=True)
            if args.moves:
                print(f"    seed {seeds[g % len(seeds)]}, moves: {' '.join(info['moves'])}", flush=True)
        n = wins + draws + losses
        lo, hi = wilson(wins, n)
        print(f"{name:<20} {wins}-{draws}-{losses} of {n}: score {(wins + draws / 2) / n:.1%}, wins 95% CI "
              f"[{lo:.1%}, {hi:.1%}]; s a move: rulebook {sum(ours) / n:.2f}, opponent {sum(theirs) / n:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
