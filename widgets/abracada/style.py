"""The board's stylesheet, delivered once in an ``ipywidgets.HTML`` ``<style>`` block.

All rules are scoped under ``.st-abracada`` (the board's root class) so they cannot restyle
the notebook around the board. The look: a green baize table with parchment panels.
"""
from ..palette import button_css


CSS = """
<style>
.st-abracada { background: radial-gradient(ellipse at center, #2f6b4f 0%, #1d4634 100%);
  border-radius: 14px; padding: 12px; color: #3b2f1e; font-family: Georgia, 'Times New Roman', serif;
  box-shadow: inset 0 0 0 3px #7a5a2e, inset 0 0 0 6px #3e2b12; max-width: min(1240px, 100%);
  box-sizing: border-box; }
.st-abracada .widget-hbox, .st-abracada .widget-box { flex-wrap: wrap; }
.st-abracada .widget-html, .st-abracada .widget-vbox { min-width: 0; max-width: 100%; }
.st-abracada svg { max-width: 100%; height: auto; }
.st-abracada .st-panel, .st-abracada .st-setup { background: #f6eedb; border-radius: 10px;
  box-shadow: 0 2px 6px rgba(0,0,0,.35); padding: 8px 10px; }
.st-abracada .st-header { color: #f6eedb; align-items: center; }
.st-abracada .st-title { font-size: 22px; font-weight: 700; letter-spacing: .5px; color: #f7d774;
  text-shadow: 0 1px 2px #000; margin-right: 16px; }
.st-abracada .st-round { font-size: 16px; color: #f6eedb; }
.st-abracada .widget-label, .st-abracada .widget-label-basic { color: inherit; }
.st-abracada .st-header .widget-label { color: #f6eedb; }
.st-abracada .st-banner { background: repeating-linear-gradient(45deg, #ffcc00, #ffcc00 12px, #222 12px, #222 24px);
  padding: 4px; border-radius: 8px; }
.st-abracada .st-banner div { background: #fff3c4; color: #5a0000; font-weight: 700; padding: 6px 10px;
  border-radius: 5px; font-family: sans-serif; }
.st-abracada .st-status { color: #fff8e1; font-size: 15px; min-height: 22px; font-family: sans-serif; }
.st-abracada .st-status .st-error { color: #ffe3e6; font-weight: 700; }
.st-abracada .st-seat { min-width: 240px; }
.st-abracada .st-seat-head { display: flex; align-items: center; gap: 6px; font-size: 15px; }
.st-abracada .st-pawn { display: inline-flex; align-items: center; justify-content: center; width: 17px;
  height: 17px; border-radius: 50%; border: 1px solid #222; font: 700 10px/1 sans-serif; flex: none; }
.st-abracada .st-level { color: #6b5a3e; font-size: 12px; font-style: italic; }
.st-abracada .st-turn { margin-left: auto; background: #f7d774; color: #3b2f1e; border-radius: 8px;
  padding: 0 8px; font-size: 12px; font-weight: 700; font-family: sans-serif; }
.st-abracada .st-active { box-shadow: 0 0 0 3px #f7d774, 0 2px 8px rgba(0,0,0,.5); }
.st-abracada .st-out { opacity: .55; }
.st-abracada .st-hand { display: flex; gap: 4px; margin: 6px 0; min-height: 44px; align-items: flex-end; flex-wrap: wrap; }
.st-abracada .st-stone { display: inline-flex; flex-direction: column; align-items: center; width: 46px; }
.st-abracada .st-stone small { font-size: 9px; line-height: 10px; text-align: center; color: #5d4a2c;
  font-family: sans-serif; }
.st-abracada .st-stone.st-own { width: 60px; }
.st-abracada .st-known { display: flex; flex-wrap: wrap; justify-content: center; gap: 2px; margin-top: 2px;
  max-width: 60px; }
.st-abracada .st-chip { font: 700 11px/13px sans-serif; min-width: 13px; text-align: center; padding: 0 1px;
  border-radius: 3px; background: #ffffff; color: #1b1b1b; border: 1px solid #8a7450; }
.st-abracada .st-chip-any { font-weight: 400; white-space: nowrap; }
.st-abracada .st-seat-foot { display: flex; gap: 10px; align-items: center; font-size: 13px; flex-wrap: wrap;
  font-family: sans-serif; }
.st-abracada .st-secret { display: inline-flex; align-items: center; gap: 2px; }
.st-abracada .st-life { margin-right: 6px; vertical-align: middle; }

.st-abracada .st-me { background: #fbf3df; border: 2px solid #c9a227; }
.st-abracada .st-centre h2, .st-abracada .st-meter h2, .st-abracada .st-log-box h2,
.st-abracada .st-result h2 { margin: 0 0 6px 0; font-size: 14px; font-weight: 700; line-height: inherit; color: #5d4a2c; }
.st-abracada .st-centre-grid { display: flex; gap: 14px; flex-wrap: nowrap; overflow: visible; }
.st-abracada .st-centre { overflow: visible; }
.st-abracada .st-centre-grid h2 { max-width: 180px; }

.st-abracada .st-removed { display: flex; gap: 2px; flex-wrap: wrap; max-width: 320px; }
.st-abracada .st-counts { font-family: sans-serif; font-size: 13px; margin-top: 6px; }
.st-abracada .st-surface { display: flex; flex-direction: column; gap: 8px; }
.st-abracada .st-surface .st-row { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-start; }
.st-abracada .st-opponents { display: flex; flex-flow: row wrap; flex: 1 1 560px; gap: 8px; min-width: 0; }
.st-abracada .st-slot-seat { flex: 1 1 260px; min-width: 0; }
.st-abracada .st-surface .st-column { display: flex; flex-direction: column; flex: 1 1 560px; gap: 8px;
  min-width: 0; }
.st-abracada .st-slot-meter { flex: 1 1 250px; max-width: 360px; }
.st-abracada .st-surface .jupyter-button { width: auto; }
.st-abracada .st-actions { display: flex; flex-wrap: wrap; gap: 4px; margin: 6px 0 4px 0; }
.st-abracada div.st-panel.st-meter { box-sizing: border-box; width: 100%; }
.st-abracada .st-meter-row { display: grid; grid-template-columns: 20px 1fr; gap: 0 6px;
  align-items: center; font-size: 12px; font-family: sans-serif; margin: 3px 0; }
.st-abracada .st-meter-row .st-dot { grid-row: span 2; }
.st-abracada .st-meter-name { display: flex; justify-content: space-between; }
.st-abracada .st-dot { width: 18px; height: 18px; border-radius: 50%; display: inline-flex; align-items: center;
  justify-content: center; font-size: 11px; font-weight: 700; }
.st-abracada .st-bar { display: block; background: #e4d5b7; height: 9px; border-radius: 5px; overflow: hidden; }
.st-abracada .st-bar div { height: 100%; border-radius: 6px; }
.st-abracada .st-frac { font-variant-numeric: tabular-nums; color: #5d4a2c; }
.st-abracada .st-spells { display: grid; grid-template-columns: repeat(4, 1fr); gap: 6px; width: 100%; }
.st-abracada .st-spell { height: auto; min-height: 40px; font-family: Georgia, serif; font-size: 14px;
  border-radius: 8px; box-shadow: 0 2px 0 rgba(0,0,0,.35); white-space: normal; line-height: 1.2;
  padding: 4px 6px; }
.st-abracada .st-spell:disabled { opacity: .35; box-shadow: none; }
.st-abracada .st-action { height: 40px; font-size: 14px; border-radius: 8px; }
.st-abracada .st-log > div { margin-bottom: auto; }
.st-abracada .st-log { height: 230px; overflow-y: auto; display: flex; flex-direction: column-reverse;
  flex-wrap: nowrap; font-family: sans-serif; font-size: 13px; line-height: 1.35; }
.st-abracada .st-log .st-log-rounds { flex: none; flex-wrap: nowrap; overflow: visible; }
.st-abracada .st-log .widget-html { margin: 0; font-size: 13px; }
.st-abracada .st-log .widget-html-content { line-height: 1.35; }
.st-abracada .st-line.st-mine { font-weight: 600; }
.st-abracada .st-line.st-k-miss, .st-abracada .st-line.st-k-knockout { color: #a11; }
.st-abracada .st-line.st-k-round_start { margin-top: 4px; font-weight: 700; color: #1d4634; }
.st-abracada .st-line.st-k-round_end, .st-abracada .st-line.st-k-game_end { font-weight: 700; color: #6b3d00; }
.st-abracada .st-note { color: #4f4f72; font-style: italic; padding-left: 12px; }

.st-abracada .st-result table { border-collapse: collapse; font-family: sans-serif; font-size: 13px; }
.st-abracada .st-result td, .st-abracada .st-result th { padding: 2px 8px; border-bottom: 1px solid #e0d2b4; }
.st-abracada .st-winner { color: #6b3d00; font-weight: 700; font-size: 15px; }
.st-abracada .st-footer { align-items: center; flex-wrap: wrap; }
.st-abracada .st-footer .widget-label, .st-abracada .st-footer label { color: #f6eedb; }
.st-abracada .st-teacher { border: 3px dashed #c62828; }
.st-abracada .st-h { margin: 0 0 8px 0; color: #1d4634; }
.st-abracada .st-setup .widget-checkbox, .st-abracada .st-setup .widget-checkbox label { height: auto; }
.st-abracada .st-setup .widget-checkbox span { white-space: normal; overflow: visible; }

""" + button_css(".st-abracada") + """
</style>
"""
