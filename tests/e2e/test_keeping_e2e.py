"""The club file kept and the site published from the browser: a copy of the club file
downloaded from the backups page, and the tournament's site written into a folder from the
website page, on a real server with its rendering process."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from e2e_helpers import Server, log_in
from playwright.sync_api import expect

from rochade.service import ClubService


def test_a_backup_downloaded_and_the_site_published_to_a_folder(
    browser: Any, server: Server, tmp_path: Path, artifacts: Path
) -> None:
    svc = ClubService(server.path, "e2e")
    svc.create_tournament("Club championship", "classic")
    svc.import_players("Anna Aerts,2100\nBram Bos,2000\nCarla Claes,1900\nDaan Dekker,1800")
    context = browser.new_context(viewport={"width": 1024, "height": 800}, accept_downloads=True)
    page = context.new_page()
    log_in(page, server.url)

    # A copy of the club file, as `rochade backup` makes it
    page.get_by_role("link", name="Backups").click()
    expect(page).to_have_url(re.compile(r"/td/backups$"))
    with page.expect_download() as waited:
        page.get_by_role("link", name="Download a copy of the club file").click()
    copy = tmp_path / "copy.rochade"
    waited.value.save_as(copy)
    assert waited.value.suggested_filename.endswith(".rochade")
    assert ClubService(copy, "e2e").tournament_names() == ["Club championship"]
    assert len(ClubService(copy, "e2e").tournament().entrants) == 4

    # The site into a folder, as `rochade publish` writes it
    page.goto(server.url + "/td/t/1/")
    page.get_by_role("link", name="Club website").click()
    expect(page).to_have_url(re.compile(r"/td/t/1/website$"))
    site = tmp_path / "site"
    page.get_by_label("Folder").fill(str(site))
    page.get_by_role("button", name="Write the site").click()
    expect(page.locator(".flash.ok")).to_contain_text(f"The site is in {site}")
    expect(page.get_by_label("Folder")).to_have_value(str(site))
    page.screenshot(path=artifacts / "keeping-website.png", full_page=True)
    assert "Anna Aerts" in (site / "index.html").read_text(encoding="utf-8") + "".join(
        p.read_text(encoding="utf-8") for p in site.glob("*.html"))
    context.close()
