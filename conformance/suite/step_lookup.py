"""pytest-bdd's step lookup, made once per step in a run of the kit's own suite.

pytest-bdd finds the definition of every step of every scenario anew
(``pytest_bdd.scenario.get_step_function``): it asks pytest for the definitions of
every fixture name visible to the scenario, tries each step definition's parser on
the step, and registers what matches as a fixture of the scenario to request it; then
it reads the step function's signature twice. In a ``check`` that is a tenth of the
run, for 738 steps of which about 300 are different.

In a run of the kit's suite alone (``--generala-suite-only``: ``check``, ``profile``),
the step definitions a scenario of a suite module sees are those the module and the
run's plugins define, the same for every scenario of the module (pytest-bdd defines
steps as fixtures of the module they are written in, as it is imported). So the first
lookup of a step — its type and text — in such a module is pytest-bdd's own, and its
result (the step definition, or none: pytest-bdd then fails the step as ever) serves
the module's other scenarios; its step function is given its signature
(``__signature__``, which :func:`inspect.signature` returns as it is). Everything
else is pytest-bdd's: the scenario, the parsing of the step's arguments, the hooks,
the fixtures, the call.

:func:`serve` puts :data:`LOOKUP` in place of ``get_step_function`` in
:mod:`pytest_bdd.scenario` (whose ``_execute_scenario`` calls it by that name) and
registers a module; for a scenario of any other module the lookup is pytest-bdd's
own. tests/test_step_lookup.py guards what this relies on: pytest-bdd looks steps
up by that name with these arguments, and every step of a ``check`` resolves to
the definition pytest-bdd finds itself.
"""

from __future__ import annotations

import importlib
import inspect
import weakref
from collections.abc import Callable
from typing import Any

Lookup = Callable[[Any, Any], Any]
"""``get_step_function(request, step)``: the step's :class:`pytest_bdd.steps.StepFunctionContext`, or ``None``."""


class StepLookup:
    """A lookup of steps answering, for the scenarios of the modules it serves,
    each step from the first lookup of its type and text in the scenario's module
    (made by ``original``); any other scenario's steps are looked up by ``original``."""

    def __init__(self, original: Lookup) -> None:
        self.original = original
        self.modules: weakref.WeakKeyDictionary[Any, dict[tuple[str, str], Any]] = weakref.WeakKeyDictionary()

    def serve(self, module: Any) -> None:
        """Answer the steps of the scenarios whose parent is ``module`` (a collector) once per step."""
        self.modules.setdefault(module, {})

    def __call__(self, request: Any, step: Any) -> Any:
        found = self.modules.get(getattr(request.node, "parent", None))
        if found is None:
            return self.original(request, step)
        key = (step.type, step.name)
        if key not in found:
            context = self.original(request, step)
            function = getattr(context, "step_func", None)
            if inspect.isfunction(function) and "__signature__" not in vars(function):
                function.__signature__ = inspect.signature(function)  # type: ignore[attr-defined]
            found[key] = context
        return found[key]


LOOKUP: StepLookup | None = None
"""The lookup put in place by :func:`serve` (``None`` until then)."""


def serve(module: Any) -> None:
    """Look the steps of ``module``'s scenarios up once per step (:class:`StepLookup`),
    putting the lookup in place in :mod:`pytest_bdd.scenario` if it is not yet."""
    global LOOKUP
    scenario = importlib.import_module("pytest_bdd.scenario")  # the module (the package's ``scenario`` is a function)
    if LOOKUP is None:
        LOOKUP = StepLookup(scenario.get_step_function)
    if scenario.get_step_function is not LOOKUP:
        LOOKUP.original = scenario.get_step_function
        scenario.get_step_function = LOOKUP
    LOOKUP.serve(module)
