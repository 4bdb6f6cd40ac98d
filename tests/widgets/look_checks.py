"""Checks shared by the ``test_look_*`` files: text alternatives of SVGs and the contrast of the
colour pairs a stylesheet sets (computed with the WCAG formula in :mod:`widgets.palette`)."""
from __future__ import annotations

import random
import re
from html import unescape

from widgets.palette import MIN_TEXT_CONTRAST, OKABE_ITO, contrast

SVG_OPEN = re.compile(r"<svg\b[^>]*>", re.S)
_HEX = r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b"
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")


def svgs_without_text_alternative(html: str) -> list[str]:
    """Every ``<svg>`` opening tag that lacks ``role="img"``, a non-empty ``aria-label`` or a
    non-empty ``<title>`` right after it; a decorative one (``aria-hidden="true"``, e.g. a legend's
    sample line beside its words) is left out."""
    bad = []
    for m in SVG_OPEN.finditer(html):
        tag = m.group(0)
        if 'aria-hidden="true"' in tag:
            continue
        label = re.search(r'aria-label="([^"]*)"', tag)
        title = re.match(r"\s*<title>([^<]*)</title>", html[m.end():])
        if 'role="img"' not in tag or not (label and label.group(1).strip()) or not (title and title.group(1).strip()):
            bad.append(tag[:120])
    return bad


def svg_titles(html: str) -> list[str]:
    """The picture-level titles (the ``<title>`` right after each ``<svg>``), unescaped."""
    out = []
    for m in SVG_OPEN.finditer(html):
        title = re.match(r"\s*<title>([^<]*)</title>", html[m.end():])
        out.append(unescape(title.group(1)) if title else "")
    return out


def css_text_pairs(css: str) -> list[tuple[str, str, str]]:
    """``(selector, color, background)`` for every rule that sets both a plain ``color`` and a
    plain (one hex colour, no gradient) ``background``."""
    pairs = []
    for selector, body in _RULE.findall(css):
        fg = re.search(rf"(?<![-\w])color:\s*({_HEX})", body)
        bg = re.search(rf"background(?:-color)?:\s*({_HEX})\s*[;}}]?", body)
        if fg and bg and "gradient" not in body:
            pairs.append((selector.strip(), fg.group(1), bg.group(1)))
    return pairs


def low_contrast(pairs, minimum: float = MIN_TEXT_CONTRAST) -> list[str]:
    return [f"{sel}: {fg} on {bg} = {contrast(fg, bg):.2f}" for sel, fg, bg in pairs if contrast(fg, bg) < minimum]


def is_okabe_ito(colour: str) -> bool:
    return colour.upper() in {c.upper() for c in OKABE_ITO.values()}


def played(module, seed: int, players: int, moves: int):
    """A game of ``module`` (a registered game) after up to ``moves`` random legal actions."""
    game = module.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game
