"""axe-core for the browser tests: the accessibility engine, taken from the npm
package ``axe-core`` at one pinned version (``npm pack`` into the user
cache of generala-kit, :mod:`tests.npm_cache`, the registry's integrity checked, fetched once), and injected
into a page as an inline script, so that a test loads nothing from elsewhere.

:func:`violations` runs it on a page for the rules of WCAG 2.0, 2.1 and 2.2 at
levels A and AA (contrast included) and returns what fails.
"""

from __future__ import annotations

import hashlib
import tarfile
import tempfile
from functools import cache
from pathlib import Path

from tests import npm_cache

VERSION = "4.14.1"
INTEGRITY = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
"""``npm view axe-core@VERSION dist.integrity``."""
SHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"
"""The SHA-256 of ``axe.min.js`` in that tarball (a copy in the cache is checked against it)."""
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")
"""The axe rules run: every rule of WCAG 2.x at level A or AA."""

_RUN = """async (tags) => {
  const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ") + ": " + n.failureSummary) }));
}"""


@cache
def script() -> str:
    """The text of ``axe.min.js`` at :data:`VERSION`, from the cache (fetched with npm when missing)."""
    root = npm_cache.cache_root()
    target = root / f"axe-core-{VERSION}" / "axe.min.js"
    with npm_cache.locked(root):
        if not target.is_file() or hashlib.sha256(target.read_bytes()).hexdigest() != SHA256:
            with tempfile.TemporaryDirectory(dir=root) as scratch:
                tarball = npm_cache.npm_pack(Path(scratch), "axe-core", VERSION, INTEGRITY)
                with tarfile.open(tarball, "r:gz") as archive:
                    member = archive.extractfile("package/axe.min.js")
                    assert member is not None, "axe-core's tarball has no axe.min.js"
                    text = member.read()
                target.parent.mkdir(parents=True, exist_ok=True)
                partial = target.with_name("axe.min.js.partial")
                partial.write_bytes(text)
                partial.replace(target)
    return target.read_text("utf-8")


def violations(page) -> list[dict]:
    """Every violation of a WCAG A or AA rule on ``page`` as it is now (rule, impact, first nodes)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=script())
    return page.evaluate(_RUN, list(TAGS))
