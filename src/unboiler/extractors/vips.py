"""The extractor that looks at the rendered page: VIPS segmentation in a real browser, and
the main block chosen by visual cues (the ``visual`` extra)."""

from __future__ import annotations

from unboiler.errors import ExtractorOptionError
from unboiler.extractors.registry import register
from unboiler.filters import Filter


@register("vips", extra="visual")
def vips(
    pdoc: int = 8,
    time_limit: float = 10.0,
    width: int = 1366,
    height: int = 768,
    javascript: bool = False,
) -> Filter:
    """VIPS (Cai, Yu, Wen and Ma, "VIPS: a Vision-based Page Segmentation Algorithm",
    Microsoft Research MSR-TR-2003-79, 2003): the page rendered by Chromium, segmented
    into visual blocks, and the main block chosen by position, font size and text.

    Needs the ``visual`` extra (Playwright and Debian's ``/usr/bin/chromium``); raises
    :class:`~unboiler.errors.BrowserUnavailableError` when it is missing.  Each page
    starts and stops a browser (about a second); ``time_limit`` (seconds) bounds a page,
    then :class:`~unboiler.errors.ExtractionError`.  ``pdoc`` is the permitted degree of
    coherence (1 to 10: higher, finer blocks); ``width`` and ``height`` the viewport;
    ``javascript`` runs the page's scripts (off by default: the page is rendered as
    served).
    """
    from unboiler.visual.render import visual_available

    visual_available()
    from unboiler.visual.main_content import Vips
    from unboiler.visual.vips import MAX_DOC

    if not 1 <= pdoc <= MAX_DOC:
        raise ExtractorOptionError(f"pdoc is 1 to {MAX_DOC}, not {pdoc}")
    if time_limit <= 0 or width <= 0 or height <= 0:
        raise ExtractorOptionError("time_limit, width and height must be positive")
    return Vips(pdoc=pdoc, time_limit=time_limit, width=width, height=height, javascript=javascript)
