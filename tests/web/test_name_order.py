"""The check-in lists names in the reader's order, each with its folded search text."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient

from rochade.service import ClubService


def test_checkin_sorts_accented_names_among_their_letters(td: TestClient, club: Path) -> None:
    svc = ClubService(club, "test TD")
    for name in ("Zander", "Özdemir, Ayşe", "Åberg, Lars", "Üçok"):
        svc.add_player(name, 1500, tournament="Winter 2026")
    page = td.get("/td/t/1/checkin").text
    names = re.findall(r'<span class="pname">(?:<bdi>)?([^<]*)', page)
    assert names == sorted(names, key=lambda n: n.casefold().translate(
        str.maketrans("ÖöÅåÜüçş", "OoAaUucs")))
    assert names.index("Åberg, Lars") < names.index("Zander")
    assert names.index("Özdemir, Ayşe") < names.index("Zander") and names[-1] == "Zander"
    assert 'data-name="ozdemir, ayse"' in page
