"""The browser side of :mod:`unboiler.visual.render`: a process of its own that drives
Chromium with Playwright and answers one JSON request per line on standard input.

It runs apart from the caller so that a page which hangs the renderer can be stopped
for sure: the caller kills this process and every process under it (Chromium and its
helpers) when a page's time is up, and starts a new one for the next page.  Nothing
here decides anything about the page; it renders and measures.

Requests (one JSON object per line) and their answers (likewise):

- ``{"op": "render", "html", "width", "height", "javascript", "budget_ms"}``: load the
  HTML in a new page (no network: every request the page makes is aborted), then
  measure every element and text node in one pass of script (:data:`COLLECT`); the
  answer is ``{"ok": true, "rows": [...], "width", "height"}``.
- ``{"op": "draw", "boxes": [...], "path"}``: draw the boxes over the page rendered last
  (:data:`DRAW`) and write a full-page PNG screenshot to ``path``.
- ``{"op": "close"}``: close the browser and exit.

Any failure is answered ``{"ok": false, "error": reason}``.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

#: One pass over the rendered page: every element under ``<body>`` and every text node
#: that is not only whitespace, in document order, as rows of
#: ``[parent, ubid, tag, x, y, width, height, display, visible, background, colour,
#: font size, font weight, borders, text, position]``.  ``ubid`` is the ``data-ubid`` the caller
#: put on the parsed page's elements (-1 on elements the browser made itself); a text
#: node's tag is ``#text`` and its box is the box of its lines; ``borders`` is a bit
#: mask (1 top, 2 right, 4 bottom, 8 left).  Positions are page coordinates (the
#: viewport's scroll added).  The pass checks its time budget as it goes, so that a
#: page of a hundred thousand elements ends in an error rather than in a kill.
COLLECT = """
(budget) => {
  const start = performance.now();
  const skip = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'HEAD', 'META', 'LINK', 'TITLE']);
  const sx = window.scrollX, sy = window.scrollY;
  const rows = [];
  const range = document.createRange();
  const body = document.body;
  if (!body) return rows;
  const stack = [[body, -1, null]];
  let seen = 0;
  while (stack.length) {
    const [node, parent, style] = stack.pop();
    if (++seen % 256 === 0 && performance.now() - start > budget) {
      throw new Error('time limit: the page took too long to measure');
    }
    if (node.nodeType === 3) {
      const text = node.data;
      if (!text.trim()) continue;
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      rows.push([parent, -1, '#text', r.left + sx, r.top + sy, r.width, r.height,
                 'inline', style[0], 'rgba(0, 0, 0, 0)', style[1], style[2], style[3], 0,
                 text, 'static']);
      continue;
    }
    if (node.nodeType !== 1 || skip.has(node.tagName)) continue;
    const cs = getComputedStyle(node);
    const r = node.getBoundingClientRect();
    let borders = 0;
    if (cs.borderTopStyle !== 'none' && parseFloat(cs.borderTopWidth) > 0) borders |= 1;
    if (cs.borderRightStyle !== 'none' && parseFloat(cs.borderRightWidth) > 0) borders |= 2;
    if (cs.borderBottomStyle !== 'none' && parseFloat(cs.borderBottomWidth) > 0) borders |= 4;
    if (cs.borderLeftStyle !== 'none' && parseFloat(cs.borderLeftWidth) > 0) borders |= 8;
    const visible = cs.display !== 'none' && cs.visibility === 'visible' &&
      parseFloat(cs.opacity) > 0;
    const ubid = node.getAttribute('data-ubid');
    const index = rows.length;
    const font = parseFloat(cs.fontSize) || 0;
    const weight = parseInt(cs.fontWeight, 10) || 400;
    rows.push([parent, ubid === null ? -1 : parseInt(ubid, 10), node.tagName.toLowerCase(),
               r.left + sx, r.top + sy, r.width, r.height, cs.display, visible,
               cs.backgroundColor, cs.color, font, weight, borders, '', cs.position]);
    if (cs.display === 'none') continue;
    const inherited = [visible, cs.color, font, weight];
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push([children[i], index, inherited]);
    }
  }
  return rows;
}
"""

#: Boxes drawn over the page for a screenshot: one absolutely placed element per box,
#: outlined, with its label in a corner; ``kind`` is ``block`` or ``separator``.
DRAW = """
(boxes) => {
  const layer = document.createElement('div');
  layer.setAttribute('style', 'position:absolute;left:0;top:0;width:0;height:0;' +
    'z-index:2147483647;pointer-events:none');
  const colours = ['#d62728', '#1f77b4', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf',
                   '#e377c2', '#8c564b'];
  boxes.forEach((box, i) => {
    const el = document.createElement('div');
    const colour = colours[i % colours.length];
    const common = `position:absolute;box-sizing:border-box;left:${box.x}px;` +
      `top:${box.y}px;width:${Math.max(box.width, 2)}px;height:${Math.max(box.height, 2)}px;`;
    if (box.kind === 'separator') {
      el.setAttribute('style', common + 'background:rgba(255,200,0,.35);');
    } else {
      el.setAttribute('style', common + `outline:2px solid ${colour};` +
        'background:rgba(255,255,255,0);');
      const tag = document.createElement('span');
      tag.textContent = box.label;
      tag.setAttribute('style', `position:absolute;right:0;top:0;background:${colour};` +
        'color:#fff;font:bold 11px/13px monospace;padding:0 3px;white-space:nowrap');
      el.appendChild(tag);
    }
    layer.appendChild(el);
  });
  document.documentElement.appendChild(layer);
}
"""


def main() -> None:
    """Serve requests until ``close`` or the end of input; the first line is the launch
    settings (``executable``)."""
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    settings = json.loads(sys.stdin.readline() or "{}")
    args = ["--no-sandbox"] if os.geteuid() == 0 else []  # Chromium refuses root otherwise
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=settings["executable"], args=args)
        sys.stdout.write(json.dumps({"ok": True, "ready": True}) + "\n")
        sys.stdout.flush()
        context: Any = None
        page: Any = None
        for line in sys.stdin:
            request = json.loads(line)
            op = request.get("op")
            if op == "close":
                break
            try:
                if op == "render":
                    if context is not None:
                        context.close()
                    context = browser.new_context(
                        java_script_enabled=bool(request["javascript"]),
                        viewport={"width": request["width"], "height": request["height"]},
                        service_workers="block",
                    )
                    context.route("**/*", lambda route: route.abort())
                    page = context.new_page()
                    page.set_content(
                        request["html"], wait_until="load", timeout=request["budget_ms"]
                    )
                    rows = page.evaluate(COLLECT, request["budget_ms"])
                    size = page.evaluate(
                        "() => [document.documentElement.scrollWidth,"
                        " document.documentElement.scrollHeight]"
                    )
                    answer: dict[str, Any] = {
                        "ok": True,
                        "rows": rows,
                        "width": size[0],
                        "height": size[1],
                    }
                elif op == "draw" and page is not None:
                    page.evaluate(DRAW, request["boxes"])
                    page.screenshot(path=request["path"], full_page=True)
                    answer = {"ok": True}
                else:
                    answer = {"ok": False, "error": f"unknown request {op!r}"}
            except PlaywrightTimeout:
                answer = {"ok": False, "error": "time limit: the page did not finish loading"}
            except PlaywrightError as error:
                answer = {"ok": False, "error": str(error).splitlines()[0]}
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()
        browser.close()


if __name__ == "__main__":
    main()
