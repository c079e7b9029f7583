"""Time matching a club against a FIDE-sized rating list (made-up players, streamed).

Run: .venv/bin/python benchmarks/rating_lists.py [--entries 1000000] [--club 60]
Prints the CPU time of parse_fide_xml + match_ratings and of parse_fide_txt + match_ratings,
and the peak memory (which includes the generated list itself).
"""

from __future__ import annotations

import argparse
import io
import resource
import time
from collections.abc import Iterator

from rochade.formats.players import ClubPlayer, match_ratings, parse_fide_txt, parse_fide_xml


def xml_list(entries: int) -> bytes:
    players = "".join(
        f"<player><fideid>{10**6 + i}</fideid><name>Player{i}, Test</name>"
        f"<country>GER</country><rating>{1000 + i % 1800}</rating><games>0</games>"
        f"<rapid_rating>1500</rapid_rating><birthday>1990</birthday><flag></flag></player>\n"
        for i in range(entries)
    )
    return (
        f"<?xml version='1.0' encoding='utf-8'?>\n<playerslist>\n{players}</playerslist>\n".encode()
    )


def txt_lines(entries: int) -> Iterator[str]:
    yield f"{'ID Number':15}{'Name':61}{'Fed':4}{'Sex':4}{'SRtng':6}{'SGm':4}\n"
    for i in range(entries):
        yield f"{10**6 + i:<15}{f'Player{i}, Test':61}{'GER':4}{'M':4}{1000 + i % 1800:<6}{0:<4}\n"


def club(size: int) -> list[ClubPlayer]:
    """Half matched by FIDE id, half by name only."""
    return [
        ClubPlayer(k, f"Test Player{k * 997}", 1500, (10**6 + k * 1001) if k % 2 else None)
        for k in range(size)
    ]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=1_000_000)
    parser.add_argument("--club", type=int, default=60)
    args = parser.parse_args()
    players = club(args.club)
    data = xml_list(args.entries)
    start = time.process_time()
    found = match_ratings(players, parse_fide_xml(io.BytesIO(data)))
    print(f"FIDE XML, {args.entries} entries ({len(data) >> 20} MB): "
          f"{time.process_time() - start:.1f} s CPU, {len(found.updates)} updates")  # fmt: skip
    del data
    start = time.process_time()
    found = match_ratings(players, parse_fide_txt(txt_lines(args.entries)))
    print(f"FIDE TXT, {args.entries} entries: {time.process_time() - start:.1f} s CPU, "
          f"{len(found.updates)} updates")  # fmt: skip
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss >> 10
    print(f"peak memory {peak} MB (including the generated XML)")


if __name__ == "__main__":
    main()
