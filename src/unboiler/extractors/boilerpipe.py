"""The Boilerpipe family of extractors (Kohlschütter, Fankhauser and Nejdl, WSDM 2010),
as the recipes of Boilerpipe 1.3's extractor classes, filter for filter, each after
:func:`~unboiler.filters.spacers.insert_spacer_blocks`, which gives them the blocks
Boilerpipe's parser makes of runs of no-break spaces."""

from __future__ import annotations

from typing import Final

from unboiler.extractors.registry import register
from unboiler.filters import Filter, chain
from unboiler.filters.boilerpipe import (
    EXPAND_MIN_WORDS,
    IgnoreBlocksAfterContent,
    KeepLargestBlock,
    canola_classifier,
    density_rules_classifier,
    document_title_match_classifier,
    expand_title_to_content,
    large_block_same_tag_level_to_content,
    list_at_end,
    num_words_rules_classifier,
    terminating_blocks_finder,
    trailing_headline_to_boilerplate,
)
from unboiler.filters.fusion import BlockProximityFusion, simple_block_fusion
from unboiler.filters.simple import (
    BoilerplateBlockFilter,
    MinClauseWords,
    MinWords,
    mark_everything_content,
    split_paragraph_blocks,
)
from unboiler.filters.spacers import insert_spacer_blocks

#: Boilerpipe's KeepEverythingWithMinKWordsExtractor takes k from its caller and
#: publishes no default; ten words keeps sentences and drops menus and buttons.
KEEP_EVERYTHING_MIN_WORDS: Final = 10


@register("boilerpipe-article")
def article() -> Filter:
    """Boilerpipe ArticleExtractor: word-count rules around the largest block, tuned for
    news articles (WSDM 2010 §4-5; Boilerpipe 1.3 recipe)."""
    return chain(
        insert_spacer_blocks,
        terminating_blocks_finder,
        document_title_match_classifier,
        num_words_rules_classifier,
        IgnoreBlocksAfterContent(),
        trailing_headline_to_boilerplate,
        BlockProximityFusion(),
        BoilerplateBlockFilter(keep_title=True),
        BlockProximityFusion(content_only=True, same_tag_level_only=True),
        KeepLargestBlock(expand_to_same_tag_level=True, min_words=EXPAND_MIN_WORDS),
        expand_title_to_content,
        large_block_same_tag_level_to_content,
        list_at_end,
    )


@register("boilerpipe-default")
def default(*, spacer_blocks: bool = True) -> Filter:
    """Boilerpipe DefaultExtractor: the text-density decision tree (WSDM 2010 §4.3,
    Algorithm 1) after fusing blocks of equal density; for any kind of page.
    ``spacer_blocks=False`` leaves out the blocks Boilerpipe makes of runs of no-break
    spaces (a variant of ours, measured in ``benchmarks/RESULTS.md``)."""
    steps: list[Filter] = [simple_block_fusion, BlockProximityFusion(), density_rules_classifier]
    return chain(insert_spacer_blocks, *steps) if spacer_blocks else chain(*steps)


@register("boilerpipe-largest")
def largest_content() -> Filter:
    """Boilerpipe LargestContentExtractor: the largest text component of the page, found
    with the word-count rules (WSDM 2010 §4.3, Algorithm 2)."""
    return chain(
        insert_spacer_blocks, num_words_rules_classifier, BlockProximityFusion(), KeepLargestBlock()
    )


@register("boilerpipe-canola")
def canola() -> Filter:
    """Boilerpipe CanolaExtractor: rules trained on the krdwrd Canola corpus, whose notion
    of boilerplate is broader than news."""
    return chain(insert_spacer_blocks, canola_classifier)


@register("boilerpipe-sentences")
def article_sentences(*, unspaced: bool = False) -> Filter:
    """Boilerpipe ArticleSentencesExtractor: ArticleExtractor, then only paragraphs with a
    full clause of five or more words.  ``unspaced`` counts a clause's words as unboiler
    counts words, so that Chinese or Japanese sentences can pass (a variant of ours)."""
    return chain(article(), split_paragraph_blocks, MinClauseWords(unspaced=unspaced))


@register("boilerpipe-numwords")
def num_words_rules() -> Filter:
    """Boilerpipe NumWordsRulesExtractor: the word-count decision tree alone (WSDM 2010
    §4.3, Algorithm 2), block by block."""
    return chain(insert_spacer_blocks, num_words_rules_classifier)


@register("boilerpipe-everything")
def keep_everything() -> Filter:
    """Boilerpipe KeepEverythingExtractor: every block is content (the whole page's text;
    a baseline and a debugging aid)."""
    return chain(insert_spacer_blocks, mark_everything_content)


@register("boilerpipe-everything-minwords")
def keep_everything_with_min_words(min_words: int = KEEP_EVERYTHING_MIN_WORDS) -> Filter:
    """Boilerpipe KeepEverythingWithMinKWordsExtractor: every block of at least min_words
    words, after fusing blocks of equal density."""
    return chain(
        insert_spacer_blocks,
        simple_block_fusion,
        mark_everything_content,
        MinWords(min_words=min_words),
    )
