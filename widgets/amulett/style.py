"""The Das Amulett board's stylesheet, scoped under ``.am-amulett``: a dark wooden table with
parchment panels (the frame Das Amulett shares with SpellCaster: :func:`widgets.palette.parchment_table_css`).

Text sits on parchment (or light text on the dark frame); jewels and sockets carry their
colour's letter (see :mod:`.render`). Rows wrap and the map scales with its column, so the board
fits a 1024-px screen without scrolling sideways.
"""
from ..palette import button_css, parchment_table_css


CSS = """
<style>
""" + parchment_table_css("am-amulett", "am", frame=("#3e2723", "#1b120f"), parchment="#f7efe0", gold="#ffd54f",
                          sheet_basis="230px", scrolling=("log", "ledger"), wrapping=("move", "jewel-button")) + """
.am-amulett .am-socket { display: inline-block; width: 16px; height: 16px; border-radius: 50%; margin: 1px;
  border: 1px solid #555; background: #eeeeee; color: #000000; font: 700 8px/16px sans-serif; text-align: center;
  vertical-align: middle; }
.am-amulett .am-spells { margin: 2px 0; padding-left: 18px; }
.am-amulett .am-map { width: 100%; max-width: 520px; height: auto; }
.am-amulett .am-area-button { width: 52px; }
""" + button_css(".am-amulett") + """
</style>
"""
