"""python-chess, driven the way that library is meant to be used: the yardstick of games/chess.yaml.

Not a Game API adapter (a python-chess Board is changed in place; copying it per move would be
unfair to it): perft with push/pop and the last ply counted in bulk (`legal_moves.count()`), and
random games to the end under the rules the game file plays by (checkmate, stalemate,
insufficient material, 100 plies without a capture or a pawn move, a position standing for the
third time), the same rules that tests/games/test_chess.py checks both against.
"""
from __future__ import annotations

import random
import time

import chess

from rulebook.play.measure import counted_rate


def perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def over(board: chess.Board) -> bool:
    return (board.is_checkmate() or board.is_stalemate() or board.is_insufficient_material()
            or board.halfmove_clock >= 100 or board.is_repetition(3))


def perft_rate(fen: str, depth: int, seconds: float = 0.0) -> dict:
    """As rulebook.play.measure.perft_rate: counted again until `seconds` have passed."""
    board = chess.Board(fen)
    return counted_rate(lambda: perft(board, depth), seconds)


def playout_rate(seed: int, seconds: float) -> dict:
    rng = random.Random(seed)
    plies = matches = 0
    t0 = time.perf_counter()
    while True:
        board = chess.Board()
        while not over(board):
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
        matches += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            break
    return {"plies_per_s": plies / elapsed, "matches_per_s": matches / elapsed, "plies": plies,
            "matches": matches, "seconds": elapsed}
