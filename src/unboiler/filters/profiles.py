"""A forum poster's profile fields are not the thread: "Joined: 03 Mar 2006", "Posts: 27",
"Location: Leeds" beside every post.

Forum software writes a box of the poster's details beside each post (phpBB's
``postprofile``, vBulletin's user info, SMF's poster column): the same few labels,
each with the poster's value, once per post.  The block model keeps them when the box
sits in the post's own cell or wrapper, and they come out between the posts' text.
WCXB's gold for forum threads leaves them out, as a reader of the thread would.

A profile field is a short line (at most :data:`FIELD_MAX_WORDS` words and
:data:`FIELD_MAX_CHARS` characters) that starts with a label of at most
:data:`LABEL_MAX_WORDS` words, the first a letter, and a colon followed by a space or the
line's end, or a full-width colon (a time "12:30" or an address "https://" is no label),
in an element that holds no longer line (a post's text that ends "EDIT: solved" or lists
"OS: Windows 11" is no profile).  A page's template writes the profile's fields on one
tag path, so the fields are the lines whose label comes back at least
:data:`MIN_POSTS` times on one path, on a path holding at least :data:`MIN_LABELS` such
labels (one label repeated is a thread's "Last edited:" or "Quote:", not a profile)
none of which comes back in one element or under one parent (a chat log's "Ann:",
"Bob:", "Ann:" in a post).  A short term of a definition list is a label too, colon or
not (Discuz!'s ``<dt>积分</dt>``).  A label written alone ("Joined:", a ``<dt>``) takes
the short line after it under the same parent (its ``<dd>``) along.  The rule is applied
on pages of the forum type only: cards of a listing or a shop ("Bedrooms: 3", "Area:
120 m²", "Price: 20 €") repeat their labels the same way, and there they are the
content.

A box of fields under the labels forum software gives them (:data:`KNOWN_PROFILE_LABELS`,
"Posts:", "Joined:", "Rejestracja:", in its translations' languages), two of them or
more under one parent that holds no longer line and names a poster's box
(:func:`_profile_box`), is a profile however often it comes: a
thread of one post that no reply has answered yet has one.  Held out (the run below,
replayed at WCXB 0.885895): 0.885936, one forum thread better by 0.055 and none worse;
scrapinghub and readability unchanged.

Measured on the default extractor's held-out run (five folds by domain or site, the
saved probabilities of ``benchmarks/default_cv.py``, each page parsed again and decided
by this code's rules, as ``default_cv.py --load`` does): WCXB 0.88550 to 0.88558 (forum
0.8206 to 0.8217; five threads better, a phpBB one by 0.086, none worse; the terms of
definition lists as labels add one of the five, by 0.004), scrapinghub and readability
unchanged.  Variants on the same run: two labels for a profile, not three, 0.88562
(five threads better); the rule on every page type, not forums alone,
0.88480 (33 pages worse, 11 better: repeated label lines are content elsewhere, a
listing of trails each with its "Difficulty:" and "Length:" (0.46 lost), an article's
plants each with its "Light:", "Soil:" and "Pet Safety:", a game's "OS:" and
"Processor:" requirements).  Beyond the benchmarks: of twelve pages of the early web
written here with their gold, the vBulletin thread's word-bag F1 went from 0.829 to
0.867 (its profile lines out); the phpBB 2 thread, taken for an article without its
address, is unchanged.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Any, Final

from unboiler.document import TextBlock, TextDocument
from unboiler.filters import drop_blocks

#: A profile field's line has at most this many words (phpBB 3's "Joined: Mon Mar 03,
#: 2006 9:15 pm") and characters (Chinese and Japanese write no spaces).
FIELD_MAX_WORDS: Final = 8
FIELD_MAX_CHARS: Final = 60
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

_ROOTS: Final = frozenset({None, "-document", "#document"})
# a label: a letter first, no colon, then a colon and a space or the end of the line, or
# a full-width colon (Chinese and Japanese write none after it: "积分：1234")
_LABEL: Final = re.compile(r"\s*([^\W\d_][^:：\n]{0,40}?)\s*(?::(?:\s|$)|：)")


def field_label(text: str) -> str | None:
    """The label of a line that reads as a profile field (see the module docstring),
    case folded; None for any other line."""
    if len(text) > FIELD_MAX_CHARS or len(text.split()) > FIELD_MAX_WORDS:
        return None
    found = _LABEL.match(text)
    if found is None:
        return None
    label = found.group(1)
    if len(label.split()) > LABEL_MAX_WORDS:
        return None
    return " ".join(label.casefold().split())


def _block_label(block: TextBlock) -> str | None:
    """The label of a block that reads as a profile field (:func:`field_label`), or of a
    short term of a definition list: a ``<dt>`` is a label by its element (Discuz's
    ``<dt>积分</dt><dd>412</dd>``, XenForo's ``<dt>Joined</dt>``), colon or not."""
    label = field_label(block.text)
    if label is not None:
        return label
    node = block.node
    if node is None or node.tag != "dt" or not _short(block.text):
        return None
    term = " ".join(block.text.rstrip().rstrip(":：").casefold().split())
    if not term or len(term.split()) > LABEL_MAX_WORDS or not any(c.isalpha() for c in term):
        return None
    return term


def _short(text: str) -> bool:
    return len(text) <= FIELD_MAX_CHARS and len(text.split()) <= FIELD_MAX_WORDS


def _path_keys(nodes: list[Any]) -> list[int]:
    """A number for each node's tag path (the tag names from the root down to it): equal
    numbers, equal paths.  Each element's number is kept by its address, so a page nested
    thousands deep is walked once, not once per line (a block's ``tag_path`` string walks
    to the root each time, and is as long as the nesting)."""
    known: dict[int, int] = {}  # an element's address: its path's number
    numbers: dict[tuple[int, str], int] = {}  # the parent's path's number and a tag
    result = []
    for node in nodes:
        chain = []
        while node is not None and node.tag not in _ROOTS and node.mem_id not in known:
            chain.append(node)
            node = node.parent
        number = known.get(node.mem_id, -1) if node is not None else -1
        for element in reversed(chain):
            number = numbers.setdefault((number, element.tag), len(numbers))
            known[element.mem_id] = number
        result.append(number)
    return result


def profile_fields(document: TextDocument) -> frozenset[int]:
    """The blocks of ``document`` that are a poster's profile fields, whatever the page's
    type (the rule that drops them asks for it: :func:`drop_profile_fields`).

    A field is a line of a label (:func:`field_label`, or a definition list's short
    term) in an element that holds no longer line: a post's text that ends "EDIT:
    solved" or lists "OS: Windows 11" is no profile.  Its label counts where it comes
    back at least :data:`MIN_POSTS` times on one tag path, on a path with at least
    :data:`MIN_LABELS` such labels and where no label comes back inside one element or
    under one parent: a chat log's "Ann:", "Bob:", "Ann:" is one post's text.  A label
    alone ("Joined:", a ``<dt>``) takes the short line after it in the same parent (its
    ``<dd>``) along."""
    blocks = document.blocks
    labels = [_block_label(block) for block in blocks]
    counted = sum(label is not None for label in labels)
    if counted < MIN_KNOWN_LABELS:
        return frozenset()  # most pages
    found = _known_boxes(blocks, labels)
    if counted < MIN_POSTS * MIN_LABELS:
        return frozenset(found)
    short = [_short(block.text) for block in blocks]
    wordy = {
        block.node.mem_id
        for block, brief in zip(blocks, short, strict=True)
        if not brief and block.node
    }
    lines = [
        index
        for index, (block, label) in enumerate(zip(blocks, labels, strict=True))
        if label is not None and block.node is not None and block.node.mem_id not in wordy
    ]
    by_path: dict[int, list[int]] = defaultdict(list)
    for index, path in zip(lines, _path_keys([blocks[i].node for i in lines]), strict=True):
        by_path[path].append(index)
    for indices in by_path.values():
        counts = Counter(labels[index] for index in indices)
        repeated = {label for label, count in counts.items() if count >= MIN_POSTS}
        if len(repeated) < MIN_LABELS or _repeats_in_a_box(indices, labels, blocks):
            continue
        for index in indices:
            if labels[index] not in repeated:
                continue
            found.add(index)
            value = index + 1
            if value < len(blocks) and _value_of(blocks[index], blocks[value], labels[value]):
                found.add(value)
    return frozenset(found)


#: The labels forum software gives a poster's fields, in the languages of its translations
#: (phpBB's, vBulletin's, XenForo's, SMF's, Discuz!'s, case folded): a box of
#: :data:`MIN_KNOWN_LABELS` of them under one parent is a profile even where it comes once,
#: in a thread of one post that no reply has answered yet.
KNOWN_PROFILE_LABELS: Final = frozenset(
    {
        # English
        "posts", "joined", "join date", "registered", "location", "messages", "reputation",
        "reaction score", "total posts",
        # German, French, Spanish, Italian, Portuguese
        "beiträge", "registriert", "registriert seit", "dabei seit", "mitglied seit", "wohnort",
        "inscription", "inscrit le", "date d'inscription", "localisation", "mensajes",
        "registrado", "fecha de registro", "ubicación", "messaggi", "iscritto il", "iscritto",
        "località", "mensagens", "registado", "registrado em", "localização", "membro desde",
        # Polish, Czech, Russian, Ukrainian, Dutch, Swedish, Turkish
        "posty", "rejestracja", "lokalizacja", "skąd", "příspěvky", "registrován", "bydliště",
        "сообщения", "регистрация", "зарегистрирован", "откуда", "повідомлення", "реєстрація",
        "berichten", "lid sinds", "geregistreerd", "woonplaats", "inlägg", "medlem sedan",
        "mesajlar", "kayıt", "konum",
        # Chinese, Japanese
        "帖子", "注册时间", "积分", "投稿", "登録日",
    }
)  # fmt: skip
#: Known labels under one parent that make a box a profile (a post count and a join
#: date; one alone is a post's "Location: Leeds").
MIN_KNOWN_LABELS: Final = 2


#: Words of the ``class`` or ``id`` of a poster's box, or of the element around it
#: (phpBB's ``postprofile``, vBulletin's ``userinfo`` and ``postbit``, XenForo's
#: ``message-userExtras``, SMF's ``poster``).
PROFILE_BOX_WORDS: Final = re.compile(r"profile|user|author|poster|member|postbit", re.IGNORECASE)
#: How many elements up from a field's parent the box's words are looked for.
PROFILE_BOX_LEVELS: Final = 2


def _profile_box(parent: Any) -> bool:
    """Whether the parent of a field's line is a poster's box: it or an element around
    it (:data:`PROFILE_BOX_LEVELS`) names a profile or a member
    (:data:`PROFILE_BOX_WORDS`; SMF's list of fields in its ``poster`` box), where a
    post's own list of "Location:" and "Registered:" lines names none."""
    if parent is None:
        return False
    element = parent
    for _ in range(PROFILE_BOX_LEVELS):
        if element is None:
            return False
        attributes = element.attributes
        if PROFILE_BOX_WORDS.search(
            f"{attributes.get('class') or ''} {attributes.get('id') or ''}"
        ):
            return True
        element = element.parent
    return False


def _known_boxes(blocks: Any, labels: list[str | None]) -> set[int]:
    """The lines of each element that holds :data:`MIN_KNOWN_LABELS` lines or more with
    a profile's label (:data:`KNOWN_PROFILE_LABELS`) as their parent, those lines' values
    written alone after them, and no longer line: a poster's profile box, however often
    it comes."""
    boxes: dict[int, list[int]] = defaultdict(list)
    for index, label in enumerate(labels):
        node = blocks[index].node
        if label in KNOWN_PROFILE_LABELS and node is not None and _profile_box(node.parent):
            boxes[node.parent.mem_id].append(index)
    profiles = [
        (key, indices)
        for key, indices in boxes.items()
        if len({labels[index] for index in indices}) >= MIN_KNOWN_LABELS
    ]
    if not profiles:
        return set()
    wordy = {
        block.node.parent.mem_id
        for block in blocks
        if block.node is not None and block.node.parent is not None and not _short(block.text)
    }
    found: set[int] = set()
    for key, indices in profiles:
        if key in wordy:  # a post's text: "Location: Leeds" in a paragraph's box
            continue
        for index in indices:
            found.add(index)
            value = index + 1
            if value < len(blocks) and _value_of(blocks[index], blocks[value], labels[value]):
                found.add(value)
    return found


def _repeats_in_a_box(indices: list[int], labels: list[str | None], blocks: Any) -> bool:
    """Whether a label of these lines comes back inside one element or under one parent:
    the lines of one box (a chat log's "Ann:", "Bob:", "Ann:" in a post), not of one box
    per post (each post's ``<dl>`` of fields, each post's cell)."""
    seen: set[tuple[int, str | None]] = set()
    for index in indices:
        node = blocks[index].node
        for holder in (node, node.parent):
            if holder is None:
                continue
            key = (holder.mem_id, labels[index])
            if key in seen:
                return True
            seen.add(key)
    return False


def _value_of(label: Any, value: Any, value_label: str | None) -> bool:
    """Whether block ``value`` is the value of a label written alone in block ``label``
    (a ``<dt>`` "Joined:" and its ``<dd>``): a short line, no label itself, under the same
    parent."""
    if value_label is not None or not _short(value.text) or not value.text.strip():
        return False
    first, second = label.node, value.node
    if label.text.rstrip()[-1:] not in ":：" and (first is None or first.tag != "dt"):
        return False
    if first is None or second is None or first.parent is None or second.parent is None:
        return False
    return bool(first.parent.mem_id == second.parent.mem_id)


def drop_profile_fields(document: TextDocument) -> bool:
    """Filter: on a page of the forum type, the posters' profile fields
    (:func:`profile_fields`) become boilerplate."""
    if document.page_type != PROFILE_TYPE:
        return False
    if not any(block.is_content for block in document.blocks):
        return False
    return drop_blocks(document, profile_fields(document))


__all__ = [
    "FIELD_MAX_CHARS",
    "FIELD_MAX_WORDS",
    "KNOWN_PROFILE_LABELS",
    "LABEL_MAX_WORDS",
    "MIN_KNOWN_LABELS",
    "MIN_LABELS",
    "MIN_POSTS",
    "PROFILE_TYPE",
    "drop_profile_fields",
    "field_label",
    "profile_fields",
]
