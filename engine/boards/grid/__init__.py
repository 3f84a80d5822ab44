"""The grid board kind: square and hex boards of cells, pieces of several kinds that step,
slide, jump, capture, are placed, flip and promote; zones, lines, connections, phases.

rules.py reads a file's grid words (checked, located), topology.py lays out the cells,
vocabulary.py gives expressions their words, game.py compiles a GridGame whose move generators
come from fastgen.py (plain games) or movegen.py (the general layout), whose state and apply are
state.py's and whose notation is notation.py's; explain.py and render.py serve the front-ends."""
from .rules import check_grid

__all__ = ["check_grid"]
