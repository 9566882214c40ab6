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
) -> dict[str, str]:
    """The option values a case requires, sorted by option. Its rules are ``written``
    over the defaults of the rulebook ``spec``; it requires each option one of whose
    other values (one at a time, the others as written) makes ``holds`` false: the
    case expects something else there. A value ``written`` names that nothing depends
    on is dropped, unless a required value is told apart from another only with it
    (under that other value the case fails, and with this option changed too it holds)."""
    rules = resolve("default", dict(written), spec=spec)
    others = {name: [v for v in option.values if v != rules[name]] for name, option in options(spec).items()}
    required = {name: rules[name] for name in others if any(not holds({**rules, name: v}) for v in others[name])}
    told = [(name, v) for name in required for v in others[name]]  # what the case tells its values from
    for name in sorted(set(written) - set(required)):
        if any(not holds({**rules, o: w}) and holds({**rules, o: w, name: v}) for o, w in told for v in others[name]):
            required[name] = rules[name]  # without it, a required value is no more told apart
    return dict(sorted(required.items()))
