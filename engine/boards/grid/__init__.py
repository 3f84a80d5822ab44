"""The grid board kind: square and hex boards of cells, pieces of several kinds that step,
slide, jump, capture, are placed, flip and promote; zones, lines, connections, phases."""
from ...grid import check_grid

__all__ = ["check_grid"]
