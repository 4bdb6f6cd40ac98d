"""A button that downloads a file the kernel makes at the moment of the click: one click, one file.

ipywidgets has no download widget, and a ``data:`` link made in advance is either stale (the class
moved on since it was made) or two steps (a button that makes the link, then the link). This small
``anywidget`` (its ES module below, no build step) is a real button: a click asks the kernel for
the file, the kernel answers with its name and text (:attr:`DownloadButton.make`, called then), and
the page saves it at once through a Blob and a temporary ``<a download>``. Nothing is kept in the
page or its widget state between clicks.

    button = DownloadButton(lambda: ("class.csv", record.csv()), label="Event log CSV")
"""
from __future__ import annotations

import logging
from typing import Any, Callable

import anywidget
import traitlets

log = logging.getLogger("spelltower.record")

_ESM = r"""
function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "jupyter-button widget-button st-download-button";
  const label = () => { button.textContent = "\u2B73 " + model.get("label"); };
  label();
  model.on("change:label", label);
  button.addEventListener("click", () => model.send({ want: "file" }));
  model.on("msg:custom", (content) => {
    if (!content || typeof content.name !== "string" || typeof content.text !== "string") return;
    const blob = new Blob(["\ufeff" + content.text], { type: content.type || "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = content.name;
    a.style.display = "none";
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  });
  el.appendChild(button);
}

export default { render };
"""


class DownloadButton(anywidget.AnyWidget):
    """A button whose click downloads ``make()``'s ``(file name, text)`` (see the module docstring).
    The text gets a byte-order mark, so a spreadsheet reads it as UTF-8 (Russian names included)."""

    _esm = _ESM
    label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, make: Callable[[], tuple[str, str]], label: str = "", mime: str = "text/csv;charset=utf-8",
                 **kwargs: Any) -> None:
        super().__init__(label=label, **kwargs)
        self.make, self.mime = make, mime
        self.on_msg(self._asked)

    def _asked(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("want") != "file":
            return
        self.deliver()

    def deliver(self) -> tuple[str, str] | None:
        """Make the file and send it to the page (what a click does); returns ``(name, text)``,
        or None when making it failed (the log says why; the page gets nothing)."""
        try:
            name, text = self.make()
        except Exception:
            log.exception("download %s failed", self.label)
            return None
        self.send({"name": name, "text": text, "type": self.mime})
        return name, text
