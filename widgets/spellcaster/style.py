"""The SpellCaster board's stylesheet, scoped under ``.sc-spellcaster``: a parchment map table
(the frame SpellCaster shares with Das Amulett: :func:`widgets.palette.parchment_table_css`).

Text sits on parchment (or light text on the dark frame); colour-coded things carry letters,
numbers or dash patterns (see :mod:`.render`). Rows wrap and the map scales with its column, so
the board fits a 1024-px screen without scrolling sideways.
"""
from ..palette import button_css, parchment_table_css


CSS = """
<style>
""" + parchment_table_css("sc-spellcaster", "sc", frame=("#243b2f", "#142019"), parchment="#f5ecd6", gold="#f3c969",
                          sheet_basis="280px") + """
.sc-spellcaster .sc-map { width: 100%; max-width: 400px; height: auto; display: block; }
.sc-spellcaster .sc-legend { display: flex; flex-wrap: wrap; gap: 4px 12px; font: 12px sans-serif; margin: 4px 0; }
.sc-spellcaster .sc-legend-item { display: inline-flex; align-items: center; gap: 4px; }
.sc-spellcaster .sc-pawn { width: 17px; height: 17px; border-radius: 50%; display: inline-flex; align-items: center;
  justify-content: center; border: 1px solid #222; font: 700 10px/1 sans-serif; vertical-align: middle; }
.sc-spellcaster .sc-card { border: 2px solid; border-radius: 4px; padding: 0 3px; margin: 0 2px; font: 700 12px sans-serif;
  background: #ffffff; color: #1b1b1b; }
.sc-spellcaster .sc-face-down { background: repeating-linear-gradient(45deg, #eee, #eee 3px, #ddd 3px, #ddd 6px); }
.sc-spellcaster .sc-slot { margin: 2px 0; }
.sc-spellcaster .sc-deck { margin-right: 8px; font-weight: 700; white-space: nowrap; }
.sc-spellcaster .sc-swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 3px;
  border: 1px solid #222; vertical-align: middle; }
.sc-spellcaster .sc-odds { font: 13px sans-serif; }
""" + button_css(".sc-spellcaster") + """
</style>
"""
