"""Text in the page's navigation is no content, whatever the model made of it.

A ``<nav>`` element, or an element whose ARIA role is ``navigation``, ``menu`` or
``menubar`` (WAI-ARIA 1.2: the navigation landmark, and the menu widgets), says that
what it holds is the page's navigation: menus, breadcrumbs, a wiki's navigation boxes
of related articles.  The model reads that (its ``any_nav`` feature) among many others,
and on some pages its other features win: a Wikipedia navigation box is a table of
short linked names below the article, in the article's element, and a newcomer's
Turkish article ended with two of them, their "g t d" links included.  A kept block
inside such an element is left out (:func:`drop_navigation`), unless the page's
navigation holds at least :data:`NAV_MAX_SHARE` of the kept words: then the page is its
navigation (a sitemap, a site's index), or the page misuses the role for its content,
and the model is trusted.

Measured on the default extractor's held-out run (three members, five folds by domain
or site; ``benchmarks/default_cv.py --combine`` with this code's rules): WCXB 0.885943 to
0.886106 (42 of the 49 pages that change are better; collection 0.7027 to 0.7044,
documentation 0.9428 to 0.9432, service 0.8705 to 0.8710, listing 0.7595 to 0.7585: a
scholar's profile page writes its citation figures in an element of role
``navigation``, which its gold keeps), readability 0.96679 to 0.96687, scrapinghub
unchanged.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

#: The share of the kept words that the navigation's kept blocks must stay under for
#: them to be left out (not fitted: a page that is mostly its navigation is left as
#: the model decided it).
NAV_MAX_SHARE: Final = 0.5


def drop_navigation(
    keep: npt.NDArray[np.bool_], words: npt.NDArray[np.float64], navigation: npt.NDArray[np.bool_]
) -> npt.NDArray[np.bool_]:
    """``keep`` without the blocks in the page's ``navigation`` (each block's flag),
    unless those hold :data:`NAV_MAX_SHARE` of the kept words or more."""
    kept_navigation = keep & navigation
    if not kept_navigation.any():
        return keep
    if words[kept_navigation].sum() >= NAV_MAX_SHARE * words[keep].sum():
        return keep
    return keep & ~navigation


__all__ = ["NAV_MAX_SHARE", "drop_navigation"]
