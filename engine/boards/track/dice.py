"""roll: a chance ply that throws N dice of S faces. The outcomes are unordered (a roll is the
multiset of its faces, written highest first: `2-1`), each weighted by the number of ordered
throws that give it (1 for a double of two dice, 2 otherwise), and the roll is kept in the state
for the play that follows it."""
from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial

from ...structs import struct

ROLL = "roll"                       # the first item of a roll move: ('roll', (6, 1))


@struct(frozen=True)
class Dice:
    """A checked `roll:` of a phase: how many dice, how many faces, how many steps a double
    (every die showing the same face) gives (the dice's count when unsaid)."""
    count: int = 2
    faces: int = 6
    doubles: int = 0                # 0: a double plays its dice as they are

    def outcomes(self) -> list[tuple[tuple, int]]:
        """Every roll with its weight: (('roll', faces highest first), ordered throws)."""
        out = []
        for faces in combinations_with_replacement(range(self.faces, 0, -1), self.count):
            weight = factorial(self.count)
            for f in set(faces):
                weight //= factorial(faces.count(f))
            out.append(((ROLL, faces), weight))
        return out

    def steps(self, faces: tuple) -> tuple:
        """The numbers a roll gives to play: its faces, or a double's face `doubles` times."""
        if self.doubles and len(set(faces)) == 1:
            return (faces[0],) * self.doubles
        return faces


def roll_str(faces: tuple) -> str:
    return "-".join(map(str, faces))


__all__ = ["Dice", "ROLL", "roll_str"]
