"""Board topologies of the grid kind, one class each: Square and Hex lattices (base.Lattice) and
Graph, a board of named points and links from the game file. base.Topology is the interface the
rest of the kind uses; SHAPES maps a board key of the game file to how its topology is made."""
from __future__ import annotations

from .base import COMPASS, LETTERS, RELATIVE, Lattice, Topology, builtin_directions, direction_sets
from .graph import Graph
from .hex import Hex, hex_board
from .square import Square, square

# the board keys of a grid game file, each naming a topology (the registry of board kinds maps
# them to the grid kind; the schema describes their sections)
SHAPES = {"grid": Square, "hex": Hex, "graph": Graph}

__all__ = ["COMPASS", "LETTERS", "RELATIVE", "SHAPES", "Graph", "Hex", "Lattice", "Square", "Topology",
           "builtin_directions", "direction_sets", "hex_board", "square"]
