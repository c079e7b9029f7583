"""One rule for unrated players in the rating tie-breaks (C.07 art. 10): without a rating
for them (the /U modifier, as Gacrux writes it) the rating tie-breaks are dropped; with
`ARO/U1000` the club file, `rochade standings FILE.trf` and gacrux give the same values."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from click.testing import Result

from gacrux_runs import tiebreaks
from rochade.service import ClubService

Run = Callable[..., Result]
CODES = ("ARO/U1000", "TPR/U1000", "PTP/U1000", "APRO/U1000", "APPO/U1000")


def _club(path: Path, tiebreaks: str) -> Path:
    """A 4-round Swiss of ten, three of them unrated, played out."""
    rng = random.Random(5)
    svc = ClubService.init(path, "td")
    with svc.session():
        svc.create_system_tournament("Open", "swiss", {"rounds": 4, "tiebreaks": tiebreaks})
        svc.import_players("".join(
            f"P{i},{'' if i % 3 == 0 else rng.randint(1400, 2200)}\n" for i in range(1, 11)))
        for number in range(1, 5):
            for game in svc.pair().round.games:
                svc.enter_result(number, game.board, rng.choice(["1-0", "0-1", "1/2-1/2"]))
    return path


def _values(out: str) -> dict[int, dict[str, Fraction]]:
    return {row["start_number"]: {k: Fraction(v) for k, v in row["tiebreaks"].items()}
            for row in json.loads(out)}


def _gacrux(path: Path) -> dict[int, dict[str, Fraction]]:
    out = tiebreaks("-i", str(path), "-s", "-t", "PTS", *CODES, "-F", "TXT", "-d", ";")
    head, *rows = (line.split(";") for line in out.strip().splitlines())
    return {int(row[0]): {code: Fraction(row[head.index(code)]) for code in CODES}
            for row in rows}


def test_the_unrated_rating_is_the_same_in_the_club_file_the_trf_and_gacrux(
        tmp_path: Path, run: Run) -> None:
    club = _club(tmp_path / "club.rochade", ",".join(CODES))
    trf = tmp_path / "open.trf"
    with ClubService(club, "td").session() as svc:
        trf.write_text(svc.export_trf("Open"), encoding="utf-8")
    assert "202 ARO/U1000,TPR/U1000" in trf.read_text(encoding="utf-8")
    mine = _values(run("standings", club, "--format", "json").output)
    from_file = _values(run("standings", trf, "--tiebreaks", ",".join(CODES), "--format",
                            "json").output)
    assert mine == from_file
    theirs = _gacrux(trf)
    keys = list(next(iter(mine.values())))
    assert {n: dict(zip(CODES, v.values(), strict=True)) for n, v in mine.items()} == theirs
    assert len(keys) == len(CODES) and any(v != 0 for row in mine.values() for v in row.values())


def test_without_a_rating_for_unrated_players_the_rating_tiebreaks_are_dropped(
        tmp_path: Path, run: Run) -> None:
    club = _club(tmp_path / "club.rochade", "ARO,TPR")
    mine = _values(run("standings", club, "--format", "json").output)
    assert {v for row in mine.values() for v in row.values()} == {0}
