"""pytest-bdd's plugin, registered by the ``generala`` plugin in a run that collects
feature scenarios (and only then: a run of fixture cases alone never imports pytest-bdd).

It is imported with a stand-in for its code generator, :mod:`pytest_bdd.generation`:
the generator serves ``pytest --generate-missing`` only, which a suite run never
takes, and imports mako (and with it pygments' lexers: ~45 ms of every start). The
stand-in adds no option and leaves ``sys.modules`` afterwards, so the real generator
can still be imported. A plugin loaded already (autoloaded in a user's pytest run,
or given with ``-p``) is left as it is.
"""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest


def register(pluginmanager: pytest.PytestPluginManager) -> None:
    """Register pytest-bdd's plugin with ``pluginmanager`` unless it is registered already
    (its options, ini values, hooks and configuration are applied as it registers:
    pytest replays those historic hooks for a plugin registered while configuring)."""
    module = _plugin_module()
    if not pluginmanager.is_registered(module):
        pluginmanager.register(module, "pytest_bdd.plugin")


def _plugin_module() -> Any:
    """:mod:`pytest_bdd.plugin`, imported without its code generator unless it is imported already."""
    if "pytest_bdd.plugin" in sys.modules:
        return sys.modules["pytest_bdd.plugin"]
    import pytest_bdd

    name = "pytest_bdd.generation"
    stand_in = types.ModuleType(name, "pytest-bdd's code generator, left out of the kit's suite runs")
    stand_in.add_options = lambda parser: None  # type: ignore[attr-defined]
    stand_in.cmdline_main = lambda config: None  # type: ignore[attr-defined]
    sys.modules[name] = stand_in
    try:
        import pytest_bdd.plugin
    finally:
        del sys.modules[name]
        if getattr(pytest_bdd, "generation", None) is stand_in:
            del pytest_bdd.generation
    return pytest_bdd.plugin
