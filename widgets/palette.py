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


# ----- each game's colour-coded things (the boards and the gallery pictures share them) ----------
_OI = OKABE_ITO
#: Abracada's spells 1..8, echoing the spell where the palette allows (the Dragon's fire, the
#: Wanderer's dark, the Singer's night blue, the Drink's green); the number is always drawn too.
ABRACADA_SPELLS = {1: _OI["vermillion"], 2: _OI["black"], 3: _OI["purple"], 4: _OI["blue"],
                   5: _OI["yellow"], 6: _OI["sky"], 7: _OI["orange"], 8: _OI["green"]}
#: Spell Runes' spells; every chip and button also names its spell.
RUNES_SPELLS = {"healing": _OI["green"], "attack": _OI["vermillion"], "familiar": _OI["purple"],
                "loot": _OI["orange"], "chain": _OI["blue"], "class": _OI["sky"], "restore": _OI["yellow"],
                "quantum": _OI["black"]}
#: Seat pawns, by seat number (a pawn also shows the number).
SEATS = (_OI["blue"], _OI["vermillion"], _OI["yellow"], _OI["green"], _OI["purple"], _OI["orange"])
#: SpellCaster's elements (Fire, Earth, Water, Air); a path also has its element's dash pattern and a
#: point its elements' letters.
SPELLCASTER_ELEMENTS = {"F": _OI["vermillion"], "E": _OI["orange"], "W": _OI["blue"], "A": _OI["sky"]}
#: Das Amulett's terrains; an area also shows its metal's letter (one metal per terrain) or a star.
AMULETT_TERRAIN = {"water": _OI["sky"], "forest": _OI["green"], "desert": _OI["yellow"], "mountain": _OI["grey"],
                   "city": _OI["purple"]}


#: ipywidgets' button styles (success, info, warning, danger) in Okabe-Ito colours with readable
#: ink; the stock ones put white text on light green, teal and orange (below 4.5:1).
BUTTON_STYLES = {"success": _OI["green"], "info": _OI["blue"], "warning": _OI["orange"], "danger": _OI["vermillion"]}


def button_css(root: str) -> str:
    """CSS rules giving the styled buttons under ``root`` (a board's root selector) those colours."""
    return "\n".join(f"{root} .jupyter-button.mod-{style} {{ background-color: {colour}; color: {ink(colour)}; }}"
                     for style, colour in BUTTON_STYLES.items())


def parchment_table_css(root: str, prefix: str, *, frame: tuple[str, str], parchment: str, gold: str,
                        sheet_basis: str, scrolling: tuple[str, ...] = ("log",),
                        wrapping: tuple[str, ...] = ("move",)) -> str:
    """The rules Das Amulett and SpellCaster share: parchment panels on a dark ``frame`` (its
    gradient's two colours), a header in parchment ink with a ``gold`` title, a status line, the
    players' sheets (``sheet_basis``: a sheet's flex basis, so sheets wrap), the active seat's gold
    ring, flags, the scrolling panels (``scrolling``: class suffixes) and move buttons whose words
    wrap (``wrapping``). ``root`` is the board's root class, ``prefix`` its CSS prefix.

    The set-up form's title and the log's are ``<h2>`` (the board's headings sit right under the
    page's ``<h1>``), kept at the size and margins they had as ``<h3>`` and ``<h4>``."""
    r, p = f".{root}", prefix
    scroll = ", ".join(f"{r} .{p}-{name}" for name in scrolling)
    wrap = ", ".join(f"{r} .{p}-{name}" for name in wrapping)
    return f"""{r} {{ background: linear-gradient({frame[0]}, {frame[1]}); border-radius: 14px; padding: 10px 12px;
  color: #2b2214; font-family: Georgia, 'Times New Roman', serif; max-width: min(1250px, 100%);
  box-sizing: border-box; }}
{r} .widget-html, {r} .widget-vbox {{ min-width: 0; max-width: 100%; }}
{r} .{p}-panel, {r} .{p}-setup {{ background: {parchment}; border-radius: 10px; padding: 8px 10px; }}
{r} .{p}-header {{ align-items: center; color: {parchment}; flex-wrap: wrap; }}
{r} .{p}-header .widget-label, {r} .{p}-header label {{ color: {parchment}; }}
{r} .{p}-title {{ font-size: 22px; font-weight: 700; color: {gold}; margin-right: 16px; }}
{r} .{p}-round {{ color: {parchment}; margin-right: auto; }}
{r} .{p}-status {{ color: #fff3d6; min-height: 20px; font-family: sans-serif; }}
{r} .{p}-status .{p}-error {{ color: #ffe3e6; font-weight: 700; }}
{r} .{p}-h {{ margin: 1em 0; }}
{r} .{p}-log-box h2 {{ font-size: 1em; margin: 1.33em 0; }}
{r} .{p}-sheet {{ background: {parchment}; border-radius: 10px; padding: 6px 8px; font-size: 13px; min-width: 0;
  flex: 1 1 {sheet_basis}; }}
{r} .widget-html:has(> .widget-html-content > .{p}-sheet) {{ flex: 1 1 {sheet_basis}; }}
{r} .{p}-active {{ box-shadow: 0 0 0 3px {gold}; }}
{r} .{p}-flag {{ background: {gold}; color: #2b2214; border-radius: 8px; padding: 0 6px; font: 700 11px sans-serif; }}
{scroll} {{ max-height: 180px; overflow-y: auto; font: 12px sans-serif; }}
{wrap} {{ white-space: normal; height: auto; min-height: 28px; }}
"""
