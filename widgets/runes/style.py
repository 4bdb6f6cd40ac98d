"""The Spell Runes board's stylesheet, delivered once in an ``ipywidgets.HTML`` ``<style>`` block.

Every rule is scoped under ``.sr-runes`` (the board's root class) so nothing around the board
is restyled. The look: a night-blue duelling table with parchment panels and carved dice. Text
sits on parchment or on a colour whose ink :func:`widgets.palette.ink` picked, never dark on
the night blue; rows wrap, so the board fits a 1024-px screen without scrolling sideways.
"""
from ..palette import button_css, ink
from .render import SPELL_COLOURS, SPELL_KEYS

#: Each spell button's text in the ink that reads on its colour.
_SPELL_INK = "\n".join(f".sr-runes .sr-spell-{key.replace(':', '-')} {{ color: {ink(SPELL_COLOURS[key.split(':')[0]])}; }}"
                       for key in SPELL_KEYS)

CSS = """
<style>
.sr-runes { background: radial-gradient(ellipse at top, #2b2f5c 0%, #15172e 100%); border-radius: 14px;
  padding: 10px 12px; color: #2b2214; font-family: Georgia, 'Times New Roman', serif;
  max-width: min(1250px, 100%); box-sizing: border-box;
  box-shadow: inset 0 0 0 3px #8a6d2f, inset 0 0 0 6px #2a1d08; }
.sr-runes .widget-html, .sr-runes .widget-vbox { min-width: 0; max-width: 100%; }
.sr-runes .widget-vbox > .sr-controls { flex: 0 0 auto !important; }
.sr-runes .sr-side { flex: 1 1 300px !important; max-width: 440px; }
.sr-runes .sr-offers { background: #f5ecd6; border-radius: 10px; padding: 8px 10px; margin-top: 8px;
  box-shadow: 0 2px 6px rgba(0,0,0,.45); color: #2b2214; }
.sr-runes .sr-offers h2 { margin: 0 0 6px 0; font-size: 14px; color: #4b3b22; }
.sr-runes .sr-offer-cards { display: flex; flex-wrap: wrap; gap: 8px; }
.sr-runes .sr-offer { flex: 1 1 220px; background: #fff8e7; border: 1px solid #b8955a; border-radius: 8px;
  padding: 6px 8px; font: 13px/1.4 sans-serif; color: #2b2214; }
.sr-runes .sr-offer b { font: 700 15px Georgia, serif; display: block; margin-bottom: 2px; }
.sr-runes .sr-needs { font: 12px/1.35 sans-serif; margin-top: 6px; color: #2b2214; }
.sr-runes .sr-needs ul { list-style: none; padding: 0; margin: 4px 0 0 0; display: grid;
  grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); gap: 3px 12px; }
.sr-runes .sr-chip { border-radius: 6px; padding: 0 5px; font-weight: 700; }
.sr-runes .sr-needs .sr-cannot { color: #4b3b22; }
.sr-runes .sr-needs .sr-can { font-weight: 600; }
.sr-runes .sr-panel, .sr-runes .sr-setup { background: #f5ecd6; border-radius: 10px; padding: 8px 10px;
  box-shadow: 0 2px 6px rgba(0,0,0,.45); }
.sr-runes .sr-header { align-items: center; color: #f5ecd6; }
.sr-runes .sr-title { font-size: 22px; font-weight: 700; color: #f3c969; text-shadow: 0 1px 2px #000;
  margin-right: 16px; letter-spacing: .5px; }
.sr-runes .sr-round { color: #f5ecd6; font-size: 15px; margin-right: auto; }
.sr-runes .widget-label, .sr-runes label { color: inherit; }
.sr-runes .sr-header .widget-label, .sr-runes .sr-footer .widget-label, .sr-runes .sr-footer label { color: #f5ecd6; }
.sr-runes .sr-status { color: #fff3d6; min-height: 20px; font-family: sans-serif; font-size: 14px; }
.sr-runes .sr-status .sr-error { color: #ffb4b4; font-weight: 700; }
.sr-runes .sr-seat { background: #f5ecd6; border-radius: 10px; padding: 6px 8px; box-shadow: 0 2px 6px rgba(0,0,0,.45);
  font-size: 13px; min-height: 96px; }
.sr-runes .sr-me .sr-seat, .sr-runes .sr-seat.sr-me { border: 2px solid #c9a227; }
.sr-runes .sr-active { box-shadow: 0 0 0 3px #f3c969, 0 2px 8px rgba(0,0,0,.5); }
.sr-runes .sr-down { opacity: .5; filter: grayscale(.7); }
.sr-runes .sr-seat-head { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; font-size: 14px; }
.sr-runes .sr-pawn { width: 17px; height: 17px; border-radius: 50%; border: 1px solid #222; display: inline-flex;
  align-items: center; justify-content: center; font: 700 10px/1 sans-serif; flex: none; }
.sr-runes .sr-level { color: #6b5a3e; font-style: italic; font-size: 12px; }
.sr-runes .sr-flag { background: #f3c969; border-radius: 8px; padding: 0 6px; font: 700 11px sans-serif; }
.sr-runes .sr-health { position: relative; height: 16px; background: #d9ccb0; border-radius: 8px; overflow: hidden;
  margin: 5px 0; }
.sr-runes .sr-health div { height: 100%; transition: width .4s; }
.sr-runes .sr-health span { position: absolute; left: 8px; top: 0; font: 700 11px/16px sans-serif; color: #000000; }
.sr-runes .sr-slots { display: flex; gap: 3px; flex-wrap: wrap; }
.sr-runes .sr-slot { font: 11px sans-serif; border-radius: 6px; padding: 0 5px; border: 1px solid var(--c); }
.sr-runes .sr-slot.sr-ready { background: var(--c); color: var(--t); }
.sr-runes .sr-slot.sr-spent { color: #5e5037; text-decoration: line-through; }
.sr-runes .sr-facts { display: flex; gap: 10px; flex-wrap: wrap; font: 12px sans-serif; margin-top: 4px; }
.sr-runes .sr-fam { color: #4a1762; font-weight: 600; }
.sr-runes .sr-art { color: #7a4e00; font-weight: 600; }
.sr-runes .sr-wizard-text { font: italic 12px Georgia, serif; margin: 6px 2px; color: #4b3b22; }
.sr-runes .sr-hand { font: 13px sans-serif; }
.sr-runes .sr-card { display: inline-block; background: #fff8e7; border: 1px solid #b8955a; border-radius: 6px;
  padding: 1px 6px; margin: 2px; }
.sr-runes .sr-centre { font: 13px sans-serif; display: flex; flex-direction: column; gap: 6px; }
.sr-runes .sr-quantum { border-radius: 8px; padding: 4px 8px; background: #e7dcc2; color: #555;
  font: 700 13px Georgia, serif; }
.sr-runes .sr-quantum.sr-q-on { background: linear-gradient(90deg, #1b1b1b, #4a148c); color: #e1bee7;
  box-shadow: 0 0 10px #7b1fa2; }
.sr-runes .sr-order { display: inline-flex; gap: 4px; flex-wrap: wrap; }
.sr-runes .sr-step { background: #e7dcc2; border-radius: 6px; padding: 0 5px; }
.sr-runes .sr-step.sr-now { background: #f3c969; font-weight: 700; }
.sr-runes .sr-decks { color: #6b5a3e; }
.sr-runes .sr-prompt { font: 14px sans-serif; padding: 6px 8px; border-radius: 8px; background: #e7dcc2; }
.sr-runes .sr-prompt.sr-mine { background: #fff3c4; border-left: 5px solid #c9a227; font-weight: 600; }
.sr-runes .sr-dice-row { align-items: center; gap: 8px; flex-wrap: wrap; }
.sr-runes .sr-die { width: 58px; height: 58px; border-radius: 12px; font: 700 28px Georgia, serif;
  background: linear-gradient(145deg, #fffdf6, #e9dcbc); color: #2b2214; border: 2px solid #8a6d2f;
  box-shadow: 0 3px 0 #6b521f; }
.sr-runes .sr-die.mod-active { background: linear-gradient(145deg, #f7d774, #d4a52a); border-color: #6b3d00;
  transform: translateY(2px); box-shadow: 0 1px 0 #6b521f, 0 0 0 3px #fff3c4; }
.sr-runes .sr-die:disabled, .sr-runes .sr-die.mod-disabled { opacity: .6; }
.sr-runes .sr-die { position: relative; }
.sr-runes .sr-die.mod-active { border-width: 4px; border-style: double; }
.sr-runes .sr-die.mod-active::after { content: "✔"; position: absolute; top: 1px; right: 4px;
  font: 700 13px sans-serif; color: #000000; }
.sr-runes .sr-roll-of { font: 13px sans-serif; color: #5d4a2c; min-width: 90px; }
.sr-runes .sr-spells { grid-gap: 6px; }
.sr-runes .sr-spell { height: auto; min-height: 36px; border-radius: 8px; font: 700 13px Georgia, serif;
  box-shadow: 0 2px 0 rgba(0,0,0,.35); white-space: normal; line-height: 1.2; }
.sr-runes .sr-spell:disabled, .sr-runes .sr-spell.mod-disabled { opacity: .45; box-shadow: none; }
.sr-runes .sr-action { height: 34px; border-radius: 8px; }
.sr-runes .sr-moves { display: flex; flex-wrap: wrap; gap: 4px; }
.sr-runes .sr-advisor h2, .sr-runes .sr-log-box h2, .sr-runes .sr-h4 { margin: 0 0 6px 0; font-size: 14px; color: #5d4a2c; }
.sr-runes .sr-advisor table { border-collapse: collapse; font: 12px sans-serif; width: 100%; }
.sr-runes .sr-advisor td, .sr-runes .sr-advisor th { padding: 2px 6px; border-bottom: 1px solid #e0d2b4; text-align: left; }
.sr-runes .sr-advisor td:nth-child(n+2) { font-variant-numeric: tabular-nums; }
.sr-runes .sr-spent-row { color: #5e5037; }
.sr-runes .sr-dot { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin-right: 5px; }
.sr-runes .sr-advisor-idle { font: italic 12px sans-serif; color: #6b5a3e; }
.sr-runes .sr-reference h2 { margin: 8px 0 4px 0; font-size: 14px; color: #4b3b22; }
.sr-runes .sr-reference ul { list-style: none; padding: 0; margin: 0; font: 12px/1.5 sans-serif; }
.sr-runes .sr-reference li { margin: 2px 0; }

.sr-runes .sr-log { height: 200px; overflow-y: auto; display: flex; flex-direction: column-reverse;
  font: 13px/1.35 sans-serif; }
.sr-runes .sr-line.sr-mine { font-weight: 600; }
.sr-runes .sr-line.sr-k-damage, .sr-runes .sr-line.sr-k-incapacitated, .sr-runes .sr-line.sr-k-quantum { color: #a11; }
.sr-runes .sr-line.sr-k-heal { color: #1e6b2a; }
.sr-runes .sr-line.sr-k-countered, .sr-runes .sr-line.sr-k-counter_roll { color: #1565c0; }
.sr-runes .sr-line.sr-k-turn, .sr-runes .sr-line.sr-k-initiative_roll { margin-top: 4px; font-weight: 700; color: #2b2f5c; }
.sr-runes .sr-line.sr-k-game_over { font-weight: 700; color: #6b3d00; }
.sr-runes .sr-seat.sr-aim { box-shadow: 0 0 0 4px #e53935, 0 0 14px #ff8a80; cursor: pointer; }
.sr-runes .sr-foe { height: 30px; border-radius: 8px; margin-top: 4px; }
.sr-runes .sr-group { gap: 4px; }
.sr-runes .sr-end-row { flex-wrap: wrap; }
.sr-runes .sr-line.sr-k-initiative { color: #2b2f5c; font-style: italic; }
.sr-runes .sr-footer { align-items: center; gap: 8px; }
.sr-runes .sr-h { margin: 0 0 8px 0; color: #2b2f5c; }
.sr-runes .sr-setup .widget-checkbox, .sr-runes .sr-setup .widget-checkbox label { height: auto; }
.sr-runes .sr-setup .widget-checkbox span { white-space: normal; overflow: visible; }

""" + _SPELL_INK + "\n" + button_css(".sr-runes") + """
</style>
"""

