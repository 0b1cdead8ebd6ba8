"""Text a page writes twice for the eye: a pull quote, a sentence of the article set
large beside it.

Magazines and news sites lift a striking sentence out of the text and show it again
in a box of its own (WordPress's ``wp-block-pullquote``, a theme's ``pull-quote``).
A reader takes it as decoration and reads the sentence where it stands; a corpus, or a
model fed the text, gets it twice.  A pull quote whose words all stand in the text
around it is left out; one that quotes nothing there (a quotation the article does not
otherwise give) is content, and stays.
"""

from __future__ import annotations

import re
from typing import Any, Final

from unboiler.output.dom import Selection, text_nodes

#: The class of a pull quote, as a token or a token's end ("wp-block-pullquote",
#: "pull-quote", "article__pull_quote"); not "pull" alone (a drawer, a "pull-right"
#: float).
_PULL_QUOTE_CLASS: Final = re.compile(r"(?:^|[\s_-])pull[-_]?quote(?:$|[\s_-])", re.IGNORECASE)


#: What may be a pull quote, for the page's selector engine (lexbor's).
PULL_QUOTE_SELECTOR: Final = (
    '[class*="pullquote" i], [class*="pull-quote" i], [class*="pull_quote" i]'
)


#: The fewest words a pull quote needs to be taken as a copy: shorter, its words stand
#: anywhere in a long text.
MIN_PULL_QUOTE_WORDS: Final = 4


_WORDS: Final = re.compile(r"[^\W_]+")
#: What parts a pull quote's fragments: the quote may join two sentences that the text
#: parts with "she told me", or leave out a clause.
_FRAGMENT_ENDS: Final = re.compile(r"[.!?;:,\u201c\u201d\u201e\"\u00ab\u00bb\u2026\u2014\u2013]")


def _words(text: str) -> list[str]:
    return _WORDS.findall(text.casefold())


def drop_pull_quotes(tree: Any, selection: Selection) -> None:
    """Leave out of ``selection`` each pull quote (:data:`_PULL_QUOTE_CLASS`, the
    outermost) of at least :data:`MIN_PULL_QUOTE_WORDS` words whose fragments (between
    punctuation, two words or more) stand, word for word, in the selected text outside
    the pull quotes, in order and close together (:func:`_stands_in`), unless a text is
    placed after one of its texts."""
    quotes = [
        element
        for element in tree.css(PULL_QUOTE_SELECTOR)
        if _PULL_QUOTE_CLASS.search(element.attributes.get("class") or "")
    ]
    if not quotes:
        return
    inside: set[Any] = set()
    groups: list[list[Any]] = []  # each outermost pull quote's selected texts
    for quote in quotes:
        texts = [node for node in text_nodes(quote) if node in selection.texts]
        if texts and not any(node in inside for node in texts):  # the outermost
            inside.update(texts)
            groups.append(texts)
    if not groups:
        return
    body = tree.body if tree.body is not None else tree.root
    if body is None:
        return
    rest = " ".join(
        node.text_content or ""
        for node in body.traverse(include_text=True)
        if node.is_text_node and node in selection.texts and node not in inside
    )
    running = f" {' '.join(_words(rest))} "
    for texts in groups:
        if any(node in selection.after for node in texts):
            continue
        quoted = " ".join(node.text_content or "" for node in texts)
        if len(_words(quoted)) < MIN_PULL_QUOTE_WORDS:
            continue
        fragments = [_words(part) for part in _FRAGMENT_ENDS.split(quoted)]
        fragments = [words for words in fragments if len(words) >= 2]
        if fragments and _stands_in(fragments, running):
            selection.texts.difference_update(texts)


#: The most characters between two fragments of a pull quote where the text stands:
#: "she told me", an attribution the quote leaves out.
MAX_FRAGMENT_GAP: Final = 60


def _stands_in(fragments: list[list[str]], running: str) -> bool:
    """Whether the fragments stand in ``running`` (words parted by single spaces, a
    space at each end) in their order, each at most :data:`MAX_FRAGMENT_GAP` characters
    after the one before: the sentence, not its words strewn over the text."""
    pieces = [f" {' '.join(words)} " for words in fragments]
    start = running.find(pieces[0])
    while start >= 0:
        end = start + len(pieces[0]) - 1  # the space after the piece
        for piece in pieces[1:]:
            at = running.find(piece, end)
            if at < 0 or at - end > MAX_FRAGMENT_GAP:
                break
            end = at + len(piece) - 1
        else:
            return True
        start = running.find(pieces[0], start + 1)
    return False


__all__ = ["MAX_FRAGMENT_GAP", "MIN_PULL_QUOTE_WORDS", "PULL_QUOTE_SELECTOR", "drop_pull_quotes"]
