"""A YAML front matter block: the page's metadata above the text or Markdown output, the
way static site generators (Jekyll, Hugo) and Markdown tools (Pandoc, Obsidian) read it.

The block opens and closes with a line of three dashes.  Only the fields that have a
value are written, in :data:`FRONT_MATTER_FIELDS` order; lists (categories, tags) are
block sequences.  Every value is a double-quoted scalar (YAML 1.2, section 7.3.1), the
one style in which any text can be written: a title with a colon, a quote, a ``#``, a
leading ``-`` or a line break stays one string, and a date or ``yes`` stays a string
instead of becoming YAML's date or boolean.  Inside the quotes, the backslash and the
quote are escaped, and so is every character YAML does not allow as it is (controls,
non-characters) or that YAML 1.1 parsers read as a line break (U+0085, U+2028, U+2029),
as is the byte-order mark.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

#: The fields written, in order: :meth:`unboiler.output.result.Extraction.to_dict` names them.
FRONT_MATTER_FIELDS: Final = (
    "title",
    "author",
    "date",
    "url",
    "canonical_url",
    "sitename",
    "description",
    "image",
    "language",
    "direction",
    "page_type",
    "categories",
    "tags",
)
DELIMITER: Final = "---"
#: The block of a page with no metadata: nothing between its two delimiters.
EMPTY_FRONT_MATTER: Final = f"{DELIMITER}\n{DELIMITER}\n"

_SHORT_ESCAPES: Final = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}
# Characters written as escapes: the two above, and everything outside YAML 1.2's
# printable set (c-printable: tab, line feed, carriage return, U+0020-U+007E, U+0085,
# U+00A0-U+D7FF, U+E000-U+FFFD, and the planes above), plus U+0085, U+2028 and U+2029
# (line breaks to YAML 1.1) and U+FEFF (a byte-order mark).
_ESCAPED: Final = re.compile('[\\\\"\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]')


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    short = _SHORT_ESCAPES.get(char)
    if short is not None:
        return short
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def yaml_string(text: str) -> str:
    """``text`` as a double-quoted YAML scalar that reads back as exactly ``text``."""
    return '"' + _ESCAPED.sub(_escape, text) + '"'


def front_matter(record: Mapping[str, Any]) -> str:
    """The front matter block of ``record`` (an extraction's
    :meth:`~unboiler.output.result.Extraction.to_dict`), closing line included; the fields
    of :data:`FRONT_MATTER_FIELDS` that are there and not empty."""
    lines = [DELIMITER]
    for name in FRONT_MATTER_FIELDS:
        value = record.get(name)
        if isinstance(value, (list, tuple)):
            items = [str(item) for item in value if item]
            if items:
                lines.append(f"{name}:")
                lines.extend(f"  - {yaml_string(item)}" for item in items)
        elif value:
            lines.append(f"{name}: {yaml_string(str(value))}")
    lines.append(DELIMITER)
    return "\n".join(lines) + "\n"


__all__ = ["DELIMITER", "EMPTY_FRONT_MATTER", "FRONT_MATTER_FIELDS", "front_matter", "yaml_string"]
