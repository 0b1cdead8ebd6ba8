"""Extractors with the HTML-tree ancestor filter of Viveros-Jiménez et al. (Computación y
Sistemas 22(2), 2018) on top of another extractor's selection."""

from __future__ import annotations

from unboiler.extractors.boilerpipe import article, num_words_rules
from unboiler.extractors.registry import register
from unboiler.filters import Filter, chain
from unboiler.filters.tree import DEFAULT_DEPTH, TreeFilter


@register("boilerpipe-tree")
def boilerpipe_tree(depth: int = DEFAULT_DEPTH) -> Filter:
    """Boilerpipe ArticleExtractor, then only the selected text under the ancestor (the
    grandparent by default) that holds most of it (Viveros-Jiménez et al., Computación y
    Sistemas 22(2), 2018, §4).

    The paper starts from "Boilerpipe" without naming the extractor class; we start from
    ArticleExtractor, Boilerpipe's recipe for news articles, the genre the paper targets.
    ``depth`` is the ancestor distance paragraphs are grouped by, 1 to 5 (Table 2).
    """
    return chain(article(), TreeFilter(depth=depth))


@register("boilerpipe-numwords-tree")
def numwords_tree(depth: int = DEFAULT_DEPTH) -> Filter:
    """Boilerpipe's word-count classifier alone (WSDM 2010 §4.3, Algorithm 2), then the
    HTML-tree ancestor filter of Viveros-Jiménez et al. (Computación y Sistemas 22(2),
    2018, §4).

    The paper describes Boilerpipe as a classifier that judges every text node on its own
    (§3) and relies on it for recall only; the classifier without ArticleExtractor's
    heuristics selects more of the article, and the tree filter then removes the
    boilerplate around it as well as it does after ArticleExtractor (figures in
    ``benchmarks/results/tree-depth.md``).
    """
    return chain(num_words_rules(), TreeFilter(depth=depth))
