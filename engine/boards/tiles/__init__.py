"""The open tile board kind: a board that grows from a start tile, tiles drawn from a bag and
laid with their track matching, counters claimed on features, then counters delivered along routes.

The words, all named by the game file (the engine names no feature):
  tiles.sides        a kind of side with the track (one point) and a blank one (none)
  tiles.types        count, sides and segments (pieces of track, each joining two sides at
                     rotation 0; two may share a side), feature (on the whole tile)
  board.open.start   the start tile, taken from its type's count
  counters           supply (expr), claim (features that take a counter when placed), take_back
  routes.stop        the feature where paths stop
  phases             a build phase (draw: tiles, place: adjacent), then optionally a sell phase
                     (sell: {from, to, toll}, start, until)
  scoring            named parts per player, evaluate

kind.py        the rule sets in one table (SETS: each its checker, its game; words.rule_set_of
               says which a file is), check_tiles (the registry's entry) and Rules (every rule
               set's rules: their compile)
words/         the words of tile files, one module each (its key, its check, its line of the
               language reference), read by every rule set that takes it: the three checkers
               (rules.py, edgerules.py, pathrules.py) list the words they take
rules.py       check_rules: the file's tile words into typed TileRules (never imports the game)
vocabulary.py  the names of every rule set's expressions, one builder: each word its rule set
               takes gives its own (its module's NAMES, FUNCTIONS, LISTED), by context (a seat,
               a feature, the game)
state.py       Position (what every tile game's position shares: hashing, pickling) and TileState:
               the layout of a position and of a board entry, the stages (of every tile game),
               move notation
base.py        StagedGame: what every compiled tile game shares (its first fields, who moves,
               the ply, the end, move parsing, rule counts, the file's expressions compiled by
               one builder, counters.supply, the evaluation around each rule set's result of a
               finished game); the outcome of score parts, and --why's answers alike
game.py        TileGame: the tables, the compiled expressions and the Game API, over its parts:
building.py      Building: positions from tiles laid, draws, placements, claims
sales.py         Sales: paths of a position, the sell phase (sales, tolls, routes)
scoring.py       Scoring: line facts, parts, outcome
explain.py     why a move is not legal        render.py  the terminal drawing
picture.py     the scene a picture is drawn from (rulebook.look draws it)
routes.py      route search over square tiles whose track joins their sides

A file with `stones:` is another game of the kind: tiles whose sides carry path points, on a
bounded board (board.open.bounds), one stone per seat following the paths, open hands and a pile:
pathrules.py   check_path_rules: those words into PathRules (never imports the game)
pathgame.py    PathGame: positions, laying a tile in front of the mover's stone, the end, the Game API
paths.py       the board of squares, tile types as pairings of points in their rotations, follow()
hands.py       hands filled round the table from a pile, the next to move
pathpicture.py the scene rulebook.look draws, and the terminal drawing
Tiles with sides of several kinds (tiles.sides: each side a kind, with points along it; each
type's segments; features that grow across tiles; optional claims; scoring on completion and
at the end), beside the track tiles above (which read their sides and segments alike):
edges.py       side kinds, points and segments (read for both); the tables per type and
               rotation, matching
features.py    features grown across tiles as they are laid (a union-find)
claims.py      which segments may take a counter; the majority a feature scores for
edgerules.py   their checks (EdgeRules)
edgegame.py    EdgeGame: the Game API                edgelook.py   scene, terminal drawing, --why
"""
from .kind import Rules, check_tiles
from .rules import TileRules

__all__ = ["Rules", "TileRules", "check_tiles"]
