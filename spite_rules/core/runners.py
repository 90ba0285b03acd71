"""Simulation games on Ray (the optional extra ``spite-rules[ray]``): see
:func:`spite_rules.simulation.run`.

``address`` is ``""`` for a new single-machine Ray instance (started here, shut down after), or
the address of a running cluster (``"auto"``, ``"ray://host:10001"``). Ray's old serial "local
mode" is gone (Ray 2.60 refuses ``local_mode=True``: "no longer supported"), so tests use the
single-machine instance. Each game is one Ray task; the results are gathered in game order, so
they are those of a single process.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

__all__ = ["run_on_ray"]


def run_on_ray(
    jobs: Sequence[Any],
    address: str,
    progress: Callable[[Iterable[Any]], Iterator[Any]],
    play: Callable[[Any], Any],
) -> tuple[list[Any], str]:
    """Run ``play`` (a module-level function: Ray imports it by name) on each of ``jobs`` as Ray
    tasks: the results in job order, and a description of where they ran."""
    try:
        import ray
    except ImportError as missing:  # pragma: no cover - depends on the environment
        raise RuntimeError('--ray needs Ray: pip install "spite-rules[ray]"') from missing
    started_here = not ray.is_initialized()
    if started_here:
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address:
            options["address"] = address
        ray.init(**options)
    try:
        task = ray.remote(play)
        pending = [task.remote(job) for job in jobs]
        results = list(progress(ray.get(ref) for ref in pending))
        return results, f"Ray ({address or 'local instance'})"
    finally:
        if started_here:
            ray.shutdown()
