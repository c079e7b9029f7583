"""Build dist/rochade.pyz: rochade and its run-time packages in one file for any Python 3.11+.

    .venv/bin/python packaging/build_pyz.py [--wheel dist/rochade-X-py3-none-any.whl] [--out DIR]

The packages are installed from the wheel with pip (the package index pip is set up for), then
every compiled module is left out: the app must run on Linux, macOS and Windows alike, and the
packages it needs run without theirs (uvicorn uses h11 without httptools, MarkupSafe its
Python code without its speedups). The file is a stdlib `zipapp` whose start
(`packaging/pyz_main.py`) unpacks it once per build.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
import tempfile
import zipapp
from pathlib import Path

HERE = Path(__file__).resolve().parent
COMPILED = ("*.so", "*.pyd", "*.dylib")
LEFT_OUT = ("httptools",)  # optional speed-ups only: the pure-Python path stands in


def build(wheel: Path, out: Path) -> Path:
    with tempfile.TemporaryDirectory() as work:
        root = Path(work) / "app"
        lib = root / "lib"
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-compile",
                        "--target", str(lib), str(wheel)], check=True)
        for name in LEFT_OUT:
            for path in lib.glob(f"{name}*"):
                shutil.rmtree(path) if path.is_dir() else path.unlink()
        for pattern in COMPILED:
            for path in lib.rglob(pattern):
                path.unlink()
        shutil.rmtree(lib / "bin", ignore_errors=True)
        digest = hashlib.sha256()
        for path in sorted(p for p in lib.rglob("*") if p.is_file()):
            digest.update(path.relative_to(lib).as_posix().encode() + b"\0" + path.read_bytes())
        (root / "BUILD").write_text(digest.hexdigest()[:16] + "\n", encoding="ascii")
        shutil.copy(HERE / "pyz_main.py", root / "__main__.py")
        out.mkdir(parents=True, exist_ok=True)
        target = out / "rochade.pyz"
        zipapp.create_archive(root, target, interpreter="/usr/bin/env python3", compressed=True)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", type=Path,
                        help="the rochade wheel (default: the newest in dist/)")
    parser.add_argument("--out", type=Path, default=Path("dist"))
    args = parser.parse_args()
    wheel = args.wheel or max(Path("dist").glob("rochade-*.whl"), key=lambda p: p.stat().st_mtime)
    print(f"Wrote {build(wheel, args.out)}")


if __name__ == "__main__":
    main()
