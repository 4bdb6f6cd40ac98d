"""A board's play area as one widget: panels and buttons that change together in one message.

Why
---
A move changes many things at once: a seat's stones, the centre, the hint, which spells may
still be cast. Built from one ``ipywidgets.HTML`` per panel and one ``Button`` per move, a
click and the bots' answers sent some 40 ``comm`` messages, each costing the kernel and the
server ~1 ms of CPU between them; with a class of 30 on two cores that queueing was the slow
tail of every click (issue #13). A :class:`Surface` is one ``anywidget`` holding the panels
as HTML strings (one synced trait each) and the buttons' state as one list, and the board
sets them all inside ``hold_sync()``: a render sends one message holding only what changed.

How it draws
------------
The page builds the DOM once from :attr:`Surface.plan` (nested boxes whose leaves are panel
slots and button groups) and then only updates it: a panel's ``innerHTML`` when its string
changes (an empty string hides it), a button's text, ``title``, ``disabled`` and visibility
when its state does. The buttons are real ``<button>`` elements with the board's CSS classes,
so focus, the keyboard and screen readers treat them as ipywidgets buttons.

Honesty is unchanged: the board fills the slots from ``game.view(seat)`` only, and a click
from the page names an action, which the board hands to its usual checks (a page may send
any message; a disabled button is not trusted to be disabled).
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

import anywidget
import traitlets

_ESM = r"""
function build(node, slots, groups) {
  const el = document.createElement("div");
  if (node.class) el.className = node.class;
  if (node.slot) { slots[node.slot] = el; return el; }
  if (node.buttons) { groups[node.buttons] = el; return el; }
  for (const child of node.children || []) el.appendChild(build(child, slots, groups));
  return el;
}

function render({ model, el }) {
  const slots = {}, groups = {};
  el.classList.add("st-surface");
  for (const node of model.get("plan")) el.appendChild(build(node, slots, groups));

  const shown = {};
  function fill(name) {
    const value = model.get(name) || "";
    if (shown[name] === value) return;
    shown[name] = value;
    slots[name].innerHTML = value;
    slots[name].hidden = value === "";
  }
  for (const name of Object.keys(slots)) {
    fill(name);
    model.on("change:" + name, () => fill(name));
  }

  const buttons = model.get("faces").map((face) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "jupyter-button widget-button " + face.class;
    if (face.colour) b.style.backgroundColor = face.colour;
    if (face.text_colour) b.style.color = face.text_colour;
    if (face.bold) b.style.fontWeight = "bold";
    if (face.icon) {
      const i = document.createElement("i");
      i.className = "fa fa-" + face.icon;
      i.setAttribute("aria-hidden", "true");
      b.appendChild(i);
    }
    const label = document.createElement("span");
    b.appendChild(label);
    b.addEventListener("click", () => model.send({ event: "click", action: face.action }));
    (groups[face.group] || el).appendChild(b);
    return { b, label };
  });
  function states() {
    model.get("states").forEach(([text, disabled, tooltip, visible], k) => {
      const { b, label } = buttons[k];
      if (label.textContent !== text) label.textContent = text;
      if (b.disabled !== disabled) b.disabled = disabled;
      if (tooltip) { if (b.title !== tooltip) b.title = tooltip; } else b.removeAttribute("title");
      if (b.hidden === visible) b.hidden = !visible;
    });
  }
  states();
  model.on("change:states", states);
}
export default { render };
"""

_CSS = """
.st-surface [hidden] { display: none !important; }
.st-surface .jupyter-button > i + span { margin-left: 4px; }
"""


class PadButton:
    """One button of a :class:`Surface`, held in the kernel.

    It reads like an ``ipywidgets.Button`` (``description``, ``tooltip``, ``disabled``,
    ``on_click``, ``click()``) plus ``shown``; setting them sends nothing until the board
    calls :meth:`Surface.sync_buttons`, so every button's change goes out in one message.
    """

    def __init__(self, action: str, css_class: str, group: str, *, icon: str = "", colour: str | None = None,
                 text_colour: str | None = None, bold: bool = False) -> None:
        self.action = action
        self.face = {"action": action, "class": css_class, "group": group, "icon": icon, "colour": colour,
                     "text_colour": text_colour, "bold": bold}
        self.description = ""
        self.tooltip: str | None = None
        self.disabled = False
        self.shown = True
        self.surface: Surface | None = None       # set by the surface that draws it
        self._handlers: list[Callable[[PadButton], Any]] = []

    def on_click(self, handler: Callable[["PadButton"], Any]) -> None:
        self._handlers.append(handler)

    def click(self) -> None:
        """Run the click handlers, as a click in the page does."""
        for handler in self._handlers:
            handler(self)

    def state(self) -> list[Any]:
        return [self.description, bool(self.disabled), self.tooltip or "", bool(self.shown)]

    def __repr__(self) -> str:
        return f"PadButton({self.action!r}, disabled={self.disabled})"


def is_shown(control: Any) -> bool:
    """Whether a board's control is on the page: a :class:`PadButton`'s ``shown``, or an
    ipywidget's layout (``display: none`` hides it). The keyboard refuses hidden controls."""
    if isinstance(control, PadButton):
        return control.shown
    return control.layout.display != "none"


class Surface(anywidget.AnyWidget):
    """A play area: subclasses declare one synced ``Unicode`` trait per panel slot named in
    ``plan``; the :class:`PadButton` s given to it are drawn into the plan's button groups."""

    _esm = _ESM
    _css = _CSS
    plan = traitlets.List().tag(sync=True)       # the boxes, slots and button groups (sent once)
    faces = traitlets.List().tag(sync=True)      # each button's action, class, group, colours, icon (once)
    states = traitlets.List().tag(sync=True)     # each button's [label, disabled, tooltip, shown]

    def __init__(self, plan: Sequence[Mapping[str, Any]], buttons: Sequence[PadButton], **kwargs: Any) -> None:
        self._buttons = list(buttons)
        for button in self._buttons:
            button.surface = self
        super().__init__(plan=list(plan), faces=[b.face for b in self._buttons],
                         states=[b.state() for b in self._buttons], **kwargs)
        self.on_msg(self._message)

    def panels(self) -> dict[str, str]:
        """Each slot of the plan and the HTML it holds now."""
        def slots(node: Mapping[str, Any]) -> list[str]:
            if "slot" in node:
                return [node["slot"]]
            return [name for child in node.get("children", ()) for name in slots(child)]
        return {name: getattr(self, name) for node in self.plan for name in slots(node)}

    def sync_buttons(self) -> None:
        """Send the buttons' state if any changed (within ``hold_sync()``: in the same message)."""
        self.states = [b.state() for b in self._buttons]

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A click from the page names an action; the button's own handlers decide the rest."""
        if isinstance(content, dict) and content.get("event") == "click":
            button = next((b for b in self._buttons if b.action == content.get("action")), None)
            if button is not None:
                button.click()
