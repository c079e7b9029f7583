"""What a TD installs: the wheel and the single-file app (`make dist`), run by a Python that
has none of the project's packages (no virtualenv, no site-packages: `-I -S`)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def pyz(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir",
                    str(out), str(ROOT)], check=True, capture_output=True)
    (wheel,) = out.glob("rochade-*.whl")
    subprocess.run([sys.executable, str(ROOT / "packaging" / "build_pyz.py"), "--wheel",
                    str(wheel), "--out", str(out)], check=True, capture_output=True)
    return out / "rochade.pyz"


def bare(pyz: Path, home: Path, *args: str) -> list[str]:
    """The command line of the app under the plain interpreter, its cache in `home`."""
    python = getattr(sys, "_base_executable", sys.executable)
    return [python, "-I", "-S", str(pyz), *args]


def env(home: Path) -> dict[str, str]:
    return {"HOME": str(home), "XDG_CACHE_HOME": str(home / "cache"),
            "LOCALAPPDATA": str(home / "cache"), "PATH": "/usr/bin:/bin"}


def test_the_single_file_app_runs_a_season_and_serves_it(pyz: Path, tmp_path: Path) -> None:
    run = {"cwd": tmp_path, "env": env(tmp_path), "capture_output": True, "text": True,
           "timeout": 300}
    version = subprocess.run(bare(pyz, tmp_path, "--version"), **run)  # type: ignore[call-overload]
    assert version.returncode == 0 and version.stdout.startswith("rochade, version ")
    demo = subprocess.run(bare(pyz, tmp_path, "demo", "--no-serve"), **run)  # type: ignore[call-overload]
    assert demo.returncode == 0, demo.stderr
    assert (tmp_path / "demo.rochade").is_file()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(bare(pyz, tmp_path, "serve", "demo.rochade", "--port", str(port)),
                              cwd=tmp_path, env=env(tmp_path), stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    try:
        page = ""
        deadline = time.monotonic() + 60
        while not page and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/t/1/", timeout=5) as answer:
                    page = answer.read().decode("utf-8")
            except OSError:
                assert server.poll() is None, server.stdout.read() if server.stdout else ""
                time.sleep(0.2)
        assert "<title>Standings · Club championship" in page
    finally:
        server.terminate()
        server.wait(10)
