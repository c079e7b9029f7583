"""The single-file app's start: rochade and the packages it needs are in this file; the first
run of a build unpacks them into a cache folder (its templates, translations and stylesheets
are read as files, which a zip cannot give), later runs start from there.

Written for any Python 3.11+ on Linux, macOS and Windows: paths through pathlib, the cache in
the platform's usual place, the unpacking done in a fresh folder and renamed into place, so
that two first runs at once (or one cut off) never leave a half-unpacked build behind.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

PACKAGES = "lib/"
"""Where the build put the packages inside the file."""


def cache_root() -> Path:
    """%LOCALAPPDATA%\\rochade on Windows, ~/Library/Caches/rochade on macOS, else
    $XDG_CACHE_HOME/rochade (~/.cache/rochade)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "rochade"


def unpacked(archive: Path) -> Path:
    """The build's packages as a folder, unpacked on the first run of this build."""
    with zipfile.ZipFile(archive) as bundle:
        build = bundle.read("BUILD").decode("ascii").strip()
        target = cache_root() / "app" / build
        if (target / "rochade").is_dir():
            return target
        target.parent.mkdir(parents=True, exist_ok=True)
        fresh = Path(tempfile.mkdtemp(prefix=f".{build}-", dir=target.parent))
        try:
            for member in bundle.infolist():
                if member.filename.startswith(PACKAGES) and not member.is_dir():
                    bundle.extract(member, fresh)
            try:
                os.replace(fresh / PACKAGES, target)
            except OSError:  # another first run was quicker: its folder is as good
                if not (target / "rochade").is_dir():
                    raise
        finally:
            shutil.rmtree(fresh, ignore_errors=True)
    return target


def main() -> None:
    sys.path.insert(0, str(unpacked(Path(__file__).resolve().parent)))
    from rochade.cli import main as rochade

    rochade(prog_name="rochade")


if __name__ == "__main__":
    main()
