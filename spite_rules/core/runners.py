"""Games spread over processes or a Ray cluster, for every game: :func:`map_games`, what every
simulation of the library and its benchmarks use.

Layer: core — knows no game: may import only the cards and the errors.

Ray is the optional extra ``spite-rules[ray]``. ``address`` is ``""`` for a new single-machine Ray
instance (started here, shut down after; tests use it, Ray having dropped its serial local mode:
docs/research.md), or the address of a running cluster (``"auto"``, ``"ray://host:10001"``).
Each game is one Ray task.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

__all__ = ["map_games", "run_on_ray"]


def map_games(
    play: Callable[[Any], Any],
    jobs: Sequence[Any],
    *,
    workers: int = 1,
    ray: str | None = None,
    progress: bool = False,
) -> tuple[list[Any], str]:
    """``play`` applied to each of ``jobs`` (games, or any independent unit of work): in this
    process, over ``workers`` spawned processes, or as Ray tasks (``ray``: ``""`` for a new
    instance on this machine, else a cluster's address). The results come back in job order,
    identical whichever way they ran, with a description of the runner. ``play`` must be a
    module-level function (spawned processes and Ray import it by name).

    >>> map_games(abs, [-1, 2, -3])
    ([1, 2, 3], '1 process')
    """
    if ray is not None:
        return run_on_ray(jobs, ray, lambda found: _progress(found, len(jobs), progress), play=play)
    if workers > 1 and len(jobs) > 1:
        with multiprocessing.get_context("spawn").Pool(min(workers, len(jobs))) as pool:
            return list(_progress(pool.imap(play, jobs), len(jobs), progress)), f"{workers} processes"
    return list(_progress(map(play, jobs), len(jobs), progress)), "1 process"


def _progress(results: Iterable[Any], total: int, show: bool) -> Iterator[Any]:
    """``results`` as they come, with a tqdm progress bar on standard error if it is a terminal."""
    if not show:
        yield from results
        return
    from tqdm import tqdm

    # disable=None: tqdm shows the bar on a terminal only (never in logs, pipes or CI).
    yield from tqdm(results, total=total, unit="game", disable=None, leave=False)


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
