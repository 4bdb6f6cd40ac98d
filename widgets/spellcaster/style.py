"""The SpellCaster board's stylesheet, scoped under ``.sc-spellcaster``: a parchment map table."""

CSS = """
<style>
.sc-spellcaster { background: linear-gradient(#243b2f, #142019); border-radius: 14px; padding: 10px 12px;
  color: #2b2214; font-family: Georgia, 'Times New Roman', serif; max-width: 1250px; }
.sc-spellcaster .sc-panel, .sc-spellcaster .sc-setup { background: #f5ecd6; border-radius: 10px; padding: 8px 10px; }
.sc-spellcaster .sc-header { align-items: center; color: #f5ecd6; }
.sc-spellcaster .sc-title { font-size: 22px; font-weight: 700; color: #f3c969; margin-right: 16px; }
.sc-spellcaster .sc-round { color: #f5ecd6; margin-right: auto; }
.sc-spellcaster .sc-status { color: #fff3d6; min-height: 20px; font-family: sans-serif; }
.sc-spellcaster .sc-status .sc-error { color: #ffb4b4; font-weight: 700; }
.sc-spellcaster .sc-sheet { background: #f5ecd6; border-radius: 10px; padding: 6px 8px; font-size: 13px; min-width: 280px; }
.sc-spellcaster .sc-active { box-shadow: 0 0 0 3px #f3c969; }
.sc-spellcaster .sc-pawn { width: 12px; height: 12px; border-radius: 50%; display: inline-block; border: 1px solid #222; }
.sc-spellcaster .sc-flag { background: #f3c969; border-radius: 8px; padding: 0 6px; font: 700 11px sans-serif; }
.sc-spellcaster .sc-card { border: 2px solid; border-radius: 4px; padding: 0 3px; margin: 0 2px; font: 700 12px sans-serif;
  background: #fff; }
.sc-spellcaster .sc-face-down { background: repeating-linear-gradient(45deg, #eee, #eee 3px, #ddd 3px, #ddd 6px); }
.sc-spellcaster .sc-slot { margin: 2px 0; }
.sc-spellcaster .sc-deck { margin-right: 6px; font-weight: 700; }
.sc-spellcaster .sc-log { max-height: 180px; overflow-y: auto; font: 12px sans-serif; }
.sc-spellcaster .sc-odds { font: 13px sans-serif; }
</style>
"""
