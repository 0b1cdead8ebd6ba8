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


def _controlled(tree: Any, tabs: list[Any]) -> list[Any] | None:
    """The panels the tabs name by ``aria-controls``, one each; None unless every tab
    names one the page has."""
    panels = []
    for tab in tabs:
        target = (tab.attributes.get("aria-controls") or "").strip()
        if not target or '"' in target or "\\" in target:
            return None
        panel = tree.css_first(f'[id="{target}"]')
        if panel is None:
            return None
        panels.append(panel)
    return panels


def _panels(tab_list: Any, count: int) -> list[Any] | None:
    """The panels of a row of ``count`` tabs: those of the nearest element above the row
    that holds exactly ``count`` of them after the row, in page order; None when no
    element near it does (a row whose panels the page builds later, or an odd count)."""
    wrapper = "tabbed-labels" in (tab_list.attributes.get("class") or "").split()
    selector = ".tabbed-block" if wrapper else '[role="tabpanel" i]'
    holder = tab_list.parent
    for _ in range(TAB_SET_LEVELS):
        if holder is None:
            return None
        panels = [panel for panel in holder.css(selector) if _after(tab_list, panel)]
        if len(panels) == count:
            return panels
        holder = holder.parent
    return None


def _after(first: Any, second: Any) -> bool:
    """Whether ``second`` comes after ``first`` in the page and is not inside it."""
    node = second
    while node is not None:
        if node.mem_id == first.mem_id:
            return False
        node = node.parent
    probe = first.next
    while probe is not None:
        if probe.mem_id == second.mem_id or _holds(probe, second):
            return True
        probe = probe.next
    return False


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
    among the row's panels.  A row none of whose panels is kept, or that holds its panels
    (a tab wrapping its panel reads in order already), stays as the page has it; a row
    the extractor left out gives no label (its words were not content)."""
    if tree is None:
        return {}, frozenset()
    holding = {element.mem_id for element in kept}
    labels: dict[int, Any] = {}
    rows: set[int] = set()
    for tab_list in tree.css(TAB_LIST_SELECTOR)[:MAX_TAB_ROWS]:
        if tab_list.mem_id not in holding:
            continue  # the extractor left the labels out: none is written
        tabs = _tabs(tab_list)
        if not 2 <= len(tabs) <= MAX_TABS:
            continue
        panels = _controlled(tree, tabs) or _panels(tab_list, len(tabs))
        if panels is None or any(_holds(tab_list, panel) for panel in panels):
            continue
        placed = False
        for tab, panel in zip(tabs, panels, strict=True):
            if tab.mem_id in holding and panel.mem_id in holding:
                labels[panel.mem_id] = tab
                placed = True
        if placed:
            rows.add(tab_list.mem_id)
    return labels, frozenset(rows)


__all__ = ["MAX_TABS", "MAX_TAB_ROWS", "TAB_LIST_SELECTOR", "TAB_SET_LEVELS", "tab_labels"]
