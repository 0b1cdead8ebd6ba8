"""The page as a reader sees it: rendering in a real browser and VIPS segmentation (the
``visual`` extra: Playwright for Python driving Debian's Chromium).

- :mod:`unboiler.visual.render`: the page laid out by Chromium in a worker process, with
  a time limit, every node's box and style, mapped back to the parsed elements;
- :mod:`unboiler.visual.layout`: what VIPS reads of the layout, as columns;
- :mod:`unboiler.visual.vips`: the segmentation (Cai, Yu, Wen and Ma, MSR-TR-2003-79);
- :mod:`unboiler.visual.main_content`: the main block chosen by visual cues (the ``vips``
  extractor);
- :mod:`unboiler.visual.picture`: the segmentation drawn over a screenshot
  (``unboiler segment``).

Nothing here is imported by the rest of the package until a visual method is asked for.
"""
