"""The Keizer benchmark: standings of 100 players x 40 rounds, and pairing 100 present players.

Run: .venv/bin/python benchmarks/keizer.py   (target: median under 50 ms for each)
The two halves can be run alone, with options: keizer_scoring.py and keizer_pairing.py.
"""

from __future__ import annotations

import sys

import keizer_pairing
import keizer_scoring

if __name__ == "__main__":
    sys.argv = sys.argv[:1]
    print("== Standings: compute_standings, 100 players x 40 rounds")
    keizer_scoring.main()
    print("== Pairing: 100 present players after 40 rounds")
    keizer_pairing.main()
