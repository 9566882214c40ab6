"""What a case requires of an implementation, derived by playing it on the reference
(issue 44, "no check lost to a requirement it does not need"): a case requires an
option's value only when another value of that option changes what it expects.
A game's generator (``generala-kit regenerate``) passes how to tell it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from generala_spec.options import options, resolve


def derive_requires(
    spec: str,
    written: Mapping[str, str],
    holds: Callable[[dict[str, str]], bool],
    kept: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """The option values a case requires, sorted by option: of the rules it is written
    under (``written`` over the defaults of the rulebook ``spec``), each option whose
    other values, one at a time and the others as written, make ``holds`` false (the
    case expects something else there). The options of ``kept`` are required as given,
    untried."""
    kept = dict(kept or {})
    rules = resolve("default", {**written, **kept}, spec=spec)
    required = dict(kept)
    for name, option in options(spec).items():
        if name in kept:
            continue
        if any(not holds({**rules, name: value}) for value in option.values if value != rules[name]):
            required[name] = rules[name]
    return dict(sorted(required.items()))
