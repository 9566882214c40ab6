"""The exit codes of ``generala-kit`` commands that check an implementation.

- ``0`` (:data:`OK`): nothing unexpected;
- ``1`` (:data:`DIVERGED`): the implementation diverged from the rules — a case
  failed, errored, timed out or passed while expected to fail, no case passed, a
  skip under ``--no-skip``; ``fuzz`` found a divergence, ``perft`` a count differs;
- ``2`` (:data:`CANNOT_RUN`): the kit could not run, so nothing was judged — bad
  options, a file that cannot be used (cases, expectations, a report), no case
  matched the filters, the implementation could not be started or never completed
  its handshake.

A command stopped by SIGINT or SIGTERM exits with 128 + the signal's number (130,
143: :mod:`generala_conformance.transport.signals`), as a shell reports it.
"""

from __future__ import annotations

from typing import Any

OK = 0
DIVERGED = 1
CANNOT_RUN = 2
EPILOG = (
    "exit status: 0 nothing unexpected; 1 the implementation diverged (a case failed, errored, "
    "timed out or passed while expected to fail, or none passed); 2 the kit could not run "
    "(bad options or files, no case matched, the implementation never completed its handshake)"
)


def of_report(document: dict[str, Any] | None) -> int:
    """The exit code of a run from its JSON report document (``None``: the run never
    got as far as a report, e.g. a usage error)."""
    if document is None or document["error"] is not None or document["aborted"] is not None:
        return CANNOT_RUN
    return OK if document["ok"] else DIVERGED
