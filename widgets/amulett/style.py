"""The Das Amulett board's stylesheet, scoped under ``.am-amulett``: a dark wooden table with
parchment panels.

Text sits on parchment (or light text on the dark frame); jewels and sockets carry their
colour's letter (see :mod:`.render`). Rows wrap and the map scales with its column, so the board
fits a 1024-px screen without scrolling sideways.
"""
from ..palette import button_css


CSS = """
<style>
.am-amulett { background: linear-gradient(#3e2723, #1b120f); border-radius: 14px; padding: 10px 12px;
  color: #2b2214; font-family: Georgia, 'Times New Roman', serif; max-width: min(1250px, 100%);
  box-sizing: border-box; }
.am-amulett .widget-html, .am-amulett .widget-vbox { min-width: 0; max-width: 100%; }
.am-amulett .am-panel, .am-amulett .am-setup { background: #f7efe0; border-radius: 10px; padding: 8px 10px; }
.am-amulett .am-header { align-items: center; color: #f7efe0; flex-wrap: wrap; }
.am-amulett .am-header .widget-label, .am-amulett .am-header label { color: #f7efe0; }
.am-amulett .am-title { font-size: 22px; font-weight: 700; color: #ffd54f; margin-right: 16px; }
.am-amulett .am-round { color: #f7efe0; margin-right: auto; }
.am-amulett .am-status { color: #fff3d6; min-height: 20px; font-family: sans-serif; }
.am-amulett .am-status .am-error { color: #ffe3e6; font-weight: 700; }
.am-amulett .am-sheet { background: #f7efe0; border-radius: 10px; padding: 6px 8px; font-size: 13px; min-width: 0;
  flex: 1 1 230px; }
.am-amulett .widget-html:has(> .widget-html-content > .am-sheet) { flex: 1 1 230px; }
.am-amulett .am-active { box-shadow: 0 0 0 3px #ffd54f; }

.am-amulett .am-flag { background: #ffd54f; color: #2b2214; border-radius: 8px; padding: 0 6px; font: 700 11px sans-serif; }
.am-amulett .am-socket { display: inline-block; width: 16px; height: 16px; border-radius: 50%; margin: 1px;
  border: 1px solid #555; background: #eeeeee; color: #000000; font: 700 8px/16px sans-serif; text-align: center;
  vertical-align: middle; }
.am-amulett .am-spells { margin: 2px 0; padding-left: 18px; }
.am-amulett .am-map { width: 100%; max-width: 520px; height: auto; }
.am-amulett .am-log, .am-amulett .am-ledger { max-height: 180px; overflow-y: auto; font: 12px sans-serif; }
.am-amulett .am-area-button { width: 52px; }
.am-amulett .am-move, .am-amulett .am-jewel-button { white-space: normal; height: auto; min-height: 28px; }
""" + button_css(".am-amulett") + """
</style>
"""
