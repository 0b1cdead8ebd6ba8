"""Boilerpipe's blocks without words: runs of no-break spaces (``<p>&nbsp;</p>``).

Boilerpipe 1.3's content handler reads text character by character and takes white space
as Java's ``Character.isWhitespace`` defines it, which excludes the no-break spaces
(U+00A0, U+2007, U+202F).  A paragraph of nothing but ``&nbsp;`` is therefore a block to
it: no words, one wrapped line, text density zero, and a block offset of its own.  Its
classifiers look at each block's neighbours (WSDM 2010, §4.3), so such a spacer changes
the decision about the blocks on either side of it, and its offset widens the gaps that
``BlockProximityFusion`` measures.

Our parser, shared by every method, keeps those runs apart
(:attr:`unboiler.document.TextDocument.spacers`), and this filter, the first step of
every Boilerpipe recipe, puts them back where they stood.
"""

from __future__ import annotations

from unboiler.document import TextDocument


def insert_spacer_blocks(document: TextDocument) -> bool:
    """Insert the document's spacers among its blocks and number every block's offset
    again, as Boilerpipe's handler numbers the blocks it makes.  Runs once per document
    (the spacers are taken out of ``document.spacers``), and only on blocks as the parser
    made them: once a filter has merged or removed blocks, the positions no longer hold
    and the spacers are dropped."""
    spacers = document.spacers
    if not spacers:
        return False
    document.spacers = []
    blocks = document.blocks
    if any(b.offset_start != i or b.offset_end != i for i, b in enumerate(blocks)):
        return False
    merged = []
    pending = iter(spacers)
    spacer = next(pending, None)
    for index, block in enumerate(blocks):
        while spacer is not None and spacer[0] <= index:
            merged.append(spacer[1])
            spacer = next(pending, None)
        merged.append(block)
    while spacer is not None:
        merged.append(spacer[1])
        spacer = next(pending, None)
    for offset, block in enumerate(merged):
        block.offset_start = block.offset_end = offset
    document.blocks = merged
    return True


__all__ = ["insert_spacer_blocks"]
