"""The Content-Security-Policy in a real browser: the pages run under it (htmx polls, the
result keys work: the other browser tests, each checked for CSP reports), and what it
forbids is reported to the console, where the watch of conftest.py sees it."""

from __future__ import annotations

from typing import Any

from e2e_helpers import Server

from rochade.service import ClubService


def test_an_injected_inline_script_and_style_are_blocked_and_seen(
    browser: Any, server: Server
) -> None:
    svc = ClubService(server.path)
    svc.create_tournament("CSP")
    svc.import_players("Anna,1800\nBart,1700")
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.url + "/t/1/")
    page.wait_for_function("window.htmx !== undefined")  # htmx.min.js and app.js loaded
    assert page.evaluate("document.querySelector('style') === null")  # htmx added none
    page.evaluate(
        """() => {
        const script = document.createElement('script');
        script.textContent = 'window.injected = true';
        document.body.appendChild(script);
        document.body.insertAdjacentHTML('beforeend', '<p style="color: red">x</p>');
    }"""
    )
    page.wait_for_timeout(200)
    assert page.evaluate("window.injected === undefined")
    seen = list(browser.violations)
    browser.violations.clear()  # expected here; any other test fails on one
    context.close()
    assert any("script" in text for text in seen), seen
    assert any("style" in text for text in seen), seen
