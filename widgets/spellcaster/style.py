"""The SpellCaster board's stylesheet, scoped under ``.sc-spellcaster``: a parchment map table.

Text sits on parchment (or light text on the dark frame); colour-coded things carry letters,
numbers or dash patterns (see :mod:`.render`). Rows wrap and the map scales with its column, so
the board fits a 1024-px screen without scrolling sideways.
"""
from ..palette import button_css


CSS = """
<style>
.sc-spellcaster { background: linear-gradient(#243b2f, #142019); border-radius: 14px; padding: 10px 12px;
  color: #2b2214; font-family: Georgia, 'Times New Roman', serif; max-width: min(1250px, 100%);
  box-sizing: border-box; }
.sc-spellcaster .widget-html, .sc-spellcaster .widget-vbox { min-width: 0; max-width: 100%; }
.sc-spellcaster .sc-panel, .sc-spellcaster .sc-setup { background: #f5ecd6; border-radius: 10px; padding: 8px 10px; }
.sc-spellcaster .sc-header { align-items: center; color: #f5ecd6; flex-wrap: wrap; }
.sc-spellcaster .sc-header .widget-label, .sc-spellcaster .sc-header label { color: #f5ecd6; }
.sc-spellcaster .sc-title { font-size: 22px; font-weight: 700; color: #f3c969; margin-right: 16px; }
.sc-spellcaster .sc-round { color: #f5ecd6; margin-right: auto; }
.sc-spellcaster .sc-status { color: #fff3d6; min-height: 20px; font-family: sans-serif; }
.sc-spellcaster .sc-status .sc-error { color: #ffe3e6; font-weight: 700; }
.sc-spellcaster .sc-map { width: 100%; max-width: 400px; height: auto; display: block; }
.sc-spellcaster .sc-legend { display: flex; flex-wrap: wrap; gap: 4px 12px; font: 12px sans-serif; margin: 4px 0; }
.sc-spellcaster .sc-legend-item { display: inline-flex; align-items: center; gap: 4px; }
.sc-spellcaster .sc-sheet { background: #f5ecd6; border-radius: 10px; padding: 6px 8px; font-size: 13px;
  min-width: 0; flex: 1 1 280px; }
.sc-spellcaster .widget-html:has(> .widget-html-content > .sc-sheet) { flex: 1 1 280px; }
.sc-spellcaster .sc-active { box-shadow: 0 0 0 3px #f3c969; }

.sc-spellcaster .sc-pawn { width: 17px; height: 17px; border-radius: 50%; display: inline-flex; align-items: center;
  justify-content: center; border: 1px solid #222; font: 700 10px/1 sans-serif; vertical-align: middle; }
.sc-spellcaster .sc-flag { background: #f3c969; color: #2b2214; border-radius: 8px; padding: 0 6px; font: 700 11px sans-serif; }
.sc-spellcaster .sc-card { border: 2px solid; border-radius: 4px; padding: 0 3px; margin: 0 2px; font: 700 12px sans-serif;
  background: #ffffff; color: #1b1b1b; }
.sc-spellcaster .sc-face-down { background: repeating-linear-gradient(45deg, #eee, #eee 3px, #ddd 3px, #ddd 6px); }
.sc-spellcaster .sc-slot { margin: 2px 0; }
.sc-spellcaster .sc-deck { margin-right: 8px; font-weight: 700; white-space: nowrap; }
.sc-spellcaster .sc-swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 3px;
  border: 1px solid #222; vertical-align: middle; }
.sc-spellcaster .sc-log { max-height: 180px; overflow-y: auto; font: 12px sans-serif; }
.sc-spellcaster .sc-odds { font: 13px sans-serif; }
.sc-spellcaster .sc-move { white-space: normal; height: auto; min-height: 28px; }
""" + button_css(".sc-spellcaster") + """
</style>
"""
