"""The ``spelltower`` command: play many games between bots and summarise who wins.

    spelltower simulate abracada --games 1000 --players 4 --bots ev,counting,random --seed 1

Any game plugs in with one line in :data:`towerlib.registry.GAMES`: a module that provides
``new_game(players, seed, **options)`` and a submodule ``bots`` with ``BOTS`` and
``make_bot(name, seed)``. Only the chosen game is imported, and nothing here needs the
optional board dependencies (ipywidgets), so ``spelltower --help`` works on a bare install.
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from typing import Any, Sequence, TextIO

from .core.bots import play
from .core.errors import TowerError
from .core.i18n import LANGUAGES, register, tr
from .registry import GAMES


MESSAGES = {
    "en": {
        "cli.description": "Spell Tower: rules-exact wizard board games.",
        "cli.simulate.help": "play many games between bots and summarise the results",
        "cli.game.help": "which game: {games}",
        "cli.games.help": "number of games (default 100)",
        "cli.players.help": "number of players (default 4)",
        "cli.bots.help": "bots by seat, comma-separated, repeated in turn if fewer than players (default random)",
        "cli.seed.help": "seed of the first game; game i uses seed+i (default 0)",
        "cli.json.help": "print the summary as JSON",
        "cli.option.help": "a game option, e.g. die_faces=[1,2,3,4,5,6] or easy=true (repeatable)",
        "cli.lang.help": "language of the output: {langs}",
        "cli.progress.help": "show a progress bar on stderr (default: only when stderr is a terminal)",
        "cli.bad_option": "--option needs the form name=value, not {text!r}",
        "cli.bad_count": "{name} must be at least {low}, not {value}",
        "cli.unknown_game": "unknown game {name!r}; known: {known}",
        "cli.unknown_bot": "unknown bot {name!r} for {game}; known: {known}",
        "cli.no_bots": "--bots needs at least one bot name",
        "cli.error": "spelltower: error: {message}",
        "cli.summary": "{game}: {games} games, {players} players, seed {seed}",
        "cli.col.seat": "seat",
        "cli.col.bot": "bot",
        "cli.col.wins": "wins",
        "cli.col.win_pct": "win %",
        "cli.col.points": "mean points",
        "cli.rounds": "mean rounds per game: {rounds:.2f}",
        "cli.elapsed": "elapsed: {seconds:.2f} s ({rate:.1f} games/s)",
    },
    "ru": {
        "cli.description": "Spell Tower: точные по правилам настольные игры о волшебниках.",
        "cli.simulate.help": "сыграть много партий между ботами и подвести итоги",
        "cli.game.help": "какая игра: {games}",
        "cli.games.help": "число партий (по умолчанию 100)",
        "cli.players.help": "число игроков (по умолчанию 4)",
        "cli.bots.help": "боты по местам через запятую, повторяются по кругу, если их меньше, чем игроков (по умолчанию random)",
        "cli.seed.help": "зерно первой партии; партия i использует seed+i (по умолчанию 0)",
        "cli.json.help": "вывести итоги в формате JSON",
        "cli.option.help": "параметр игры, например die_faces=[1,2,3,4,5,6] или easy=true (можно повторять)",
        "cli.lang.help": "язык вывода: {langs}",
        "cli.progress.help": "показывать ход выполнения в stderr (по умолчанию — только в терминале)",
        "cli.bad_option": "--option записывается как имя=значение, а не {text!r}",
        "cli.bad_count": "{name} должно быть не меньше {low}, а не {value}",
        "cli.unknown_game": "неизвестная игра {name!r}; известные: {known}",
        "cli.unknown_bot": "неизвестный бот {name!r} для {game}; известные: {known}",
        "cli.no_bots": "в --bots нужно указать хотя бы одного бота",
        "cli.error": "spelltower: ошибка: {message}",
        "cli.summary": "{game}: партий {games}, игроков {players}, зерно {seed}",
        "cli.col.seat": "место",
        "cli.col.bot": "бот",
        "cli.col.wins": "победы",
        "cli.col.win_pct": "победы, %",
        "cli.col.points": "очки в среднем",
        "cli.rounds": "раундов за партию в среднем: {rounds:.2f}",
        "cli.elapsed": "время: {seconds:.2f} с ({rate:.1f} партий/с)",
    },
}
register(MESSAGES)


class CliError(Exception):
    """A bad command line; carries the message already rendered in the chosen language."""


def _lang_of(argv: Sequence[str]) -> str:
    """The --lang value, read before parsing so that --help itself is translated."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1] if argv[i + 1] in LANGUAGES else "en"
        if arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
            return value if value in LANGUAGES else "en"
    return "en"


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    t = lambda key, **kw: tr(key, lang, **kw)  # noqa: E731
    parser = argparse.ArgumentParser(prog="spelltower", description=t("cli.description"))
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help=t("cli.lang.help", langs=", ".join(LANGUAGES)))
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help=t("cli.simulate.help"), description=t("cli.simulate.help"))
    sim.add_argument("game", help=t("cli.game.help", games=", ".join(GAMES)))
    sim.add_argument("--games", type=int, default=100, help=t("cli.games.help"))
    sim.add_argument("--players", type=int, default=4, help=t("cli.players.help"))
    sim.add_argument("--bots", default="random", help=t("cli.bots.help"))
    sim.add_argument("--seed", type=int, default=0, help=t("cli.seed.help"))
    sim.add_argument("--json", action="store_true", help=t("cli.json.help"))
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help=t("cli.option.help"))
    sim.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None, help=t("cli.progress.help"))
    sim.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=t("cli.lang.help", langs=", ".join(LANGUAGES)))
    return parser


