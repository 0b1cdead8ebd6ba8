"""Preformatted text kept whole.

A ``<pre>`` is one thing to a reader: a program, a shell session, a poem laid out by
hand.  The parser, following Boilerpipe, ends a block at every ``<br>``, and many code
highlighters write each line of a ``<pre>`` that way (``…;<br><span>}</span>``), so a
per-block classifier judges each line on its own: it kept ``int add(int x, int y) {``
and dropped the lone ``}`` that closes it (a block of no words looks like nothing).  The
lines of one ``<pre>`` are decided together: the default extractor gives each the
likeliest line's probability (:func:`pool_preformatted`), and any extractor's decision
can be made whole afterwards (:func:`keep_whole_preformatted`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from unboiler.document import TextDocument


def preformatted_groups(document: TextDocument) -> list[list[int]]:
    """The indices of the blocks inside each outermost ``<pre>`` that holds more than
    one block, in page order."""
    tree = document.tree
    if tree is None:
        return []
    by_node: dict[Any, list[int]] = {}
    for index, block in enumerate(document.blocks):
        node = block.node
        if node is not None:
            by_node.setdefault(node, []).append(index)
    groups = []
    seen: set[Any] = set()  # a <pre> inside another is read with it, once
    for pre in tree.css("pre"):
        if pre in seen:
            continue
        inside: list[int] = []
        for element in pre.traverse(include_text=False):  # the <pre> itself first
            seen.add(element)
            inside.extend(by_node.get(element, ()))
        if len(inside) > 1:
            groups.append(sorted(inside))
    return groups


def pool_preformatted(
    probabilities: npt.NDArray[np.float64], groups: list[list[int]]
) -> npt.NDArray[np.float64]:
    """``probabilities`` with every block of a group given the group's highest."""
    if not groups:
        return probabilities
    pooled = probabilities.copy()
    for group in groups:
        pooled[group] = np.nanmax(probabilities[group])
    return pooled


def keep_whole_preformatted(document: TextDocument) -> bool:
    """Filter: every block inside a ``<pre>`` one of whose blocks is content becomes
    content."""
    blocks = document.blocks
    if not any(block.is_content for block in blocks):
        return False
    changed = False
    for group in preformatted_groups(document):
        if any(blocks[index].is_content for index in group):
            for index in group:
                changed = blocks[index].set_content(True) | changed
    return changed


__all__ = ["keep_whole_preformatted", "pool_preformatted", "preformatted_groups"]
