"""A small dataset written on the fly: pages of four sites whose articles are long
paragraphs and whose boilerplate is menus, share buttons and footers, in the gold-folder
shape ``unboiler eval`` and ``unboiler train`` read."""

from __future__ import annotations

import json
import random
from pathlib import Path

_VOCABULARY = (
    "river harbour council volunteers morning winter library ferry engineer market island "
    "bridge school garden museum station village summer festival keeper tower report season "
    "coast history building plan people water"
)
WORDS = _VOCABULARY.split()
MENU = ["Home", "News", "Sport", "Weather", "Business", "Culture", "Travel"]
FOOTER = "Copyright 2026 The Example Gazette. All rights reserved. Privacy policy and terms."


def _sentence(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(12, 20))]
    return " ".join(words).capitalize() + "."


def make_page(rng: random.Random, site: int) -> tuple[str, str]:
    """One page (HTML) and its gold text."""
    paragraphs = [" ".join(_sentence(rng) for _ in range(3)) for _ in range(rng.randint(3, 5))]
    menu = "".join(f'<li class="menu-item"><a href="/{m.lower()}">{m}</a></li>' for m in MENU)
    related = "".join(f'<li><a href="/story/{i}">{_sentence(rng)[:40]}</a></li>' for i in range(4))
    body = "\n".join(f'<p class="story-text">{p}</p>' for p in paragraphs)
    html = (
        f"<html><head><title>Site {site}</title></head><body>\n"
        f'<nav class="site-nav"><ul>{menu}</ul></nav>\n'
        f'<div class="article-body">\n{body}\n</div>\n'
        f'<aside class="related"><ul>{related}</ul></aside>\n'
        f'<div class="share"><a href="/s/f">Share on Facebook</a> <a href="/s/t">Tweet</a></div>\n'
        f'<footer class="site-footer"><p>{FOOTER}</p></footer>\n'
        "</body></html>\n"
    )
    return html, "\n".join(paragraphs)


def write_dataset(folder: Path, pages: int = 12, *, seed: int = 7) -> Path:
    """Write ``pages`` pages over four sites into ``folder``; returns the folder."""
    rng = random.Random(seed)
    (folder / "html").mkdir(parents=True)
    truth = {}
    for number in range(pages):
        site = number % 4
        html, gold = make_page(rng, site)
        key = f"p{number:02d}"
        (folder / "html" / f"{key}.html").write_text(html, encoding="utf-8")
        truth[key] = {"articleBody": gold, "url": f"https://www.site{site}.example/{key}"}
    (folder / "ground-truth.json").write_text(json.dumps(truth), encoding="utf-8")
    return folder