def parse_options(items: Sequence[str], lang: str = "en") -> dict[str, Any]:
    """``name=value`` pairs; a value is read as JSON when it can be (true, 3, [1,2,3]), else as text."""
    options: dict[str, Any] = {}
    for item in items:
        name, sep, text = item.partition("=")
        if not sep or not name.strip():
            raise CliError(tr("cli.bad_option", lang, text=item))
        try:
            value = json.loads(text)
        except ValueError:
            value = text
        options[name.strip()] = tuple(value) if isinstance(value, list) else value
    return options


def simulate(game: str, games: int, players: int, bots: Sequence[str], seed: int = 0,
             options: dict[str, Any] | None = None, lang: str = "en",
             progress: TextIO | None = None) -> dict[str, Any]:
    """Play ``games`` games and return the summary (the same dict ``--json`` prints).

    Wins shared by several seats count fractionally, so the wins column sums to ``games``.
    """
    if game not in GAMES:
        raise CliError(tr("cli.unknown_game", lang, name=game, known=", ".join(GAMES)))
    for name, value, low in (("--games", games, 1), ("--players", players, 1)):
        if value < low:
            raise CliError(tr("cli.bad_count", lang, name=name, value=value, low=low))
    if not bots:
        raise CliError(tr("cli.no_bots", lang))
    module = importlib.import_module(GAMES[game])
    bot_module = importlib.import_module(GAMES[game] + ".bots")
    names = [bots[i % len(bots)] for i in range(players)]
    for name in names:
        if name not in bot_module.BOTS:
            raise CliError(tr("cli.unknown_bot", lang, name=name, game=game, known=", ".join(bot_module.BOTS)))
    seats = [bot_module.make_bot(name, seed=seed * 1000 + i) for i, name in enumerate(names)]
    wins = [0.0] * players
    points = [0] * players
    rounds = 0
    bar = _Progress(progress, games)
    start_wall, start_cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        g = module.new_game(players, seed=seed + i, **(options or {}))
        outcome = play(g, seats)
        for w in outcome.winners:
            wins[w] += 1 / len(outcome.winners)
        for q, s in enumerate(outcome.scores):
            points[q] += s
        rounds += getattr(g, "round_no", 1)
        bar.update(i + 1)
    bar.close()
    wall, cpu = time.perf_counter() - start_wall, time.process_time() - start_cpu
    return {
        "game": game, "games": games, "players": players, "seed": seed, "options": _jsonable(options or {}),
        "seats": [{"seat": q, "bot": names[q], "wins": wins[q], "win_pct": 100 * wins[q] / games,
                   "mean_points": points[q] / games} for q in range(players)],
        "mean_rounds": rounds / games,
        "elapsed_s": wall, "cpu_s": cpu, "games_per_s": games / wall if wall > 0 else float("inf"),
    }


def _jsonable(options: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}


class _Progress:
    """A one-line text progress bar, redrawn at most a hundred times."""

    WIDTH = 30

    def __init__(self, stream: TextIO | None, total: int) -> None:
        self.stream, self.total, self.shown = stream, total, -1

    def update(self, done: int) -> None:
        if self.stream is None:
            return
        step = done * 100 // self.total
        if step != self.shown:
            self.shown = step
            filled = done * self.WIDTH // self.total
            self.stream.write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{self.total}")
            self.stream.flush()

    def close(self) -> None:
        if self.stream is not None:
            self.stream.write("\n")
            self.stream.flush()


def format_table(summary: dict[str, Any], lang: str = "en") -> str:
    """The summary as an aligned text table with the totals under it."""
    t = lambda key, **kw: tr(key, lang, **kw)  # noqa: E731
    header = [t("cli.col.seat"), t("cli.col.bot"), t("cli.col.wins"), t("cli.col.win_pct"), t("cli.col.points")]
    rows = [[str(s["seat"]), s["bot"], f"{s['wins']:.1f}", f"{s['win_pct']:.1f}", f"{s['mean_points']:.2f}"]
            for s in summary["seats"]]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    line = lambda r: "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))  # noqa: E731
    out = [t("cli.summary", game=summary["game"], games=summary["games"], players=summary["players"],
             seed=summary["seed"]), line(header), *(line(r) for r in rows),
           t("cli.rounds", rounds=summary["mean_rounds"]),
           t("cli.elapsed", seconds=summary["elapsed_s"], rate=summary["games_per_s"])]
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``spelltower`` console script; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = _lang_of(argv)
    args = build_parser(lang).parse_args(argv)
    show = sys.stderr.isatty() if args.progress is None else args.progress
    try:
        summary = simulate(args.game, args.games, args.players, [b.strip() for b in args.bots.split(",") if b.strip()],
                           args.seed, parse_options(args.option, lang), lang, sys.stderr if show else None)
    except (CliError, TowerError) as exc:
        message = exc.message(lang) if isinstance(exc, TowerError) else str(exc)
        print(tr("cli.error", lang, message=message), file=sys.stderr)
        return 2
    print(json.dumps(summary, ensure_ascii=False) if args.json else format_table(summary, lang))
    return 0


if __name__ == "__main__":
    sys.exit(main())
