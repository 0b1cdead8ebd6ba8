"""Evaluation behind ``unboiler eval``: running systems (ours and the peers), scoring,
cross-validation, reports and the quality gate.  The datasets and metrics it scores with
live below it and below the trained extractors, in :mod:`unboiler.datasets` and
:mod:`unboiler.metrics`.
"""
