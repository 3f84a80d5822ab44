"""The grid board kind: square and hex boards of cells, pieces of several kinds that step,
slide, jump, capture, are placed, flip and promote; zones, lines, connections, phases.

kind.py        check_grid: the checked rules, given their compile (the registry's entry)
rules.py       check_rules: the file's grid words into typed GridRules (never imports the game)
words/         the action words of patterns, one module each (step, slide, jump, place, drop,
               flip, shoot, when, take, shift, custodial): options, checks, lowering, effects
patterns.py    what a pattern is made of and can do (read from its words)
topology/      the cells of square and hex boards, directions, rays, lines
vocabulary.py  the words of the kind's expressions (names, functions) and their runtime helpers
layout.py      the state's slots and a move's fields, declared once
game.py        GridGame: the tables built once, the compiled functions and the Game API
movegen.py     the move generator (PathCode): a phase's patterns as Python source
automaton.py   its lowering for plain phases (one kind, steps and jumps): jump chains merged
state.py       set positions, their JSON form, the generated apply() and legal_moves()
notation.py    move_str and parse_move        explain.py  why a move is not legal
short.py       the short notation a file may ask for (notation: short:)
render.py      the terminal drawing
playout/       the compiled random playout (game.playout): one generated loop per game, and
               the loops of the last phase's shapes, each on the state's own variables:
               placing.py (placements; what a placing game is, for batch too), flip_loop.py
               (placements that must flip), move_loop.py (steps and chains of jumps over any
               piece, counted by components), kept_loop.py (other plain piece moves, each
               piece's kept), bulk_loop.py (lone steps of one kind, capturing or not,
               counted by shifts of its board), parts_loop.py (a slide then a shot, drawn by
               rejection)
batch.py       many games at once (game.batch): the rules as numpy functions over G games
"""
from .kind import GridKind, check_grid
from .rules import GridRules

__all__ = ["GridKind", "GridRules", "check_grid"]
