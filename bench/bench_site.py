"""Benchmark of ``generala-kit site``: the wall time of a whole build (a fresh process,
as a user runs it) and of its parts in-process (the fixture scan for the citing
scenarios, the search index with its folding tables), and the site's size: in
total, per kind of file, the largest pages, and what a first visit of the rulebook's
contents page loads.

Run from the worktree: ``python bench/bench_site.py [--runs N]`` (default 3).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generala_conformance.site import rulebook_pages, search_index

from tests import site_links


def build_seconds(out: Path) -> float:
    """Wall seconds of ``generala-kit site --out OUT`` in a new process."""
    began = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generala_conformance.cli", "site", "--out", str(out)], check=True,
                   stdout=subprocess.DEVNULL)  # fmt: skip
    return time.perf_counter() - began


def timed(function) -> float:
    began = time.perf_counter()
    function()
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        runs = [build_seconds(out) for _ in range(args.runs)]
        print(f"generala-kit site: median {statistics.median(runs):.2f} s, min {min(runs):.2f} s over {len(runs)} runs")
        print(f"  in-process: citing scenarios {timed(lambda: rulebook_pages.citations('cards')):.2f} s, "
              f"search index {timed(search_index.index):.2f} s")  # fmt: skip
        files = [p for p in out.rglob("*") if p.is_file()]
        total = sum(p.stat().st_size for p in files)
        print(f"site: {len(files)} files, {total / 1024:.0f} KiB")
        kinds = Counter()
        for p in files:
            kinds[p.suffix or p.name] += p.stat().st_size
        print("  by kind: " + ", ".join(f"{kind} {size / 1024:.0f} KiB" for kind, size in kinds.most_common()))
        largest = sorted(files, key=lambda p: -p.stat().st_size)[:5]
        print("  largest: " + ", ".join(f"{p.relative_to(out)} {p.stat().st_size / 1024:.0f} KiB" for p in largest))
        page = out / "rules" / "index.html"
        loaded = [page] + [
            (page.parent / link).resolve()
            for link in site_links.read(page).links
            if link.endswith((".css", ".js", ".svg")) and "://" not in link
        ]
        print(f"  first visit of rules/index.html loads {sum(p.stat().st_size for p in loaded) / 1024:.0f} KiB "
              f"({len(loaded)} files)")  # fmt: skip


if __name__ == "__main__":
    main()
