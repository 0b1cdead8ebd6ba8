"""unboiler on a Dask cluster: :func:`extract_warcs` and :func:`extract_bag` (extra
``[dask]``).  They live in :mod:`unboiler.batch.dask`; this module is their public home."""

from unboiler.batch.dask import extract_bag, extract_warcs

__all__ = ["extract_bag", "extract_warcs"]
