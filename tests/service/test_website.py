"""`publish`'s folder: only what it wrote is ever removed, pages are replaced whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rochade.service.errors import ServiceError
from rochade.service.website import MANIFEST, write_site


def test_a_second_site_removes_only_what_the_first_wrote(tmp_path: Path) -> None:
    (tmp_path / "own.html").write_text("the club's", encoding="utf-8")
    first = write_site(tmp_path, {"a.html": b"A", "b.html": b"B"})
    assert (first.written, first.unchanged, first.removed) == (("a.html", "b.html"), (), ())
    second = write_site(tmp_path, {"a.html": b"A", "c.html": b"C"})
    assert (second.written, second.unchanged, second.removed) == (
        ("c.html",), ("a.html",), ("b.html",))
    assert sorted(p.name for p in tmp_path.iterdir()) == [MANIFEST, "a.html", "c.html",
                                                          "own.html"]


@pytest.mark.parametrize("manifest", [
    "not json", json.dumps({"files": ["own.html"]}),  # not rochade's
    json.dumps({"rochade-site": 1, "files": ["../outside.html", "/etc/passwd", MANIFEST, 7]}),
])
def test_a_manifest_rochade_did_not_write_removes_nothing(tmp_path: Path, manifest: str
                                                          ) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "own.html").write_text("the club's", encoding="utf-8")
    (tmp_path / "outside.html").write_text("beside the site", encoding="utf-8")
    (site / MANIFEST).write_text(manifest, encoding="utf-8")
    assert write_site(site, {"a.html": b"A"}).removed == ()
    assert (site / "own.html").exists() and (tmp_path / "outside.html").exists()


@pytest.mark.parametrize("name", ["../x.html", "sub/x.html", "", "..", MANIFEST])
def test_a_page_name_outside_the_folder_is_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(ServiceError, match="is no file name of a site"):
        write_site(tmp_path / "site", {name: b"x"})
    assert not (tmp_path / "x.html").exists()


def test_a_site_goes_into_a_folder_not_made_yet(tmp_path: Path) -> None:
    folder = tmp_path / "club" / "site" / "winter"
    assert write_site(folder, {"index.html": b"i"}).written == ("index.html",)
    assert (folder / "index.html").read_bytes() == b"i"
