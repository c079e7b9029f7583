"""Issue 15.1 in a real browser: a Keizer start order typed on the settings page, shown in the
standings before round 1; then by lot from the same page, its seed in the log."""

from __future__ import annotations

import re
from typing import Any

from e2e_helpers import PIN, Server
from playwright.sync_api import expect

from rochade.service import ClubService


def test_start_order_by_hand_then_by_lot(browser: Any, server: Server) -> None:
    svc = ClubService(server.path)
    svc.create_tournament("Thursday")
    for name, rating in (("Ada", 2100), ("Bram", 2000), ("Cor", 1900), ("Dani", 1800)):
        svc.add_player(name, rating)
    page = browser.new_context(viewport={"width": 1024, "height": 800}).new_page()
    page.goto(server.url + "/td/t/1/settings")
    expect(page.get_by_label("PIN or password")).to_be_focused()  # typed keys land there
    page.keyboard.type(PIN)
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/td/t/1/settings$"))
    page.locator("#start-order-list").fill("Dani\nCor\n")
    page.get_by_role("button", name="Save start order").click()
    expect(page.locator(".flash.ok")).to_have_text("Start order saved.")
    page.goto(server.url + "/t/1/")
    ranked = page.locator("table tbody tr td:nth-child(2)").all_inner_texts()
    assert [n.strip() for n in ranked][:4] == ["Dani", "Cor", "Ada", "Bram"]
    page.goto(server.url + "/td/t/1/settings")
    page.locator('input[name="start_order"]').fill("random")
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator(".flash.ok").first).to_have_text("Settings saved.")
    log = svc.log()[-1].description
    assert re.search(r"start_order manual -> random \(seed \d+\)", log), log
