"""`rochade` without a command: where it keeps the club file used last, and what it serves."""

from __future__ import annotations

import socket
import sys
import webbrowser
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rochade.cli import launch as launching
from rochade.cli import main
from rochade.cli.launch import config_file, last_club, remember
from rochade.cli.serve import browse_when_up
from rochade.service import ClubService
from rochade.web.start import Launcher


@pytest.fixture(autouse=True)
def settings_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path / "config"


def test_the_settings_file_is_where_each_platform_keeps_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert config_file() == tmp_path / "config" / "rochade" / "settings.json"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert config_file() == tmp_path / ".config" / "rochade" / "settings.json"
    monkeypatch.setattr(sys, "platform", "darwin")
    assert config_file() == tmp_path / "Library" / "Application Support" / "rochade" / (
        "settings.json")
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    assert config_file() == tmp_path / "Roaming" / "rochade" / "settings.json"


def test_the_club_file_used_last_is_remembered(tmp_path: Path, settings_home: Path) -> None:
    assert last_club() is None
    remember(tmp_path / "club.rochade")
    assert last_club() == tmp_path / "club.rochade"
    assert not list(settings_home.glob("rochade/*.tmp"))


@pytest.mark.parametrize("content", ["", "not json", "[1, 2]", '{"last_club": 3}'])
def test_a_settings_file_rochade_cannot_read_counts_as_empty(content: str) -> None:
    config_file().parent.mkdir(parents=True)
    config_file().write_text(content, encoding="utf-8")
    assert last_club() is None


def test_a_settings_folder_that_cannot_be_written_is_said(
    tmp_path: Path, settings_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings_home.write_text("a file where the folder should be", encoding="utf-8")
    remember(tmp_path / "club.rochade")
    assert "Could not remember" in capsys.readouterr().out


class Served:
    """What `launch` would serve, instead of serving it."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, str, str | None]] = []

    def __call__(self, app: Any, host: str, port: int, proxies: tuple[str, ...] = (),
                 browse: str | None = None) -> None:
        self.calls.append((app, host, browse))


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> Served:
    served = Served()
    monkeypatch.setattr(launching, "run_app", served)
    return served


def test_without_a_club_file_rochade_serves_the_start_page(
    served: Served, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["--port", "8123"])
    assert result.exit_code == 0, result.output
    [(app, host, browse)] = served.calls
    assert isinstance(app, Launcher) and app.folder == tmp_path
    assert (host, browse) == ("127.0.0.1", "http://127.0.0.1:8123/")
    assert "rochade's start page: http://127.0.0.1:8123/" in result.output


def test_the_club_file_used_last_is_served_again(served: Served, tmp_path: Path) -> None:
    path = tmp_path / "club.rochade"
    ClubService.init(path, "test")
    remember(path)
    result = CliRunner().invoke(main, ["--no-browser"], env={"ROCHADE_PIN": None})
    assert result.exit_code == 0, result.output
    [(app, host, browse)] = served.calls
    assert not isinstance(app, Launcher) and (host, browse) == ("127.0.0.1", None)
    assert f"rochade serves {path} at http://127.0.0.1:8000/" in result.output
    assert "over the club Wi-Fi: rochade --host 0.0.0.0" in result.output


def test_the_club_file_used_last_can_be_shared_on_the_club_network(
    served: Served, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("rochade.cli.serve.lan_address", lambda: "192.168.1.20")
    path = tmp_path / "club.rochade"
    ClubService.init(path, "test")
    remember(path)
    result = CliRunner().invoke(main, ["--host", "0.0.0.0", "--port", "8124"])
    [(_app, host, browse)] = served.calls
    assert (host, browse) == ("0.0.0.0", "http://127.0.0.1:8124/td/")
    assert "Players open http://192.168.1.20:8124/ (or scan):" in result.output


def test_a_club_file_used_last_that_is_gone_is_said(
    served: Served, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    remember(tmp_path / "moved.rochade")
    monkeypatch.setenv("ROCHADE_NO_BROWSER", "1")
    result = CliRunner().invoke(main, [])
    assert f"{tmp_path / 'moved.rochade'}, the club file used last, is no longer there" in (
        result.output)
    [(app, _host, browse)] = served.calls
    assert isinstance(app, Launcher) and app.last == tmp_path / "moved.rochade"
    assert app.problem is None
    assert browse is None


def test_the_browser_opens_once_the_server_answers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    opened: list[str] = []
    monkeypatch.setattr(webbrowser, "open", lambda url: opened.append(url) or True)
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        browse_when_up(f"http://127.0.0.1:{port}/", "0.0.0.0", port)
    assert opened == [f"http://127.0.0.1:{port}/"]
    assert f"Opened http://127.0.0.1:{port}/ in the browser." in capsys.readouterr().out


def test_without_a_browser_the_address_is_said(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(webbrowser, "open", lambda url: False)
    monkeypatch.setattr("rochade.cli.serve.BROWSER_WAIT_SECONDS", 0.2)
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]  # nothing listens there
    browse_when_up(f"http://127.0.0.1:{port}/td/", "127.0.0.1", port)
    assert f"No browser could be opened here: open http://127.0.0.1:{port}/td/ yourself." in (
        capsys.readouterr().out)


def test_a_club_file_used_last_that_cannot_be_served_leads_to_the_start_page(
    served: Served, tmp_path: Path
) -> None:
    """A TD without a terminal can still open or create another file (the last one may be
    on a stick that went read-only, or made by a newer rochade)."""
    foreign = tmp_path / "notes.rochade"
    foreign.write_text("not a club file", encoding="utf-8")
    remember(foreign)
    result = CliRunner().invoke(main, ["--no-browser"])
    assert result.exit_code == 0, result.output
    assert f"{foreign}, the club file used last, cannot be opened: " in result.output
    [(app, _host, _browse)] = served.calls
    assert isinstance(app, Launcher) and app.last == foreign and app.problem is not None
    assert foreign.read_text(encoding="utf-8") == "not a club file"
