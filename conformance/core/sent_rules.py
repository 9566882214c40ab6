"""The rule options the kit sends an implementation to start a case's games with.

A case names in ``requires`` (fixtures, perft table) or ``@option:`` tags
(features) exactly the options its expectations depend on; it holds under every
reading of every other option (``scenarios/README.md``, checked against every
profile by the kit's own tests). So:

- a required option is sent with the case's value, and the case is skipped
  when the implementation's ``hello`` does not list that value;
- every other option the implementation lists is sent with a value it lists:
  the profile's (``--profile``, else ``default``) when listed, else the option's
  default when listed, else the first value it lists — it cannot change the
  case's verdict, and an implementation that lacks a value is never sent it;
- an option the implementation does not list is not sent (unless required).

With ``withhold`` (``generala-kit profile``) the required options are left out,
so that the implementation plays its own reading of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from generala_spec.folders import CARDS
from generala_spec.options import options, resolve


class Lacking(Exception):
    """The implementation does not list a value the case depends on; ``reason`` is
    the skip reason (``option value not supported: NAME=VALUE``)."""

    def __init__(self, missing: Mapping[str, str]) -> None:
        self.reason = "option value not supported: " + ", ".join(f"{k}={v}" for k, v in sorted(missing.items()))
        super().__init__(self.reason)


def rules_to_send(
    requires: Mapping[str, str],
    listed: Mapping[str, Sequence[str]],
    profile: str | None = None,
    *,
    withhold: bool = False,
    spec: str = CARDS,
) -> dict[str, str]:
    """The ``rules`` of a case's ``start`` (see the module's docstring), the options
    those of the rulebook ``spec`` (``cards``, ``dice``); raises :class:`Lacking`
    when the implementation lacks a required value (not under ``withhold``)."""
    missing = {k: v for k, v in requires.items() if v not in listed.get(k, ())}
    if missing and not withhold:
        raise Lacking(missing)
    preferred = resolve(profile or "default", spec=spec)
    sent: dict[str, str] = {}
    for name, option in options(spec).items():
        values = list(listed.get(name) or ())
        if name in requires:
            if not withhold:
                sent[name] = requires[name]
        elif values:
            sent[name] = next(v for v in (preferred[name], option.default, values[0]) if v in values)
    return sent
