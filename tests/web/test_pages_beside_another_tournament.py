"""A tournament's pages read the same whether or not the club file holds another tournament
before it (`other_season.alone_and_beside`: another place in the file, other member ids, the
other tournament's numbers 1, 2 ... the same as this one's).

Each public page, TD page and download of the tournament, read in both files, must say the
same but for its own address (tournament 1 or 2), the form tokens and the log's numbers (a
TD page or download the system does not offer is missing in both): a page that reads a row of
the other tournament, or links a player by member id, does not."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_helpers import PIN, Tick, log_in, unversioned

from other_season import alone_and_beside
from rochade.service.pin import set_pin
from rochade.web import create_app

PUBLIC = ["", "?after=1", "pairings?round=1", "pairings?round=2", "pairings?round=3",
          "pairings/alphabetical?round=3", "pairings/slips?round=3", "pairings/notice?round=3",
          "progress", "crosstable", "participants", "start-rank",
          *(f"players/{number}" for number in range(1, 8))]
TD = ["", "players", "results", "pair", "checkin", "report", "report.trf", "settings", "rules",
      "categories", *(f"export/{kind}" for kind in ("standings.csv", "crosstable.csv", "trf",
                                                     "json"))]


def pages(path: Path, n: int) -> dict[str, tuple[int, str]]:
    """Every page of tournament `n` of the club file: its status and what it shows (its
    <main>), with its own number, form tokens and log numbers made alike."""
    set_pin(path, PIN)
    read: dict[str, tuple[int, str]] = {}
    with TestClient(create_app(path, Tick())) as client:
        for url in PUBLIC:
            answer = client.get(f"/t/{n}/{url}")
            read[f"/t/N/{url}"] = answer.status_code, alike(answer.text, n)
        client.headers["x-test-csrf"] = log_in(client)
        for url in TD:
            answer = client.get(f"/td/t/{n}/{url}")
            read[f"/td/t/N/{url}"] = answer.status_code, alike(answer.text, n)
    return read


def alike(text: str, n: int) -> str:
    shown = text.partition("<main")[2].partition("</main>")[0] or text  # (a download: whole)
    shown = re.sub(rf"/t/{n}(?=[/?\"#])", "/t/N", shown)
    shown = re.sub(r'name="csrf" value="[0-9a-f]+"', 'name="csrf"', shown)
    shown = re.sub(r'(name="action" value="|class="undo-what">#)\d+', r"\1N", shown)
    return unversioned(shown)


@pytest.mark.parametrize("system", ["keizer", "swiss"])
def test_the_pages_read_the_same_beside_another_tournament(tmp_path: Path, system: str) -> None:
    alone, beside = alone_and_beside(tmp_path, system)
    by_itself, after_another = pages(alone, 1), pages(beside, 2)
    assert all(status == 200 for url, (status, _) in by_itself.items() if url.startswith("/t/"))
    for url, read in by_itself.items():
        assert after_another[url] == read, url
