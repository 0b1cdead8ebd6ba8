"""Why each block of a page was kept or dropped: one implementation for every tool that
shows it (the visual page of ``unboiler serve``, scripts, notebooks).

An extractor is a pipeline of filters (:mod:`unboiler.filters`), so the question "why"
has a literal answer: :func:`explain_extraction` runs the pipeline one filter at a time
on a copy of the parsed page and records, for every block the parser made, what each
filter did to it (marked it content or boilerplate, labelled it, merged it, removed it).
The filter that last changed its content flag is the one that decided; for the learned
``default`` extractor that filter is the model, and the reason is its probability and
the features that moved it most (Saabas attribution over its trees, see
:meth:`~unboiler.classify.default_model.DefaultModel.explain`).  Nothing here decides
anything itself: the explanation replays the very filters the extractor runs.

Blocks are followed through merges and splits by their parts: every filter keeps, for
each part of a (merged) block, the DOM element and text the parser gave it, so a parsed
block is found again after any filter by that pair.  Blocks an extractor adds that the
parser did not make (the JSON-LD description of a product, a page read again with its
``<noscript>`` content) are listed after the parsed ones, marked ``added``.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np

from unboiler.document import Label, TextBlock, TextDocument
from unboiler.errors import ExtractorOptionError
from unboiler.extractors import Extractor, get_extractor
from unboiler.filters import Chain, Filter

#: How many features of the learned model are shown for each block.
TOP_FEATURES = 4

_Key = tuple[int, str]

#: Labels the parser gives from the markup (a heading, a list item), as opposed to those
#: filters give (title, end of text, likely content).
_STRUCTURE_LABELS: frozenset[str] = frozenset(
    str(label) for label in (Label.HEADING, Label.H1, Label.H2, Label.H3, Label.LI, Label.CONTINUES)
)


@dataclass(frozen=True, kw_only=True)
class Step:
    """What one filter did to a block: ``change`` is ``content``, ``boilerplate``,
    ``removed``, ``merged``, ``added``, or a label given (``+title``) or taken (``-li``)."""

    filter: str
    change: str


@dataclass(frozen=True, kw_only=True)
class BlockExplanation:
    """One parsed block: its text and shallow features (as the parser counted them, before
    any merge), whether the extractor kept it, its labels at the end, every change a
    filter made to it, and the reason in one line.  ``probability`` and ``features`` are
    the learned model's (its probability of content; the features that moved its
    first-stage score most, as (name, value, weight) with a positive weight towards
    content); ``context`` the second stage's, which mostly reads the first stage's score
    of the block and its neighbours."""

    index: int
    text: str
    kept: bool
    labels: tuple[str, ...]
    num_words: int
    num_linked_words: int
    link_density: float
    text_density: float
    tag_level: int
    tag_path: str
    decided_by: str | None
    reason: str
    steps: tuple[Step, ...] = ()
    probability: float | None = None
    features: tuple[tuple[str, float, float], ...] = ()
    context: tuple[tuple[str, float, float], ...] = ()
    added: bool = False
    node: Any = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """The explanation as JSON can hold it (the DOM node is left out)."""
        record = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        del record["node"]
        record["labels"] = list(self.labels)
        record["steps"] = [{"filter": s.filter, "change": s.change} for s in self.steps]
        for name in ("features", "context"):
            record[name] = [
                {"name": n, "value": round(v, 4), "weight": round(w, 3)} for n, v, w in record[name]
            ]
        record["link_density"] = round(self.link_density, 4)
        record["text_density"] = round(self.text_density, 4)
        if self.probability is not None:
            record["probability"] = round(self.probability, 4)
        return record


@dataclass(frozen=True, kw_only=True)
class Explanation:
    """An extraction explained: ``blocks`` holds the parsed blocks in page order (then any
    block the extractor added); ``filters`` each step of the pipeline with the first
    sentence of its docstring; ``document`` is the extracted copy, to render outputs
    from."""

    extractor: str
    page_type: str | None
    blocks: tuple[BlockExplanation, ...]
    filters: tuple[tuple[str, str], ...]
    document: TextDocument = field(repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "extractor": self.extractor,
            "page_type": self.page_type,
            "filters": [{"name": n, "description": d} for n, d in self.filters],
            "blocks": [block.to_dict() for block in self.blocks],
        }


def explain_extraction(
    document: TextDocument, extractor: str | Extractor = "default", **options: Any
) -> Explanation:
    """Run ``extractor`` on a copy of a parsed ``document``, filter by filter, and say for
    each of its blocks what happened and why (see the module docstring).  The content
    flags that result are exactly those the extractor sets when run as a whole."""
    chosen = extractor if isinstance(extractor, Extractor) else get_extractor(extractor, **options)
    if isinstance(extractor, Extractor) and options:
        raise ExtractorOptionError("options go to get_extractor() when an extractor is built")
    work = document.copy()
    originals = _originals(work)
    history: list[list[Step]] = [[] for _ in originals]
    states = _align([key for key, _ in originals], _snapshot(work))
    added: dict[_Key, tuple[str, int]] = {}  # a block no parse made: who added it, order
    model_reasons: dict[_Key, _ModelReason] = {}
    names: list[tuple[str, str]] = []
    cut: float | None = None
    for step in _leaf_filters(chosen.pipeline):
        name = _filter_name(step)
        names.append((name, _filter_description(step)))
        scored, step_cut = _model_reasons(step, work)
        if scored:
            cut = step_cut
        model_reasons.update(scored)
        step(work)
        snapshot = _snapshot(work)
        new_states = _align([key for key, _ in originals], snapshot)
        for index, (before, after) in enumerate(zip(states, new_states, strict=True)):
            changes = list(_changes(name, before, after))
            if originals[index][0] in scored and after is not None and not changes:
                # the model decided this block too, where its flag was already right
                changes.append(Step(filter=name, change="content" if after[0] else "boilerplate"))
            history[index].extend(changes)
        matched = {key for key, _ in originals}
        for key in snapshot:
            if key not in matched and key not in added:
                added[key] = (name, len(added))
        states = new_states
    final = _snapshot(work)
    blocks = [
        _explain_block(index, block, states[index], history[index], model_reasons.get(key), cut=cut)
        for index, (key, block) in enumerate(originals)
    ]
    parts = _parts(work)
    for key, (name, _) in sorted(added.items(), key=lambda item: item[1][1]):
        if key not in final:
            continue
        block = parts[key]
        blocks.append(
            _explain_block(
                len(blocks),
                block,
                final[key],
                [Step(filter=name, change="added")],
                model_reasons.get(key),
                text=key[1],
                added=True,
                cut=cut,
            )
        )
    return Explanation(
        extractor=chosen.name,
        page_type=work.page_type,
        blocks=tuple(blocks),
        filters=tuple(dict(names).items()),
        document=work,
    )


@dataclass(frozen=True)
class _ModelReason:
    probability: float
    features: tuple[tuple[str, float, float], ...]
    context: tuple[tuple[str, float, float], ...]
    #: The rule of the decision that last changed the block's fate
    #: (:func:`~unboiler.classify.decide.deciding_rules`), or a unit's pooled
    #: probability; None where the model's choice stands.
    rule: str | None = None


# (is_content, labels, parts of its block) of a part, or None when it is gone
_State = tuple[bool, frozenset[str], int] | None


def _keys(block: TextBlock) -> list[_Key]:
    """Each part of a block as (id of its DOM element, its text); a part without an
    element (a hand-built or added block) is told by its text alone."""
    parts = block.parts
    nodes = block.nodes if len(block.nodes) == len(parts) else [None] * len(parts)
    pairs = zip(nodes, parts, strict=True)
    return [(id(node) if node is not None else 0, text) for node, text in pairs]


def _originals(document: TextDocument) -> list[tuple[_Key, TextBlock]]:
    """The parsed blocks (each part of a block already merged counts as one)."""
    result: list[tuple[_Key, TextBlock]] = []
    for block in document.blocks:
        keys = _keys(block)
        if len(keys) == 1:  # a copy: filters merge other blocks into the original
            result.append((keys[0], block.copy()))
        else:  # an input already merged: recount each part as the parser would have
            nodes = block.nodes if len(block.nodes) == len(keys) else [None] * len(keys)
            for key, node in zip(keys, nodes, strict=True):
                part = TextBlock.from_text(key[1], node=node, labels=block.labels)
                part.is_content = block.is_content
                result.append((key, part))
    return result


def _snapshot(document: TextDocument) -> dict[_Key, tuple[bool, frozenset[str], int]]:
    """Where every part is now; when two parts share a key, the first one's state (they
    have the same element and the same text, so they look the same on the page)."""
    result: dict[_Key, tuple[bool, frozenset[str], int]] = {}
    for block in document.blocks:
        labels = frozenset(str(label) for label in block.labels)
        keys = _keys(block)
        for key in keys:
            result.setdefault(key, (block.is_content, labels, len(keys)))
    return result


def _parts(document: TextDocument) -> dict[_Key, TextBlock]:
    return {key: block for block in document.blocks for key in _keys(block)}


def _align(keys: list[_Key], snapshot: dict[_Key, Any]) -> list[_State]:
    """The state of each parsed block (by its key), None when no block holds it now.  A key
    the page has twice maps both to one state, which is all the page can show apart."""
    return [snapshot.get(key) for key in keys]


def _changes(name: str, before: _State, after: _State) -> Iterator[Step]:
    if before is None:
        return
    if after is None:
        yield Step(filter=name, change="removed")
        return
    if after[0] != before[0]:
        yield Step(filter=name, change="content" if after[0] else "boilerplate")
    if after[2] > before[2]:
        yield Step(filter=name, change="merged")
    for label in sorted(after[1] - before[1] - _STRUCTURE_LABELS):
        yield Step(filter=name, change=f"+{label}")
    for label in sorted(before[1] - after[1] - _STRUCTURE_LABELS):
        yield Step(filter=name, change=f"-{label}")


def _explain_block(
    index: int,
    block: TextBlock,
    state: _State,
    steps: list[Step],
    model: _ModelReason | None,
    *,
    text: str | None = None,
    added: bool = False,
    cut: float | None = None,
) -> BlockExplanation:
    kept = state is not None and state[0]
    # Labels of the page's structure are the block's own; a merged block carries the
    # union of its parts', so only the labels filters give are read from its state.
    found = (state[1] if state is not None else frozenset()) - _STRUCTURE_LABELS
    labels = tuple(sorted({str(label) for label in block.labels} | found))
    deciding = [s for s in steps if s.change in ("content", "boilerplate", "removed", "added")]
    decided_by = deciding[-1].filter if deciding else None
    reason = _reason(kept, deciding[-1] if deciding else None, model, cut)
    return BlockExplanation(
        index=index,
        text=block.text if text is None else text,
        kept=kept,
        labels=labels,
        num_words=block.num_words,
        num_linked_words=block.num_linked_words,
        link_density=block.link_density,
        text_density=block.text_density,
        tag_level=block.tag_level,
        tag_path=block.tag_path,
        decided_by=decided_by,
        reason=reason,
        steps=tuple(steps),
        probability=model.probability if model else None,
        features=model.features if model else (),
        context=model.context if model else (),
        added=added,
        node=block.node,
    )


#: What the decision names for a block its unit's likeliest block decided (a table's
#: row, a field's name and value, an element's lines: :mod:`unboiler.filters.units`).
_UNIT_RULE: Final = "a unit decided whole, at its likeliest block's probability"
#: How the default extractor's model stage is named in a :class:`Step`.
_MODEL_STAGE: Final = "DecideBlocks("


def _reason(
    kept: bool, step: Step | None, model: _ModelReason | None, cut: float | None = None
) -> str:
    """The one-line answer: who decided last, and for a model, with what evidence and
    against which cut (the least probability the model kept on the page: a block
    dropped at 0.65 reads as a bug unless the cut, 0.70, is shown beside it)."""
    if step is None:
        return "kept: content from the start" if kept else "dropped: no filter marked it content"
    verb = {"content": "kept by", "boilerplate": "dropped by", "removed": "removed by"}
    head = f"{verb.get(step.change, 'added by')} {step.filter}"
    if model is not None and step.change in ("content", "boilerplate"):
        top = ", ".join(f"{name} {weight:+.2f}" for name, _, weight in model.features[:3])
        against = ""
        if cut is not None:
            against = f" (the page's cut {cut:.2f})"
            # the model's stage names the rule in it that decided; a later filter, named
            # at the head, is its own
            rule = ""
            if step.filter.startswith(_MODEL_STAGE):
                rule = f": {'kept' if kept else 'left out'} by a rule ({model.rule or _UNIT_RULE})"
            if kept and model.probability < cut:
                against = f", below the page's cut {cut:.2f}{rule}"
            elif not kept and model.probability >= cut:
                against = f", above the page's cut {cut:.2f}{rule}"
        return f"{head}: p(content) {model.probability:.2f}{against}; {top}"
    return head


def _leaf_filters(pipeline: Filter) -> Iterator[Filter]:
    """The filters a pipeline runs, in order, with nested chains opened."""
    if isinstance(pipeline, Chain):
        for step in pipeline.filters:
            yield from _leaf_filters(step)
    else:
        yield pipeline


def _filter_name(step: Filter) -> str:
    """A filter as a recipe names it: a function's name, or a dataclass's with the fields
    it sets away from their published defaults (``BlockProximityFusion(content_only=True)``)."""
    if dataclasses.is_dataclass(step) and not isinstance(step, type):
        shown = []
        for item in dataclasses.fields(step):
            value = getattr(step, item.name)
            if not isinstance(value, (bool, int, float, str)):
                continue
            if item.default is not dataclasses.MISSING and value == item.default:
                continue
            shown.append(f"{item.name}={value!r}")
        return f"{type(step).__name__}({', '.join(shown)})"
    return getattr(step, "__name__", type(step).__name__)


def _filter_description(step: Filter) -> str:
    doc = inspect.getdoc(step if inspect.isfunction(step) else type(step)) or ""
    paragraph = " ".join(doc.strip().split("\n\n")[0].split())
    return paragraph.split(". ")[0].rstrip(".") + "." if paragraph else ""


def _model_reasons(
    step: Filter, document: TextDocument
) -> tuple[dict[_Key, _ModelReason], float | None]:
    """For the default extractor's model stage, run on ``document`` as it stands before
    the stage: each block's probability and the features that moved it most; and the
    page's cut, the least probability among the blocks its choice keeps
    (:func:`~unboiler.classify.decide.model_choice`: the likeliest blocks, up to where
    the expected F-score is best, a unit's blocks at its likeliest one's), before any
    rule keeps or drops a block.  The
    least probability of the blocks the stage ends with was no cut: a line kept with its
    ``<pre>`` at 0.05 made every block dropped at 0.3 read as left out by a rule."""
    from unboiler.classify.decide import (
        DecideBlocks,
        Trace,
        chrome_words,
        deciding_rules,
        deciding_signals,
        declared_type,
        model_choice,
    )
    from unboiler.filters.units import decision_units

    if not isinstance(step, DecideBlocks) or not document.blocks:
        return {}, None
    from unboiler.classify.default_model import (
        PAGE_TYPES,
        favor_beta,
        model_feature_names,
        refine_feature_names,
    )

    model = step.model
    signals = deciding_signals(document, spare=model.spare_columns)
    decision, member_rows = model.decide_with_rows(signals)
    probabilities = decision.probabilities
    words = np.fromiter((block.num_words for block in document.blocks), np.float64)
    beta = favor_beta(step.favor, declared_type(document, PAGE_TYPES[decision.page_type]))
    code, rows = decision_units(document)
    chosen, pooled = model_choice(
        probabilities, words, beta, code, rows, chrome_words(signals.blocks, words)
    )
    cut = float(pooled[chosen].min()) if chosen.any() else None
    trace: Trace = []
    step.decide(document, trace, made=(signals, decision))
    rules = deciding_rules(trace)
    first = model.explain(member_rows, TOP_FEATURES, stage=1)
    second = model.explain(member_rows, TOP_FEATURES, stage=2)
    # the values shown are the members' mean (they differ only in the page-type
    # probabilities and in the second stage's context, both read from each member's own)
    rows = np.mean(member_rows, axis=0)
    first_names = {name: i for i, name in enumerate(model_feature_names())}
    second_names = {name: i for i, name in enumerate(refine_feature_names())}
    result: dict[_Key, _ModelReason] = {}
    for row, (block, probability, top1, top2) in enumerate(
        zip(document.blocks, probabilities.tolist(), first, second, strict=True)
    ):
        reason = _ModelReason(
            probability=probability,
            features=tuple((n, float(rows[row, first_names[n]]), w) for n, w in top1),
            context=tuple((n, float(rows[row, second_names[n]]), w) for n, w in top2),
            rule=rules[row] if rules else None,
        )
        for key in _keys(block):
            result.setdefault(key, reason)
    return result, cut


__all__ = ["TOP_FEATURES", "BlockExplanation", "Explanation", "Step", "explain_extraction"]
