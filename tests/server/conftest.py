"""The service's tests need the `[server]` extra (in the `test` extra too); without it
they skip, saying so."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the server tests need: pip install 'unboiler[server]'")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx (the `test` extra)")
