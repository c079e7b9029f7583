"""Where a change's renderings spend their time: the public pages of `web_load.py --mix all`,
rendered anew after each result, one after another in this process (no server, no phones).

    .venv/bin/python benchmarks/web_profile.py [--players 300] [--system swiss] [--results 10]
        [--profile 25]

After each result (entered through the service, as the TD's post does) every page of the mix
is asked for once, in the mix's order, through the app (ASGI, no sockets), so the first page
of a version also computes the facts the others share. The worker threads are left out
(`off_loop` runs the handler on this thread) so that cProfile sees everything. Prints the
milliseconds per page family (the first page of each version apart) and the functions that
cost most (`--profile N` lines, by their own time and by cumulative time). The milliseconds
are the pages' CPU only without `--profile`: cProfile makes every function call slower, and
the pages make many.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from web_load import make_club, phone_pages

from rochade.service import ClubService
from rochade.web import base
from rochade.web.app import create_app


async def inline(handler: Callable[..., Any], *args: Any) -> Any:
    """`off_loop` without the worker thread, so that the profile sees the rendering."""
    return handler(*args)


async def get(app: Any, target: str) -> int:
    """One GET through the ASGI app; its status."""
    path, _, query = target.partition("?")
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
             "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": query.encode(), "root_path": "",
             "headers": [(b"host", b"127.0.0.1"), (b"cookie", b"lang=en")],
             "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}
    status = 0

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    await app(scope, receive, send)
    return status


def family(page: str) -> str:
    return page.split("/")[3].split("?")[0].rstrip("0123456789") or "standings"


async def run(path: Path, pages: list[str], results: int, boards: int,
              profile: cProfile.Profile | None) -> dict[str, list[float]]:
    app = create_app(path)
    for page in pages:  # the templates and the first version
        assert await get(app, page) == 200, page
    svc = ClubService(path, "profile")
    times: dict[str, list[float]] = defaultdict(list)
    for k in range(results):
        svc.enter_result(1, k % boards + 1, ("1-0", "0-1", "1/2")[k // boards % 3])
        for i, page in enumerate(pages):
            if profile:
                profile.enable()
            start = time.thread_time()
            status = await get(app, page)
            elapsed = time.thread_time() - start
            if profile:
                profile.disable()
            assert status == 200, page
            times["(first of a version) " + family(page) if i == 0 else family(page)].append(
                elapsed * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--system", choices=("keizer", "swiss"), default="swiss")
    parser.add_argument("--readers", type=int, default=200, help="phones of the mix")
    parser.add_argument("--results", type=int, default=10)
    parser.add_argument("--profile", type=int, default=0,
                        help="lines of the profile (0: none; under cProfile every page takes "
                             "~2.5 times as long, so its times are not the pages' CPU)")
    args = parser.parse_args()
    pages = list(dict.fromkeys(p for p, _ in phone_pages("all", args.readers, args.players,
                                                        args.system)))
    base.off_loop = inline
    profile = cProfile.Profile() if args.profile else None
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "load.rochade"
        make_club(path, args.players, args.system)
        times = asyncio.run(run(path, pages, args.results, args.players // 2, profile))
    print(f"{args.players} players ({args.system}), {len(pages)} pages, {args.results} results;"
          " ms per page (median, max, count):")
    total = 0.0
    for name, ms in sorted(times.items(), key=lambda item: -sum(item[1])):
        total += sum(ms)
        print(f"  {name:40} {statistics.median(ms):7.2f} {max(ms):7.2f} {len(ms):4}")
    print(f"all pages of a version: {total / args.results:.1f} ms")
    if profile:
        stats = pstats.Stats(profile, stream=sys.stdout)
        stats.sort_stats("tottime").print_stats(args.profile)
        stats.sort_stats("cumulative").print_stats(args.profile)


if __name__ == "__main__":
    main()
