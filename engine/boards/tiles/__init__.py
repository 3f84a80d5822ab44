"""The open tile board kind: a board that grows from a start tile, tiles drawn from a bag and
laid with their track matching, counters claimed on features, then counters delivered along routes.

The words, all named by the game file (the engine names no feature):
  tiles.types        count, connects (side pairs at rotation 0), feature
  board.open.start   the start tile, taken from its type's count
  counters           supply (expr), claim (features that take a counter when placed), take_back
  routes.stop        the feature where paths stop
  phases             a build phase (draw: tiles, place: adjacent), then optionally a sell phase
                     (sell: {from, to, toll}, start, until)
  scoring            named parts per player, evaluate

rules.py       check_tiles: the file's tile words into typed TileRules
vocabulary.py  the words of the kind's expressions
state.py       TileState, the stages, move notation
game.py        TileGame (TileRules.compile): tables, compiled expressions, moves, apply
scoring.py     line facts, parts, outcome, evaluation
explain.py     why a move is not legal        render.py  the terminal drawing
picture.py     the scene a picture is drawn from (rulebook.look draws it)
routes.py      route search over square tiles whose track joins their sides
"""
from .rules import TileRules, check_tiles

__all__ = ["TileRules", "check_tiles"]
