"""Tabbed panels: each panel's label written before its content, the row of labels
once (:func:`tab_labels`).

A documentation page shows one example per language or platform in tabs: a row of labels
("curl", "Python", "Node.js"), then the panels, one shown at a time.  Read in page order,
the labels come out as a line (or a list) of their own above the panels, and a reader of
the text no longer knows which example is which.  Written before each panel, as a reader
of the page sees the label above the panel it opens, they say it again.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

#: Tabs marked up by their ARIA roles (WAI-ARIA 1.2, §5.4: ``tablist``, ``tab``,
#: ``tabpanel``), and by the class names of Python-Markdown's tabbed extension
#: (pymdownx.tabbed, which MkDocs' Material theme uses): ``tabbed-labels`` holding a
#: ``<label>`` per tab, ``tabbed-block`` per panel, in the same order, under one
#: ``tabbed-set``.
TAB_LIST_SELECTOR: Final = '[role="tablist" i], .tabbed-labels'
#: How far above a row of labels the panels are looked for: the element that holds both
#: (Docusaurus: the row and a ``<div>`` of panels side by side in one container).
TAB_SET_LEVELS: Final = 2
#: Rows of tabs read on a page, and tabs in a row: the search for a row's panels walks
#: its siblings, so a page of thousands of rows (a generated gallery) is bounded.
MAX_TAB_ROWS: Final = 64
MAX_TABS: Final = 32


def _tabs(tab_list: Any) -> list[Any]:
    """The labels of a row of tabs, in order."""
    if "tabbed-labels" in (tab_list.attributes.get("class") or "").split():
        return [child for child in tab_list.iter() if child.tag == "label"]
    return [
        tab
        for tab in tab_list.css('[role="tab" i]')
        if (tab.attributes.get("role") or "").strip().lower() == "tab"
    ]


#: Elements a panel may be: those the layout walk enters as blocks of their own, where
#: the label is written; a list item or a table cell is laid out by its list's or table's
#: own code, which writes no label, so a row of such panels stays as the page wrote it.
_CELL_TAGS: Final = frozenset({"li", "td", "th", "tr", "dt", "dd"})


def _controlled(tree: Any, tabs: list[Any]) -> list[Any] | None:
    """The panels the tabs name by ``aria-controls``, one each; None unless every tab
    names one the page has, under an id no other element has."""
    panels = []
    for tab in tabs:
        target = (tab.attributes.get("aria-controls") or "").strip()
        if not target or '"' in target or "\\" in target:
            return None
        found = tree.css(f'[id="{target}"]')
        if len(found) != 1:
            return None  # no such panel, or two widgets of the page share the id
        panels.append(found[0])
    return panels


def _is_row(element: Any) -> bool:
    if (element.attributes.get("role") or "").strip().lower() == "tablist":
        return True
    return "tabbed-labels" in (element.attributes.get("class") or "").split()


def _panels(tab_list: Any, count: int) -> list[Any] | None:
    """The panels of a row of ``count`` tabs: those after it in page order, up to the
    next row, in the nearest element above the row that holds exactly ``count`` of them;
    None when no element near it does (a row whose panels the page builds later, or an
    odd count).  One selector query per level finds the rows and the panels in order."""
    wrapper = "tabbed-labels" in (tab_list.attributes.get("class") or "").split()
    selector = ".tabbed-block" if wrapper else '[role="tabpanel" i]'
    holder = tab_list.parent
    for _ in range(TAB_SET_LEVELS):
        if holder is None:
            return None
        panels: list[Any] = []
        seen = False
        for element in holder.css(f"{TAB_LIST_SELECTOR}, {selector}"):
            if element.mem_id == tab_list.mem_id:
                seen = True
            elif seen and _is_row(element):
                break  # the next row's panels are its own
            elif seen:
                panels.append(element)
                if len(panels) > count:
                    break
        if len(panels) == count:
            return panels
        holder = holder.parent
    return None


def _holds(element: Any, node: Any) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.mem_id == element.mem_id:
            return True
        parent = parent.parent
    return False


def tab_labels(tree: Any, kept: Iterable[Any]) -> tuple[dict[int, Any], frozenset[int]]:
    """For each panel of a kept row of tabs that holds ``kept`` content (elements the
    content is in), its tab (whose kept text is the label), by the panel's address
    (``mem_id``); and the rows whose labels so go to their panels, to be written nowhere
    else.  A tab's panel is the one its ``aria-controls`` names, else the one in its place
    among the row's panels (after it, before the next row).  A row none of whose panels
    is kept, that holds its panels (a tab wrapping its panel reads in order already),
    whose tabs share a panel or name one by an id two elements have, whose panels another
    row took, or whose panels are list items or table cells, stays as the page has it; a
    row the extractor left out gives no label (its words were not content)."""
    found = tree.css(TAB_LIST_SELECTOR) if tree is not None else []
    if not found:  # most pages: no set of the kept elements is built
        return {}, frozenset()
    holding = {element.mem_id for element in kept}
    labels: dict[int, Any] = {}
    rows: set[int] = set()
    claimed: set[int] = set()  # panels a row has taken: no other row takes them
    for tab_list in found[:MAX_TAB_ROWS]:
        if tab_list.mem_id not in holding:
            continue  # the extractor left the labels out: none is written
        tabs = _tabs(tab_list)
        if not 2 <= len(tabs) <= MAX_TABS:
            continue
        panels = _controlled(tree, tabs) or _panels(tab_list, len(tabs))
        if (
            panels is None
            or len({panel.mem_id for panel in panels}) < len(panels)  # tabs sharing a panel
            or any(panel.mem_id in claimed or panel.tag in _CELL_TAGS for panel in panels)
            or any(_holds(tab_list, panel) for panel in panels)
        ):
            continue
        claimed.update(panel.mem_id for panel in panels)
        placed = False
        for tab, panel in zip(tabs, panels, strict=True):
            if tab.mem_id in holding and panel.mem_id in holding:
                labels[panel.mem_id] = tab
                placed = True
        if placed:
            rows.add(tab_list.mem_id)
    return labels, frozenset(rows)


__all__ = ["MAX_TABS", "MAX_TAB_ROWS", "TAB_LIST_SELECTOR", "TAB_SET_LEVELS", "tab_labels"]
