"""The club file deleted (or moved) under a running server: the TD's pages say so and what to
do, instead of "Something went wrong", and work again once it is back."""

from __future__ import annotations

import shutil
from pathlib import Path

from starlette.testclient import TestClient
from web_helpers import Tick, log_in

from rochade.web import create_app

GONE = "The club file is gone: it was deleted or moved while rochade was running."


def test_the_evening_page_of_a_deleted_club_file_says_what_happened(
    club: Path, tmp_path: Path
) -> None:
    with TestClient(create_app(club, Tick()), raise_server_exceptions=False) as td:
        log_in(td)
        assert td.get("/td/t/1/").status_code == 200
        kept = tmp_path / "kept.rochade"
        shutil.move(club, kept)
        for url in ("/td/t/1/", "/td/", "/td/t/1/players", "/td/log"):
            response = td.get(url)
            assert response.status_code == 503, url
            assert GONE in response.text
            assert "restore it from a backup" in response.text
        german = td.get("/td/t/1/", headers={"accept-language": "de"})
        assert "Die Vereinsdatei ist fort" in german.text
        shutil.move(kept, club)
        assert td.get("/td/t/1/").status_code == 200
