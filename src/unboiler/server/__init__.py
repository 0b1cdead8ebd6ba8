"""The HTTP service and the visual page (``unboiler serve``; ``pip install
'unboiler[server]'``): :func:`create_app` builds the ASGI app, :class:`Limits` its body
and time limits and its worker pool."""

from unboiler.server.app import create_app
from unboiler.server.limits import Limits

__all__ = ["Limits", "create_app"]
