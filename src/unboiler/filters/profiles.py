"""A forum poster's profile fields are not the thread: "Joined: 03 Mar 2006", "Posts: 27",
"Location: Leeds" beside every post.

Forum software writes a box of the poster's details beside each post (phpBB's
``postprofile``, vBulletin's user info, SMF's poster column): the same few labels,
each with the poster's value, once per post.  The block model keeps them when the box
sits in the post's own cell or wrapper, and they come out between the posts' text.
WCXB's gold for forum threads leaves them out, as a reader of the thread would.

A profile field is a short line (at most :data:`FIELD_MAX_WORDS` words) that starts
with a label of at most :data:`LABEL_MAX_WORDS` words, the first a letter, and a colon
followed by a space or the line's end, or a full-width colon (a time "12:30" or an
address "https://" is no label).  A page's template writes the profile's fields on one
tag path, so the fields are the lines whose label comes back at least
:data:`MIN_POSTS` times on one path, on a path holding at least :data:`MIN_LABELS` such
labels: one label repeated is a thread's "Last edited:" or "Quote:", not a profile.
The rule is applied on pages of the forum type only: cards of a listing or a shop
("Bedrooms: 3", "Area: 120 m²", "Price: 20 €") repeat their labels the same way, and
there they are the content.

Measured on the default extractor's held-out run (five folds by domain or site, the
saved probabilities of ``benchmarks/default_cv.py``, each page parsed again and decided
by this code's rules, as ``default_cv.py --load`` does): WCXB 0.88550 to 0.88558 (forum
0.8214 to 0.8216; a phpBB thread 0.086 better, two others 0.004 and 0.018, one worse by
under 0.0001), scrapinghub and readability unchanged.  Variants on the same run: two
labels for a profile, not three, 0.88558 too (the fourth thread 0.002 better); the rule
on every page type, not forums alone, 0.88481 (39 pages worse, 10 better: repeated label
lines are content elsewhere, a game's "Processor:" and "Memory:" requirements, an
article's events each with its "Date:" and "Location:", a directory's "Year Founded:"
and "Team Size:" under each firm).  Beyond the benchmarks: of twelve pages of the early
web written here with their gold, the vBulletin thread's word-bag F1 went from 0.829 to
0.867 (its profile lines out); the phpBB 2 thread, taken for an article without its
address, is unchanged.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Final

from unboiler.document import TextDocument
from unboiler.filters import drop_blocks

#: A profile field's line has at most this many words ("Joined: 4. Jul 2012, 16:09").
FIELD_MAX_WORDS: Final = 6
#: Its label has at most this many words ("Date d'inscription", "VBox Version").
LABEL_MAX_WORDS: Final = 3
#: A label is a profile's when it comes back this many times on one tag path (once a
#: post, in a thread of three posts or more: the threshold of a run of posts,
#: :data:`unboiler.filters.units.POST_MIN_ITEMS`).
MIN_POSTS: Final = 3
#: And when its path holds at least this many such labels (a profile's joined date, post
#: count and location; XenForo's "Last edited:" and "Reactions:" under a post are two).
MIN_LABELS: Final = 3
#: The page type whose profile fields are left out.
PROFILE_TYPE: Final = "forum"

# a label: a letter first, no colon, then a colon and a space or the end of the line, or
# a full-width colon (Chinese and Japanese write none after it: "积分：1234")
_LABEL: Final = re.compile(r"\s*([^\W\d_][^:：\n]{0,40}?)\s*(?::(?:\s|$)|：)")


def field_label(text: str) -> str | None:
    """The label of a line that reads as a profile field (see the module docstring),
    case folded; None for any other line."""
    if len(text.split()) > FIELD_MAX_WORDS:
        return None
    found = _LABEL.match(text)
    if found is None:
        return None
    label = found.group(1)
    if len(label.split()) > LABEL_MAX_WORDS:
        return None
    return " ".join(label.casefold().split())


def profile_fields(document: TextDocument) -> frozenset[int]:
    """The blocks of ``document`` that are a poster's profile fields: lines of a label
    (:func:`field_label`) that comes back at least :data:`MIN_POSTS` times on one tag
    path, on a path with at least :data:`MIN_LABELS` such labels.  Whatever the page's
    type: the rule that drops them asks for it (:func:`drop_profile_fields`)."""
    by_path: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for index, block in enumerate(document.blocks):
        label = field_label(block.text)
        if label is not None:
            by_path[block.tag_path][label].append(index)
    found: set[int] = set()
    for labels in by_path.values():
        repeated = [lines for lines in labels.values() if len(lines) >= MIN_POSTS]
        if len(repeated) >= MIN_LABELS:
            found.update(index for lines in repeated for index in lines)
    return frozenset(found)


def drop_profile_fields(document: TextDocument) -> bool:
    """Filter: on a page of the forum type, the posters' profile fields
    (:func:`profile_fields`) become boilerplate."""
    if document.page_type != PROFILE_TYPE:
        return False
    if not any(block.is_content for block in document.blocks):
        return False
    return drop_blocks(document, profile_fields(document))


__all__ = [
    "FIELD_MAX_WORDS",
    "LABEL_MAX_WORDS",
    "MIN_LABELS",
    "MIN_POSTS",
    "PROFILE_TYPE",
    "drop_profile_fields",
    "field_label",
    "profile_fields",
]
