"""The version of unboiler, in a module of its own so that any module can read it
without importing the package's public API (which imports them)."""

__version__ = "0.1.0"
