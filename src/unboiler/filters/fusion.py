"""Block fusion: merging neighbouring blocks into larger ones (Kohlschütter et al., WSDM
2010, §5.1 "block fusion"; Boilerpipe 1.3 ``SimpleBlockFusionProcessor`` and
``BlockProximityFusion``).

The paper fuses neighbours of similar text density; Boilerpipe's extractors use two
simpler forms, both here: fuse neighbours of *equal* density, and fuse blocks whose
original positions are close once the filters upstream have removed what lies between.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from unboiler.document import TextDocument

#: Blocks further apart than this (in original positions) are never fused
#: (Boilerpipe's ``BlockProximityFusion.MAX_DISTANCE_1``).
MAX_BLOCKS_DISTANCE: Final = 1


def simple_block_fusion(document: TextDocument) -> bool:
    """Merge each block into its predecessor when both have exactly the same text density
    (Boilerpipe's SimpleBlockFusionProcessor): runs of short lines of one density, such as
    the lines of a list or a poem, become one block."""
    blocks = document.blocks
    if len(blocks) < 2:
        return False
    kept = [blocks[0]]
    current = blocks[0]
    for block in blocks[1:]:
        if current.text_density == block.text_density:
            current.merge_next(block)
        else:
            kept.append(block)
            current = block
    changed = len(kept) != len(blocks)
    document.blocks = kept
    return changed


@dataclass(frozen=True, kw_only=True)
class BlockProximityFusion:
    """Fuse a content block into the block before it when their original positions are at
    most ``max_blocks_distance`` apart (Boilerpipe's BlockProximityFusion).

    Only content blocks are ever merged into their predecessor; with ``content_only`` the
    predecessor must be content too, and scanning starts at the first content block; with
    ``same_tag_level_only`` both must start at the same element depth.  The distance counts
    the original blocks between the two, so it only matters after upstream filters removed
    some: on a fresh document every pair of neighbours is at distance zero.
    """

    max_blocks_distance: int = MAX_BLOCKS_DISTANCE
    content_only: bool = False
    same_tag_level_only: bool = False

    def __call__(self, document: TextDocument) -> bool:
        blocks = document.blocks
        if len(blocks) < 2:
            return False
        if self.content_only:
            start = next((i for i, block in enumerate(blocks) if block.is_content), None)
            if start is None:
                return False
        else:
            start = 0
        kept = blocks[: start + 1]
        previous = blocks[start]
        for block in blocks[start + 1 :]:
            if not block.is_content:
                kept.append(block)
                previous = block
                continue
            distance = block.offset_start - previous.offset_end - 1
            fuse = distance <= self.max_blocks_distance
            if fuse and self.content_only and not previous.is_content:
                fuse = False
            if fuse and self.same_tag_level_only and previous.tag_level != block.tag_level:
                fuse = False
            if fuse:
                previous.merge_next(block)
            else:
                kept.append(block)
                previous = block
        changed = len(kept) != len(blocks)
        document.blocks = kept
        return changed


__all__ = ["MAX_BLOCKS_DISTANCE", "BlockProximityFusion", "simple_block_fusion"]
