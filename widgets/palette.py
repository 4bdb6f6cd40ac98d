"""The boards' colours: the Okabe-Ito palette and the WCAG contrast formula that picks their ink.

Okabe and Ito chose these eight colours so that readers with any common colour-vision deficiency
still tell them apart. Every colour-coded thing on a board or a gallery picture takes its colour
from here, and also carries a number, a letter or a shape, so nothing is said by colour alone.
Text drawn on a colour uses :func:`ink`, the darker or lighter of black and white, whichever has
the higher contrast (every Okabe-Ito colour reaches 4.5:1 with one of them).
"""
from __future__ import annotations

OKABE_ITO = {"orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442",
             "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7", "black": "#000000",
             "grey": "#999999"}
BLACK, WHITE = "#000000", "#FFFFFF"
#: WCAG 2 minimum contrast for normal text (success criterion 1.4.3, level AA).
MIN_TEXT_CONTRAST = 4.5


def _rgb(colour: str) -> tuple[int, int, int]:
    text = colour.lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    if len(text) != 6:
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb`` (0 black .. 1 white)."""
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours, from 1 (same) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink(background: str) -> str:
    """Black or white, whichever reads better on ``background``."""
    return BLACK if contrast(BLACK, background) >= contrast(WHITE, background) else WHITE
