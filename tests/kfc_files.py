"""KeizerForClubs files as older versions of the program wrote them, built by the tests."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def kfc_2022_file(path: Path) -> Path:
    """A season as KfC wrote it in December 2022: no ConfigTab (the shares were the program's:
    unexcused 35 %), and the numbers that KfC computed with its rules of the time. E has
    withdrawn; the values are 4, 3, 2, 1 in both rounds. KfC then gave C the withdrawn share for
    the loss against E (3/4 of 2), D's bye after that board the same share (3/4 of 1, as if D
    had played E), and E her last value (3) as her total."""
    con = sqlite3.connect(path)
    with con:
        con.execute(
            "CREATE TABLE Player (id INTEGER PRIMARY KEY, name VARCHAR(30), rating INTEGER,"
            " rank INTEGER, state INTEGER, Keizer_StartPts FLOAT, Keizer_SumPts FLOAT)"
        )
        con.execute(
            "CREATE TABLE Pairing (Rnd INTEGER, board INTEGER, PID_W INTEGER, PID_B INTEGER,"
            " Result INTEGER, Pts_W FLOAT, Pts_B FLOAT)"
        )
        con.executemany(
            "INSERT INTO Player VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (1, "A", 2000, 1, 1, 4, 6.5),
                (2, "B", 1900, 2, 1, 3, 6.05),
                (3, "C", 1800, 3, 1, 2, 4.5),
                (4, "D", 1700, 4, 1, 1, 1.75),
                (5, "E", 1600, 5, 9, 3, 3),
            ],
        )
        con.executemany(
            "INSERT INTO Pairing VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (1, 1, 1, 2, 2, 1.5, 2),  # A-B 1/2-1/2
                (1, 2, 3, 5, 3, 1.5, 0),  # C-E 0-1: a loss against a withdrawn player
                (1, 100, 4, -1, 4, 0.75, 0),  # D's bye
                (2, 1, 1, 4, 1, 1, 0),  # A-D 1-0
                (2, 100, 2, -1, 7, 1.05, 0),  # B unexcused: 35 % of 3
                (2, 101, 3, -1, 4, 1, 0),  # C's bye: half of 2
            ],
        )
    con.close()
    return path
