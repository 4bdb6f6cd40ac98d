"""Helpers the Abracada lessons share: text with computed numbers, engine simulations, plots,
bot tournaments, and :class:`LiveRun`: long simulations the student starts, watches and stops.

Lesson notebooks never type a computed number into their prose. They compute it with
``towerlib`` and print it with :func:`say` (Markdown built in a code cell), so the text and the
numbers cannot disagree. Numbers are formatted by :func:`num` / :func:`prob` in the lesson's
language (a decimal comma in Russian).

    from widgets.lessons import say, prob, engine_deals, Tournament
    say(f"P(you hold the Dragon) = {prob(Fraction(5, 21), lang)}")

matplotlib is imported only by the plotting functions, ipywidgets only by the widgets. Nothing
slow runs while a lesson page renders: simulations bigger than a fraction of a second are a
:class:`LiveRun` (a Start button, progress, live text and plot, Stop).
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Sequence

import towerlib.abracada as abracada
from towerlib import stats
from towerlib.abracada.bots import make_bot
from towerlib.core.bots import play
from towerlib.core.i18n import tr

from . import lesson_messages as _lesson_messages  # noqa: F401  (registers the catalogue entries)
from .exercises import Exercise, decimal, decimals_for, format_number

__all__ = ["Exercise", "LiveRun", "Prediction", "Tournament", "bot_entry", "convergence_figure", "convergence_plot", "copy_game",
           "decimal", "engine_deals", "later", "legend_outside", "new_figure", "num", "page_language", "pct",
           "play_page_intro", "play_page_links", "pmf_figure", "pmf_plot", "prob", "say", "show", "spell",
           "table", "tournament_run", "when_language_known", "whole"]


# ----- text --------------------------------------------------------------------------------------
def say(text: str) -> None:
    """Show Markdown made in a code cell (the lessons' way to print computed numbers)."""
    from IPython.display import Markdown, display

    display(Markdown(text))


def num(x: Any, lang: str = "en", digits: int = 3) -> str:
    """A number in the lesson's language: fractions as ``5/21 ≈ 0.238``, whole numbers plainly."""
    return format_number(x, lang, digits)


def prob(x: Any, lang: str = "en", digits: int = 3) -> str:
    """A probability: the exact fraction (if it is one) and its decimal value."""
    return format_number(x, lang, digits)


def pct(x: Any, lang: str = "en", digits: int = 1) -> str:
    """A proportion as a percentage, e.g. ``23.8%`` (``23,8%`` in Russian)."""
    text = f"{100 * float(x):.{decimals_for(100 * float(x), digits, 2)}f}"      # 0.077%, not 0.1%
    return (text.replace(".", ",") if lang == "ru" else text) + "%"


def whole(n: int, lang: str = "en") -> str:
    """A whole number with thousands separated: ``20,000`` in English, ``20 000`` in Russian."""
    text = f"{int(n):,}"
    return text.replace(",", "\u00a0") if lang == "ru" else text


def spell(v: int, lang: str = "en") -> str:
    """``"1 Ancient Dragon"``: a spell's value and its rulebook name in the language."""
    return f"{v} {tr(f'abracada.spell.{v}', lang)}"


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A Markdown table (pass it to :func:`say`)."""
    def cell(x: Any) -> str:
        return str(x).replace("|", "\\|")
    lines = ["| " + " | ".join(cell(h) for h in headers) + " |",
             "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(cell(x) for x in row) + " |" for row in rows]
    return "\n".join(lines)


# ----- pages of the course ----------------------------------------------------------------------
LESSON_LANGUAGES = ("en", "ru")
FIRST_LESSON = "01_meet_the_tower.ipynb"


def page_language(default: str = "en") -> str:
    """The language of the link that opened this Voila page (``?lang=ru``) as far as the kernel
    knows it now, else ``default``. Links between the course's pages carry the language: lessons
    by their folder (``ru/``), the gallery and the play pages by ``?lang=``."""
    import os
    from urllib.parse import parse_qs

    lang = parse_qs(os.environ.get("QUERY_STRING", "")).get("lang", [default])[0]
    return lang if lang in LESSON_LANGUAGES else default


def when_language_known(callback: Callable[[str], None], default: str = "en") -> None:
    """Call ``callback(lang)`` with the page's language: now, or, in a kernel Voila preheated
    before anyone asked for the page, when the page is requested.

    A preheated kernel learns the request through :func:`widgets.classroom.when_known`, the one
    listener Voila allows per kernel (a second one, such as ``voila.utils.get_query_string``,
    would block the kernel for good). Without it the page keeps ``default``.
    """
    import os

    if os.environ.get("VOILA_PREHEAT") == "True":
        try:
            from widgets.classroom import when_known
        except ImportError:
            return
        when_known(lambda _page: callback(page_language(default)))
        return
    callback(page_language(default))


def play_page_links(lang: str, first_lesson: str = FIRST_LESSON) -> str:
    """HTML links from a game's play page (in ``notebooks/<game>/``) to the gallery and the
    game's first lesson, in ``lang``."""
    import html as _html

    gallery = "../index.ipynb" + ("" if lang == "en" else f"?lang={lang}")
    first = first_lesson if lang == "en" else f"{lang}/{first_lesson}"
    links = [(gallery, tr("lesson.nav.gallery", lang)), (first, tr("lesson.nav.lessons", lang))]
    return '<nav class="course-nav">' + " · ".join(
        f'<a href="{_html.escape(href)}">{_html.escape(text)}</a>' for href, text in links) + "</nav>"


def play_page_intro(game: str, lang: str) -> str:
    """A play page's line on its game, in ``lang``: under the notebook's heading (which names the
    page in both languages), the page's own words follow the link's language, as the board does."""
    import html as _html

    return f'<p class="play-intro">{_html.escape(tr(f"lesson.play.intro.{game}", lang))}</p>'


def set_board_language(board: Any, lang: str) -> None:
    """Switch a board to ``lang`` as its language picker does."""
    if hasattr(type(board), "language"):
        board.language = lang
    else:                       # boards without the ``language`` property (findings.md: keys)
        board._lang_pick.value = lang


# ----- simulation with the engine ----------------------------------------------------------------
def engine_deals(samples: int, players: int = 4, seed: int = 0, **options: Any) -> Iterator[abracada.AbracadaGame]:
    """``samples`` freshly dealt games, shuffled by the engine itself (seeds ``seed``, ``seed+1``, ...)."""
    for i in range(samples):
        yield abracada.new_game(players, seed=seed + i, **options)


def copy_game(game: abracada.AbracadaGame) -> abracada.AbracadaGame:
    """An independent copy of ``game`` (replayed from its save: same deal, same dice to come)."""
    return abracada.load(game.to_json())


def hidden_stones(game: abracada.AbracadaGame, seat: int = 0) -> list[int]:
    """Every stone ``seat`` cannot see right now: its own hand, the secret pool and the pile."""
    return list(game.hands[seat]) + list(game.secret_pool) + list(game.pile)


# Matplotlib is not thread-safe (its fonts and text layout are shared), and a lesson draws in
# several threads at once: each later figure, each live run, each run's first figure. Every
# drawing done off the kernel's main thread (making the figure and its PNG) holds this lock, so
# two figures are never drawn at the same time. (This is matplotlib's own rule; it did NOT cure
# the intermittent hang of Runes lesson 3's later figures in the browser tests, whose cause is
# still open.)
DRAWING = threading.RLock()


def new_figure(width: float = 7.6, height: float = 3.2):
    """A matplotlib Figure made without pyplot (so a simulation thread may draw it), with room
    on the right for a legend that never covers a line."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=90)
    return fig, fig.add_subplot(1, 1, 1)


def legend_outside(ax) -> None:
    """The legend to the right of the axes, clear of every line."""
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0, frameon=False)


def png(fig) -> bytes:
    """The figure as PNG bytes (for an ipywidgets Image or IPython's display)."""
    import io

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", bbox_inches="tight")
    return buffer.getvalue()


def figure_text(fig, lang: str | None = None) -> str:
    """The figure's text alternative, read by a screen reader in place of the picture: what it
    shows in its own words (its titles, axis labels and legend), after "Plot:" in the lesson's
    language. A figure without words is still named a plot, never left unnamed."""
    lang = lang or lesson_language()
    parts = []
    suptitle = getattr(fig, "_suptitle", None)
    if suptitle is not None and suptitle.get_text():
        parts.append(suptitle.get_text())
    for ax in fig.axes:
        words = [ax.get_title()]
        words.append(" / ".join(label for label in (ax.get_ylabel(), ax.get_xlabel()) if label))
        legend = ax.get_legend()
        if legend is not None:
            words.append(", ".join(t.get_text() for t in legend.get_texts() if t.get_text()))
        parts.append(": ".join(w for w in words if w))
    described = "; ".join(p for p in parts if p)
    return tr("lesson.plot.alt", lang, what=described) if described else tr("lesson.plot.figure", lang)


def lesson_language() -> str:
    """The page's language: a lesson's folder (``abracada/ru/``), else the link's ``?lang=``."""
    import os
    from pathlib import Path

    folder = Path(os.getcwd()).name
    return folder if folder in LESSON_LANGUAGES else page_language()


def show_in(image, fig, lang: str | None = None) -> None:
    """Draw ``fig`` into a :func:`live_image`, with its text alternative."""
    image.value = png(fig)
    image.alt = figure_text(fig, lang)
    image.layout.display = None


_FIGURE_ESM = """
function render({ model, el }) {
  const img = document.createElement("img");
  img.style.maxWidth = "100%";
  el.appendChild(img);
  let url = null;
  const draw = () => {
    const data = model.get("value");
    if (url) { URL.revokeObjectURL(url); url = null; }
    if (data && data.byteLength) {
      url = URL.createObjectURL(new Blob([data], { type: "image/" + model.get("format") }));
      img.src = url;
      img.hidden = false;
    } else {
      img.removeAttribute("src");
      img.hidden = true;
    }
    img.alt = model.get("alt");
  };
  for (const name of ["value", "alt", "format"]) model.on("change:" + name, draw);
  draw();
  // "shown": the kernel answers with the current state (see FigureImage) and draws any figure it
  // put off until the page was drawn (when_drawn). Sent once the browser is idle, at most 2 s on.
  const shown = () => model.send({ event: "shown" });
  if (window.requestIdleCallback) window.requestIdleCallback(shown, { timeout: 2000 });
  else setTimeout(shown, 0);
  return () => { if (url) URL.revokeObjectURL(url); };
}
export default { render };
"""
_FIGURE_CLASS: list = []


def live_image(lang: str):
    """An image widget for a plot drawn while the page is open (a live run, a later figure):
    ``value`` (PNG bytes) and ``alt``, drawn as an ``<img alt=...>``. ipywidgets' Image has no
    ``alt``, and its ``tooltip`` stops the view from being drawn in Voila's front end, so this is
    a tiny anywidget. Hidden until drawn; named from the start, so a figure drawn into it by
    other code still has a text alternative."""
    if not _FIGURE_CLASS:
        import anywidget
        import traitlets

        class FigureImage(anywidget.AnyWidget):
            """The page's front end drops a change the kernel sends while it is still creating
            the page's widget models (their comms are not registered yet). A figure drawn in a
            thread as the page loads (a later figure, a live run's first figure) could be lost
            so, and the page showed "…" for ever. So the view says "shown" when it is drawn, and
            the kernel sends the current state of the image, its layout and ``resend_with`` (the
            widgets drawn with it) again: sent after that message, it always arrives."""

            _esm = _FIGURE_ESM
            value = traitlets.Bytes(b"").tag(sync=True)
            alt = traitlets.Unicode("").tag(sync=True)
            format = traitlets.Unicode("png").tag(sync=True)

            def __init__(self, **kwargs: Any) -> None:
                super().__init__(**kwargs)
                self.resend_with: list = []
                self.shown = threading.Event()        # a browser has drawn this image and gone idle
                self.on_msg(self._shown)

            def _shown(self, _widget: Any, content: Any, _buffers: Any) -> None:
                if isinstance(content, dict) and content.get("event") == "shown":
                    for widget in (self, self.layout, *self.resend_with):
                        widget.send_state()
                    self.shown.set()

        _FIGURE_CLASS.append(FigureImage)
    import ipywidgets as ipw

    return _FIGURE_CLASS[0](alt=tr("lesson.plot.figure", lang),
                            layout=ipw.Layout(display="none", max_width="100%"))


def show(fig, lang: str | None = None) -> None:
    """Display a figure made by :func:`new_figure` in the page, with its text alternative.

    JupyterLab and Voila draw a PNG output as an ``<img>`` without ``alt``, so the page gets the
    figure as HTML (an ``<img>`` with ``alt``; they prefer HTML); the PNG stays in the output for
    notebook tools and tests that look for ``image/png``."""
    import base64
    import html as _html

    from IPython.display import display

    data = base64.b64encode(png(fig)).decode("ascii")
    page = (f'<img class="lesson-figure" style="max-width: 100%" alt="{_html.escape(figure_text(fig, lang))}" '
            f'src="data:image/png;base64,{data}">')
    display({"text/html": page, "image/png": data}, raw=True)


def convergence_figure(hits: Mapping[str, Sequence[bool]], exact: Mapping[str, Any], lang: str = "en",
                       xlabel_key: str = "lesson.plot.samples", title: str | None = None, total: int | None = None):
    """Running frequency of each series (solid) against the number of samples, with its exact
    value (dashed, same colour). A linear axis up to ``total`` (when given), so that a live run
    fills it from left to right and the lines visibly settle on the dashed ones."""
    fig, ax = new_figure()
    longest = 1
    for i, (label, series) in enumerate(hits.items()):
        colour = f"C{i}"
        rates = stats.running_rate(series)
        longest = max(longest, len(rates))
        ax.plot(range(1, len(rates) + 1), rates, color=colour, lw=1.4, label=label)
        if label in exact:
            ax.axhline(float(exact[label]), color=colour, ls="--", lw=1.2,
                       label=tr("lesson.plot.exact", lang, value=decimal(exact[label], lang)))
    ax.set_xlim(0, max(total or 0, longest))
    ax.set_xlabel(tr(xlabel_key, lang))
    ax.set_ylabel(tr("lesson.plot.frequency", lang))
    ax.set_ylim(-0.02, 1.02)
    if title:
        ax.set_title(title)
    legend_outside(ax)
    return fig


def convergence_plot(hits: Mapping[str, Sequence[bool]], exact: Mapping[str, Any], lang: str = "en",
                     xlabel_key: str = "lesson.plot.samples", title: str | None = None) -> None:
    """Show :func:`convergence_figure`."""
    show(convergence_figure(hits, exact, lang, xlabel_key, title), lang)


def pmf_figure(exact: Mapping[int, Any], simulated: Mapping[int, float], lang: str = "en", title: str | None = None):
    """Bars: an exact distribution beside simulated frequencies."""
    xs = sorted(set(exact) | set(simulated))
    fig, ax = new_figure(7.0, 3.0)
    ax.bar([x - 0.2 for x in xs], [float(exact.get(x, 0)) for x in xs], width=0.4,
           label=tr("lesson.col.exact", lang))
    ax.bar([x + 0.2 for x in xs], [float(simulated.get(x, 0)) for x in xs], width=0.4,
           label=tr("lesson.col.simulated", lang))
    ax.set_xticks(xs)
    ax.set_xlabel(tr("lesson.plot.copies", lang))
    ax.set_ylabel(tr("lesson.plot.probability", lang))
    if title:
        ax.set_title(title)
    legend_outside(ax)
    return fig


def pmf_plot(exact: Mapping[int, Any], simulated: Mapping[int, float], lang: str = "en", title: str | None = None) -> None:
    """Show :func:`pmf_figure`."""
    show(pmf_figure(exact, simulated, lang, title), lang)


# ----- simulations started from the page ---------------------------------------------------------
def markdown_html(text: str) -> str:
    """The little Markdown the lessons' live text uses (paragraphs, ``* `` lists, ``**bold**``,
    ``*italic*`` and :func:`table` tables) as HTML, for an ipywidgets HTML widget."""
    import html as _html
    import re

    def inline(t: str) -> str:
        t = _html.escape(t.strip(), quote=False)
        t = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", t)
        return re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", t)

    out: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [line for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        if all(line.lstrip().startswith("|") for line in lines) and len(lines) >= 2:
            cells = [[c.replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]] for line in lines]
            head, body = cells[0], cells[2:]
            out.append('<table class="lesson-table"><thead><tr>' + "".join(f"<th>{inline(c)}</th>" for c in head)
                       + "</tr></thead><tbody>" + "".join(
                           "<tr>" + "".join(f"<td>{inline(c)}</td>" for c in row) + "</tr>" for row in body)
                       + "</tbody></table>")
        elif all(line.lstrip().startswith("* ") for line in lines):
            out.append("<ul>" + "".join(f"<li>{inline(line.lstrip()[2:])}</li>" for line in lines) + "</ul>")
        else:
            out.append(f"<p>{inline(' '.join(lines))}</p>")
    return "\n".join(out)


#: Seconds in which no cell starts after one has finished: then the kernel has run the page's
#: last cell and Voila has sent the page, so work put off by :func:`later` may begin.
IDLE_SECONDS = 0.25


class _WhenIdle:
    """Starts work once the kernel is idle after running the page's cells. In a kernel, IPython's
    ``pre_run_cell`` / ``post_run_cell`` events tell when cells run (Voila sends the next cell as
    soon as one finishes); elsewhere (plain Python, the tests' lesson runner) work starts at once.
    So a later figure does not compete with the page's own cells for the kernel while Voila
    waits for them (:func:`when_drawn` then also waits for the browser)."""

    def __init__(self) -> None:
        self.pending: list[Callable[[], None]] = []
        self.timer = None
        self.shell = None
        self.loop = None

    @staticmethod
    def _kernel() -> tuple[Any, Any] | None:
        """(shell, event loop) when running in a kernel, else None."""
        import asyncio

        try:
            from IPython import get_ipython

            shell = get_ipython()
            loop = asyncio.get_running_loop()
        except (ImportError, RuntimeError):
            return None
        if shell is None or not hasattr(shell, "kernel"):
            return None
        return shell, loop

    def in_kernel(self) -> bool:
        return self._kernel() is not None

    def add(self, start: Callable[[], None]) -> None:
        kernel = self._kernel()
        if kernel is None:
            start()
            return
        shell, loop = kernel
        if self.shell is not shell:
            shell.events.register("pre_run_cell", self._cancel)
            shell.events.register("post_run_cell", self._arm)
            self.shell = shell
        self.loop = loop
        self.pending.append(start)

    def _cancel(self, *_: Any) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _arm(self, *_: Any) -> None:
        self._cancel()
        if self.pending and self.loop is not None and not self.loop.is_closed():
            self.timer = self.loop.call_later(IDLE_SECONDS, self._flush)

    def _flush(self) -> None:
        self.timer = None
        pending, self.pending = self.pending, []
        for start in pending:
            start()


_when_idle = _WhenIdle()

#: The longest work put off by :func:`when_drawn` waits for the browser to draw its image (a
#: page that no browser draws, e.g. a notebook run by a script, still gets its figures).
SHOWN_CEILING = 5.0


def when_drawn(image: Any, work: Callable[[], None], name: str) -> threading.Thread:
    """Run ``work()`` in a thread once the page is drawn: in a kernel, after the page's last cell
    has run (Voila has sent the page) and a browser has drawn ``image`` (a :func:`live_image`)
    and gone idle, or :data:`SHOWN_CEILING` seconds at most; elsewhere (plain Python, tests) at once.

    A figure takes 0.1-0.3 s of CPU to draw. Drawn while the browser still builds the page's
    widgets, two of them made Runes lesson 3 open 0.4 s later on a two-core machine.
    """
    wait = _when_idle.in_kernel()

    def run() -> None:
        if wait:
            image.shown.wait(SHOWN_CEILING)
        work()

    thread = threading.Thread(target=run, name=name, daemon=True)
    _when_idle.add(thread.start)
    return thread


def board_on_demand(make_board: Callable[[], Any], lang: str = "en"):
    """A lesson's board, dealt when the student presses "Play this hand on a board".

    A board is a hundred widgets or more: built while the page renders, it was most of what a
    lesson page sent and drew before a student could read it (issue #13.2), and every student
    of a class paid for it in memory and traffic whether they played the hand or not. The
    button is in the page at once; the board replaces it on the first press.
    """
    import ipywidgets as ipw

    button = ipw.Button(description=tr("lesson.board.open", lang), icon="play", button_style="primary",
                        layout=ipw.Layout(width="auto"))
    button.add_class("lesson-board-open")
    box = ipw.VBox([button])
    box.add_class("lesson-board")

    def deal(_button: Any = None) -> None:
        if button.disabled:                 # a second press (or a forged one) while dealing
            return
        button.disabled = True
        box.children = [make_board()]

    button.on_click(deal)
    return box


def later(render: Callable[[], tuple[str, Any]], lang: str = "en"):
    """Text and a figure that take a moment to compute (a sympy derivation, a matplotlib plot),
    drawn in a thread once the page has been drawn (:func:`when_drawn`), so the page opens at once.

    ``render()`` returns ``(markdown, figure or None)``; the returned widget shows them when
    they are ready (or the error, if ``render`` fails). ``widget.done`` is a threading.Event.
    """
    import ipywidgets as ipw

    text = ipw.HTML("…")
    text.add_class("lesson-later-text")
    image = live_image(lang)
    image.add_class("lesson-later-plot")
    box = ipw.VBox([text, image])
    box.add_class("lesson-later")
    box.done = threading.Event()
    image.resend_with = [text, box]

    def work() -> None:
        try:
            with DRAWING:
                markdown, fig = render()
                if fig is not None:
                    show_in(image, fig, lang)
            text.value = markdown_html(markdown)
        except Exception as err:  # shown on the page: a thread's exception would vanish
            text.value = markdown_html(tr("lesson.run.failed", lang, error=f"{type(err).__name__}: {err}"))
        finally:
            box.add_class("lesson-later-done")      # the page can tell it is drawn (tests, readiness)
            box.done.set()

    when_drawn(image, work, "lesson-later")
    return box


class LiveRun:
    """A long simulation that the student starts from the page (issue #13.2): a Start button,
    a Stop button, a progress bar, and text and a plot redrawn as results come in.

    ``step(n)`` advances the simulation by ``n`` units (deals, games); the caller keeps the
    results. ``render()`` returns ``(markdown, figure, a list of figures, or None)`` drawn from
    the results so far;
    every sentence quoting a simulated number belongs in that markdown, so the text and the
    table beside it can never disagree. The work runs in a thread so the Stop button (and the
    rest of the page) stays live; :meth:`run` does the same work in the caller's thread (tests).
    Nothing runs while the page renders: before the first press the panel shows ``idle``.
    """

    REDRAW_SECONDS = 0.4          # at most ~2.5 redraws a second: smooth, and cheap next to the work

    def __init__(self, step: Callable[[int], None], render: Callable[[], tuple[str, Any]], batch: int,
                 chunk: int, lang: str = "en", unit: str = "games", idle: str = "") -> None:

        import ipywidgets as ipw

        self._step, self._render, self.batch, self.chunk, self.lang, self.unit = step, render, batch, chunk, lang, unit
        self.done = 0
        self.target = 0
        self.error: str | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.start_button = ipw.Button(description=tr(f"lesson.run.{unit}.start", lang, count=whole(batch, lang)),
                                       icon="play", button_style="primary")
        self.start_button.add_class("lesson-run-start")
        self.stop_button = ipw.Button(description=tr("lesson.run.stop", lang), icon="stop", disabled=True)
        self.stop_button.add_class("lesson-run-stop")
        self.progress = ipw.IntProgress(value=0, min=0, max=batch)
        self.progress.add_class("lesson-progress")
        self.status = ipw.Label(tr("lesson.run.idle", lang))
        self.status.add_class("lesson-run-status")
        self._idle = markdown_html(idle) if idle else ""
        self.text = ipw.HTML(self._idle)
        self.text.add_class("lesson-live-text")
        # The plots are made when there is a first figure to show: each is a model the page loads
        # (an anywidget module), and most runs draw nothing before the student presses Start.
        self.images: list = []
        self.start_button.on_click(lambda _: self.start())
        self.stop_button.on_click(lambda _: self.stop())
        self.widget = ipw.VBox([ipw.HBox([self.start_button, self.stop_button, self.progress, self.status]),
                                self.text])
        self.widget.add_class("lesson-live-run")

    @property
    def image(self):
        """The run's first plot (a :func:`live_image`), made on first use."""
        if not self.images:
            self._add_image()
        return self.images[0]

    def _add_image(self) -> None:
        image = live_image(self.lang)
        image.add_class("lesson-live-plot")
        self.images.append(image)
        self.widget.children = tuple(self.widget.children) + (image,)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, units: int | None = None) -> None:
        """Start (or continue with) ``units`` more units in a background thread."""

        if self.running:
            return
        self._begin(units)
        self._thread = threading.Thread(target=self._work, name="lesson-live-run", daemon=True)
        self._thread.start()

    def run(self, units: int | None = None) -> "LiveRun":
        """The same as pressing Start, but in the caller's thread (returns when done)."""
        self._begin(units)
        self._work()
        return self

    def stop(self) -> None:
        """Stop after the current chunk (the results so far stay on the page)."""
        self._stop.set()

    def reset(self) -> None:
        """Forget the progress shown (the caller resets its results); only while not running."""
        if self.running:
            return
        self.done = self.target = 0
        self.progress.value, self.progress.max = 0, self.batch
        self.status.value = tr("lesson.run.idle", self.lang)
        self.start_button.description = tr(f"lesson.run.{self.unit}.start", self.lang, count=whole(self.batch, self.lang))
        self.text.value = self._idle
        for image in self.images:
            image.value, image.layout.display = b"", "none"

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def _begin(self, units: int | None) -> None:
        self._stop.clear()
        self.error = None
        self.target = self.done + (units if units is not None else self.batch)
        self.progress.max = self.target
        self.start_button.disabled, self.stop_button.disabled = True, False

    def _work(self) -> None:
        import time as _time

        drawn, pause = 0.0, self.REDRAW_SECONDS
        try:
            while self.done < self.target and not self._stop.is_set():
                n = min(self.chunk, self.target - self.done)
                self._step(n)
                self.done += n
                self.progress.value = self.done
                self.status.value = tr(f"lesson.run.{self.unit}.running", self.lang, done=whole(self.done, self.lang),
                                       target=whole(self.target, self.lang))
                if _time.perf_counter() - drawn >= pause:
                    began = _time.perf_counter()
                    self.redraw()
                    drawn = _time.perf_counter()
                    pause = max(self.REDRAW_SECONDS, 3 * (drawn - began))   # drawing takes <= 1/4 of the time
            key = "stopped" if self.done < self.target else "done"
            self.status.value = tr(f"lesson.run.{self.unit}.{key}", self.lang, done=whole(self.done, self.lang))
            self.redraw()
        except Exception as err:  # shown on the page: a thread's exception would vanish
            self.error = f"{type(err).__name__}: {err}"
            self.status.value = tr("lesson.run.failed", self.lang, error=self.error)
        finally:
            self.start_button.description = tr(f"lesson.run.{self.unit}.more", self.lang,
                                               count=whole(self.batch, self.lang))
            self.start_button.disabled, self.stop_button.disabled = False, True

    def redraw(self) -> None:
        """Redraw the text and plot from the results so far (nothing before the first unit)."""
        if not self.done:
            return
        with DRAWING:
            self._redraw()

    def _redraw(self) -> None:
        text, figures = self._render()
        self.text.value = markdown_html(text)
        if figures is None:
            return
        figures = list(figures) if isinstance(figures, (list, tuple)) else [figures]
        while len(self.images) < len(figures):
            self._add_image()
        for image, fig in zip(self.images, figures):
            show_in(image, fig, self.lang)


# ----- bot tournaments ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    """A competitor: its label and how to make it (``make(seed) -> bot``)."""

    label: str
    make: Callable[[int], Any]


def bot_entry(name: str, lang: str = "en") -> Entry:
    """A registry bot (``"random"``, ``"counting"``, ``"ev"``) labelled in the lesson's language."""
    from .abracada import messages as _board_messages  # noqa: F401  (the board's names for the bot levels)

    return Entry(tr(f"abracada.board.level.{name}", lang), lambda seed, name=name: make_bot(name, seed))


@dataclass
class Result:
    label: str
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games

    def interval(self, confidence: float = 0.95) -> tuple[float, float]:
        return stats.wilson_interval(self.wins, self.games, confidence)


class Standings:
    """What a tournament shows, however its games are played: each entry's wins, the best entry,
    the table and the running win-rate plot. A tournament gives ``labels``, ``players``, ``games``
    and ``win_matrix()`` (``[g, k]``: entry k won game g; a shared win counts for each winner)."""

    def results(self) -> list[Result]:
        wins = self.win_matrix().sum(axis=0)
        return [Result(label, int(w), self.games) for label, w in zip(self.labels, wins)]

    def result(self, label: str) -> Result:
        return next(r for r in self.results() if r.label == label)

    def best(self) -> Result:
        return max(self.results(), key=lambda r: r.wins)

    def separated(self) -> bool:
        """Is the best entry's 95% interval clear of every other entry's interval?"""
        best = self.best()
        low = best.interval()[0]
        return all(r.interval()[1] < low for r in self.results() if r.label != best.label)

    def table(self, lang: str = "en") -> str:
        headers = [tr(f"lesson.col.{k}", lang) for k in ("bot", "games", "wins", "rate", "interval")]
        rows = []
        for r in self.results():
            lo, hi = r.interval()
            rows.append([r.label, whole(r.games, lang), whole(r.wins, lang), pct(r.rate, lang),
                         f"{pct(lo, lang)} – {pct(hi, lang)}"])
        return table(headers, rows)

    def figure(self, lang: str = "en", title: str | None = None, total: int | None = None):
        """The running win rate of each entry with its 95% Wilson band: the law of large numbers.
        A linear axis up to ``total`` games, so the bands are seen to narrow as the games come in
        (at most ~1,000 points drawn)."""
        import numpy as np

        from .simulation import wilson_bands

        fig, ax = new_figure()
        n, won = self.games, self.win_matrix()
        x = np.unique(np.linspace(1, max(n, 1), min(n, 1000)).astype(np.int64)) if n else np.zeros(0, dtype=np.int64)
        for i, label in enumerate(self.labels):
            wins = np.cumsum(won[:, i])[x - 1] if n else np.zeros(0)
            lo, hi = wilson_bands(wins, x)
            ax.plot(x, wins / np.maximum(x, 1), color=f"C{i}", lw=1.4, label=label)
            ax.fill_between(x, lo, hi, color=f"C{i}", alpha=0.18, lw=0)
        ax.axhline(1 / self.players, color="grey", ls=":", lw=1.2, label=tr("lesson.plot.equal", lang))
        ax.set_xlim(0, max(total or 0, n, 1))
        ax.set_ylim(-0.02, 1.02)
        ax.set_xlabel(tr("lesson.plot.games", lang))
        ax.set_ylabel(tr("lesson.plot.win_rate", lang))
        if title:
            ax.set_title(title)
        legend_outside(ax)
        return fig


@dataclass
class Tournament(Standings):
    """Games between ``entries`` (one per seat), seats rotated every game so nobody keeps seat 0.

    Game ``g`` is ``new_game(len(entries), seed=seed + g, **options)`` and the entry in seat s is
    ``entries[(s + g) % n]``, so a tournament is reproducible and can be extended. A game won by
    several players (a shared win at the top of the tower) counts as a win for each.
    """

    entries: Sequence[Entry]
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    winners: list[tuple[str, ...]] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def players(self) -> int:
        return len(self.entries)

    @property
    def games(self) -> int:
        return len(self.winners)

    def run(self, games: int) -> "Tournament":
        """Play ``games`` more games."""
        n = self.players
        start = time.perf_counter()
        first = self.games
        for g in range(first, first + games):
            game = abracada.new_game(n, seed=self.seed + g, **self.options)
            seating = [self.entries[(s + g) % n] for s in range(n)]
            bots = [e.make((self.seed + g) * 10 + s) for s, e in enumerate(seating)]
            outcome = play(game, bots)
            self.winners.append(tuple(seating[w].label for w in outcome.winners))
        self.seconds += time.perf_counter() - start
        return self

    @property
    def labels(self) -> list[str]:
        return [e.label for e in self.entries]

    def win_matrix(self):
        """``[g, k]``: entry k won game g."""
        import numpy as np

        won = [[e.label in w for e in self.entries] for w in self.winners]
        return np.array(won, dtype=bool).reshape(self.games, self.players)


def tournament_run(tournament: Tournament, games: int, describe: Callable[[Tournament], str], lang: str = "en",
                   title: str | None = None, chunk: int = 15, idle: str = "") -> LiveRun:
    """A tournament on the page: press Play to play ``games`` games (again for more); the table,
    the sentences ``describe(tournament)`` writes about it and the running win-rate plot are
    redrawn together as the games come in. A box picks the first deal's number, so each student
    (or each press of "new start") sees another run converge."""
    import ipywidgets as ipw

    def render():
        return tournament.table(lang) + "\n\n" + describe(tournament), tournament.figure(lang, title, live.target)

    live = LiveRun(tournament.run, render, games, chunk, lang, "games", idle)
    seed = ipw.BoundedIntText(value=tournament.seed, min=0, max=10**9, description=tr("lesson.run.seed", lang),
                              style={"description_width": "initial"}, layout=ipw.Layout(width="16em"))
    seed.add_class("lesson-run-seed")

    def restart(change) -> None:
        if live.running:
            seed.value = tournament.seed
            return
        tournament.seed, tournament.winners, tournament.seconds = int(change["new"]), [], 0.0
        live.reset()

    seed.observe(restart, "value")
    live.seed_box = seed
    live.widget.children = (ipw.HBox([seed]),) + tuple(live.widget.children)
    return live


# ----- predictions ------------------------------------------------------------------------------
class Prediction:
    """A guess the student commits to before the page shows the answer.

    The choices and a "Lock in my prediction" button come first; the text that answers the
    question (``reveal``, Markdown computed by the lesson) is in the page but hidden until the
    student has committed, and is then shown with their guess beside the right choice. The guess
    is kept in the student's own record of answers (:class:`~widgets.exercises.AnswerStore`), so
    a reload shows it again, already locked.
    """

    def __init__(self, prompt: str, choices: Sequence[tuple[str, Any]], answer: Any, reveal: str,
                 lang: str = "en", store: Any = None) -> None:
        import ipywidgets as ipw

        from .exercises import default_store

        if answer not in [value for _, value in choices]:
            raise ValueError(f"the answer {answer!r} is not among the choices")
        self.prompt, self.choices, self.answer, self.lang = prompt, list(choices), answer, lang
        self.store = store if store is not None else default_store()
        self.guess: Any = None
        title = ipw.HTML(f"<b>{tr('lesson.predict.title', lang)}</b> {markdown_html(prompt)}")
        self.input = ipw.RadioButtons(options=self.choices, value=None, layout=ipw.Layout(width="auto"))
        self.button = ipw.Button(description=tr("lesson.predict.commit", lang), button_style="primary",
                                 layout=ipw.Layout(width="auto"))
        self.button.add_class("lesson-predict-commit")
        self.verdict = ipw.HTML("")
        self.reveal = ipw.HTML(markdown_html(reveal), layout=ipw.Layout(display="none"))
        self.reveal.add_class("lesson-predict-reveal")
        self.button.on_click(lambda _: self.commit(self.input.value))
        self.widget = ipw.VBox([title, self.input, self.button, self.verdict, self.reveal])
        self.widget.add_class("lesson-prediction")
        if self.store is not None:
            self.store.when_known(self._restore)

    def commit(self, guess: Any) -> bool | None:
        """Lock ``guess`` in and show the answer; returns whether it was right (None: no choice made)."""
        values = [value for _, value in self.choices]
        if guess not in values:
            self.verdict.value = f"<span>{tr('lesson.predict.choose', self.lang)}</span>"
            return None
        self.guess = guess
        self.input.value = guess
        self.input.disabled = self.button.disabled = True
        label = dict((value, text) for text, value in self.choices)
        right = guess == self.answer
        self.verdict.value = ("<span class=\"lesson-predict-verdict\">"
                              + tr("lesson.predict.right" if right else "lesson.predict.wrong", self.lang,
                                   guess=label[guess], answer=label[self.answer]) + "</span>")
        self.reveal.layout.display = None
        if self.store is not None:
            self.store.save(self, {"answer": str(guess), "tries": 0})
        return right

    def _restore(self) -> None:
        if self.guess is not None:
            return
        record = self.store.load(self)
        if isinstance(record, dict):
            guess = next((value for _, value in self.choices if str(value) == record.get("answer")), None)
            if guess is not None:
                self.commit(guess)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
