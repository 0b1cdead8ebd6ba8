"""Python's cyclic garbage collector paused while a page is read.

Reading a page allocates one object per text block, node and word feature, and none of
them is garbage until the page is done.  The collector does not know that: every 700
container allocations it scans the young objects, and every tenth and hundredth such
scan the older ones too, so on a page of 500,000 table cells it spends more time
re-scanning live blocks than the walk spends building them, and the time per megabyte
grows with the page (on a 10 MB table, parsing took 0.31 s/MB with the collector and
0.12 s/MB without; `benchmarks/scaling.py`).  So it is paused for the duration of one
stage (``gc.disable``, which the documentation of :mod:`gc` allows since the collector
only supplements reference counting; Mercurial's ``util.nogc`` does the same around its
parsers).  Nothing is leaked: reference counting frees acyclic garbage as usual, and a
cycle made meanwhile is collected by the first collection after the pause.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_collector() -> Iterator[None]:
    """Disable the cyclic collector inside the block, if it was enabled on entry.

    Re-entrant and safe across threads in the only sense that matters: whoever found it
    enabled enables it again, and a caller who had disabled it finds it disabled."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


__all__ = ["paused_collector"]
