"""Many pages at once: ``unboiler batch`` and :func:`extract_many`.

The parts, one module per concern: :mod:`.sources` (HTML files, globs, directories,
JSONL) and :mod:`.warc` (WARC files, with recovery after bad records) make
:class:`Page` records; :mod:`.extract` is the work on one page; :mod:`.workers` runs it
in processes with a per-page timeout; :mod:`.sinks` and :mod:`.parquet` write the
results; :mod:`.run` ties them together; :mod:`.dask` maps the same work over a Dask
cluster (``unboiler.dask``).
"""

from unboiler.batch.extract import Settings
from unboiler.batch.pages import Page, PageResult
from unboiler.batch.run import Summary, extract_many, run_batch
from unboiler.batch.sinks import read_records
from unboiler.batch.sources import read_pages
from unboiler.batch.warc import read_warc

__all__ = [
    "Page",
    "PageResult",
    "Settings",
    "Summary",
    "extract_many",
    "read_pages",
    "read_records",
    "read_warc",
    "run_batch",
]
