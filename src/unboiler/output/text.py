"""Plain text: the content blocks, one per line (paragraphs merged by an extractor stay
on separate lines, as Boilerpipe prints them)."""

from __future__ import annotations

from unboiler.document import TextDocument


def to_text(document: TextDocument) -> str:
    return document.content
