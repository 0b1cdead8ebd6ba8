"""Evaluation: metrics, datasets, peers and reports behind ``unboiler eval``."""
