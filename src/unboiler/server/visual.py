"""The page as the visual debugger shows it: a sanitised copy of the parsed page whose
block elements carry the ids and decisions of :func:`unboiler.explain.explain_extraction`.

Each parsed block knows the DOM element its text started in (:attr:`TextBlock.node`), so
outlining a block is writing attributes on that element of the very tree the extractor
read: ``data-ub`` (the block indices, space-separated: text directly in an element and
text after a nested block both start in it), ``data-ub-a`` and ``data-ub-b`` (``content``,
``boilerplate`` or ``mixed`` under each extractor), ``data-ub-labels`` and a ``title``
tooltip.  The tree is then serialised and passed through nh3 with a short list of tags
and only those attributes: no script, no style, no link target, no image, nothing that
loads, so the iframe (sandboxed, scripts off) shows the page's structure and text, not
its design.  Writing the attributes changes the tree: call this after every output has
been rendered.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import nh3

from unboiler.document import TextDocument
from unboiler.explain import BlockExplanation, Explanation

#: Tags kept: nh3's defaults (formatting, lists, tables, sections) and the form and
#: landmark elements blocks often start in, without those that load something.
PAGE_TAGS: Final = (
    frozenset(nh3.ALLOWED_TAGS)
    | {"main", "section", "form", "button", "label", "fieldset", "legend", "address"}
    | {"select", "option", "textarea", "font", "noscript"}
) - {"img", "area", "map"}

#: Attributes kept: ours, and the few that change how text reads.
PAGE_ATTRIBUTES: Final = {
    "*": {"data-ub", "data-ub-a", "data-ub-b", "data-ub-labels", "title", "lang", "dir"},
    "td": {"colspan", "rowspan"},
    "th": {"colspan", "rowspan"},
}

#: The page's own stylesheet inside the iframe: outlines by decision, and by view (one
#: extractor, or where two differ), chosen by the body's class.
PAGE_STYLE: Final = """
body{font:14px/1.45 system-ui,sans-serif;margin:8px;color:#222;background:#fff}
a{color:#1a4fb0;text-decoration:underline}
table{border-collapse:collapse}td,th{padding:2px 4px;vertical-align:top}
[data-ub]{outline-offset:1px;position:relative}
body.view-a [data-ub-a=content],body.view-b [data-ub-b=content]
 {outline:2px solid #1b8a3a;background:rgba(27,138,58,.07)}
body.view-a [data-ub-a=boilerplate],body.view-b [data-ub-b=boilerplate]
 {outline:1px dashed #c0392b;background:rgba(192,57,43,.05)}
body.view-a [data-ub-a=mixed],body.view-b [data-ub-b=mixed]{outline:2px dotted #b7791f}
body.view-diff [data-ub]{opacity:.45}
body.view-diff [data-ub-a=content]:not([data-ub-b=content]),
body.view-diff [data-ub-b=content]:not([data-ub-a=content]){opacity:1}
body.view-diff [data-ub-a=content]:not([data-ub-b=content])
 {outline:3px solid #1f5fd1;background:rgba(31,95,209,.12)}
body.view-diff [data-ub-b=content]:not([data-ub-a=content])
 {outline:3px solid #b4279b;background:rgba(180,39,155,.12)}
[data-ub-labels]::before{content:attr(data-ub-labels);font:10px/1.2 monospace;
 background:#333;color:#fff;padding:0 3px;margin-right:4px;border-radius:2px}
[data-ub].ub-hover{outline:3px solid #f1c40f!important}
"""

#: Labels left out of the badges (every menu item has one); the tooltip still says them.
_QUIET_LABELS: Final = frozenset({"li"})

#: Nothing in the iframe may load anything (it inherits the page's policy as well).
PAGE_POLICY: Final = "default-src 'none'; style-src 'unsafe-inline'"


def annotated_page(document: TextDocument, explanations: Sequence[Explanation]) -> str:
    """The page's body, sanitised, with every parsed block's element annotated with one
    or two explanations (the first is ``a``, the second ``b``), as a whole HTML document
    for an iframe's ``srcdoc``.  Changes ``document``'s tree (see the module docstring)."""
    tree = document.tree
    body = tree.body if tree is not None else None
    if body is None:
        return _wrap("")
    elements: dict[int, tuple[object, list[int]]] = {}
    first = explanations[0].blocks if explanations else ()
    for block in first:
        if block.node is not None and not block.added:
            elements.setdefault(id(block.node), (block.node, []))[1].append(block.index)
    for node, indices in elements.values():
        attrs = node.attrs  # type: ignore[attr-defined]
        attrs["data-ub"] = " ".join(map(str, indices))
        for side, explanation in zip("ab", explanations, strict=False):
            attrs[f"data-ub-{side}"] = _decision([explanation.blocks[i] for i in indices])
        labels = sorted({label for i in indices for label in first[i].labels} - _QUIET_LABELS)
        if labels:
            attrs["data-ub-labels"] = " ".join(labels)
        attrs["title"] = "\n".join(_tooltip(first[i]) for i in indices)
    markup = body.html or ""
    # the body itself may hold a block (text straight in <body>): keep it as a <div>
    if markup.startswith("<body"):
        markup = "<div" + markup[len("<body") :]
        if markup.endswith("</body>"):
            markup = markup[: -len("</body>")] + "</div>"
    cleaned = nh3.clean(
        markup,
        tags=set(PAGE_TAGS),
        clean_content_tags={"script", "style", "template"},
        attributes={tag: set(names) for tag, names in PAGE_ATTRIBUTES.items()},
        link_rel=None,
        strip_comments=True,
    )
    return _wrap(cleaned)


def _decision(blocks: list[BlockExplanation]) -> str:
    kept = [block.kept for block in blocks]
    return "content" if all(kept) else "boilerplate" if not any(kept) else "mixed"


def _tooltip(block: BlockExplanation) -> str:
    return (
        f"#{block.index} {'kept' if block.kept else 'dropped'} — {block.reason}\n"
        f"words {block.num_words}, link density {block.link_density:.2f}, "
        f"text density {block.text_density:.1f}, {block.tag_path}"
        + (f"\nlabels {', '.join(block.labels)}" if block.labels else "")
    )


def _wrap(body: str) -> str:
    return (
        '<!doctype html><html><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{PAGE_POLICY}">'
        f"<style>{PAGE_STYLE}</style></head>"
        f'<body class="view-a">{body}</body></html>'
    )


__all__ = ["PAGE_ATTRIBUTES", "PAGE_POLICY", "PAGE_TAGS", "annotated_page"]
