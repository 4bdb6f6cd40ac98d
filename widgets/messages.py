"""Catalogue entries shared beyond one game, in English and Russian: the pages around the boards
(the gallery) and the words every board's table says the same way.

Importing this module registers them with :func:`towerlib.core.i18n.register`; the gallery
notebook then shows every string through ``tr(key, lang)``, so switching language is one call.
Game names are keyed by the game's folder under ``notebooks/`` (``gallery.game.<folder>``); a
folder without an entry is titled from its play page's first heading.

A board looks its words up with :func:`board_key`: its own ``<game>.board.<name>`` where the game
words it its own way ("Start the duel"), otherwise the shared ``table.<name>`` ("New game"), so a
word the boards share is written once.
"""
from towerlib.core.i18n import DEFAULT_LANGUAGE, register, table

MESSAGES = {
    "en": {
        "gallery.title": "Spell Tower",
        "gallery.intro": "Four wizard board games to play in the browser, and lessons on the probability and deduction behind them.",
        "gallery.language": "Language",
        "gallery.language.en": "English",
        "gallery.language.ru": "Русский",
        "gallery.play": "Play {game}",
        "gallery.lessons": "Lessons",
        "gallery.more_lessons": "More lessons",
        "gallery.lessons_in.en": "Lessons in English",
        "gallery.lessons_in.ru": "Lessons in Russian",
        "gallery.empty": "No games or lessons are installed yet.",
        "gallery.game.abracada": "Abracada...What?",
        "gallery.game.runes": "Spell Runes",
        "gallery.game.amulett": "Das Amulett",
        "gallery.game.spellcaster": "SpellCaster",
        "gallery.guide": "Teacher's guide",
        "gallery.minutes": "{n} min",
        "gallery.teaches.abracada": "Deduction with hidden information: count the stones you can see to learn the ones you cannot.",
        "gallery.teaches.runes": "Dice probability: counting outcomes, re-rolls as decisions, and who wins a duel.",
        "gallery.teaches.amulett": "Auctions and expected value; sampling without replacement from a bag of jewels.",
        "gallery.teaches.spellcaster": "Distributions of d10 contests, Markov chains, and walks on a coloured graph.",
        "gallery.picture.abracada": "The eight spellstones, numbered 1 (Ancient Dragon) to 8 (Magic Drink)",
        "gallery.picture.runes": "Five dice showing a full house: three fives and two threes",
        "gallery.picture.amulett": "The map of Das Amulett: 24 hexagonal areas, each lettered by terrain (W water, F forest, D desert, M mountain, C city)",
        "gallery.picture.spellcaster": "Board SC-13: 13 points joined by 28 links, each point lettered with its elements (F fire, E earth, W water, A air)",
    },
    "ru": {
        "gallery.title": "Башня заклинаний",
        "gallery.intro": "Четыре настольные игры о волшебниках, в которые можно играть в браузере, и уроки о вероятности и логике, на которых они построены.",
        "gallery.language": "Язык",
        "gallery.language.en": "English",
        "gallery.language.ru": "Русский",
        "gallery.play": "Играть: {game}",
        "gallery.lessons": "Уроки",
        "gallery.more_lessons": "Другие уроки",
        "gallery.lessons_in.en": "Уроки на английском",
        "gallery.lessons_in.ru": "Уроки на русском",
        "gallery.empty": "Пока не установлено ни одной игры или урока.",
        "gallery.game.abracada": "Абракада...что?",
        "gallery.game.runes": "Руны заклинаний",
        "gallery.game.amulett": "Das Amulett",
        "gallery.game.spellcaster": "SpellCaster",
        "gallery.guide": "Пособие для учителя",
        "gallery.minutes": "{n} мин",
        "gallery.teaches.abracada": "Логический вывод при скрытой информации: считайте камни, которые видите, чтобы узнать те, которых не видно.",
        "gallery.teaches.runes": "Вероятность на кубиках: подсчёт исходов, переброс как решение и кто побеждает в дуэли.",
        "gallery.teaches.amulett": "Аукционы и математическое ожидание; выборка без возвращения из мешка с самоцветами.",
        "gallery.teaches.spellcaster": "Распределения в состязаниях на d10, цепи Маркова и блуждания по цветному графу.",
        "gallery.picture.abracada": "Восемь камней заклинаний с номерами от 1 (Древний дракон) до 8 (Волшебное зелье)",
        "gallery.picture.runes": "Пять кубиков с фулл-хаусом: три пятёрки и две тройки",
        "gallery.picture.amulett": "Карта Das Amulett: 24 шестиугольные области, у каждой буква местности (W вода, F лес, D пустыня, M горы, C город)",
        "gallery.picture.spellcaster": "Поле SC-13: 13 точек и 28 связей, у каждой точки буквы её стихий (F огонь, E земля, W вода, A воздух)",
    },
}

# Folders of the four games, in the order the gallery lists them (other folders follow, sorted).
GAME_ORDER = ("abracada", "runes", "amulett", "spellcaster")

register(MESSAGES)

#: The words the boards' tables share: name -> (English, Russian), registered as ``table.<name>``.
_TABLE_WORDS = {
    "language": ("Language", "Язык"),
    "new_game": ("New game", "Новая игра"),
    "actions": ("Your moves", "Ваши ходы"),
    "to_play": ("to play", "ходит"),
    "prompt.you": ("Your decision: {what}.", "Ваше решение: {what}."),
    "prompt.over": ("The game is over. Winners: {who}.", "Игра окончена. Победители: {who}."),
    "act.pass": ("Pass", "Пас"),
    "key.pass": ("pass", "пас"),
    "level.random": ("random bot", "случайный бот"),
    "level.greedy": ("greedy bot", "жадный бот"),
    "level.planner": ("planner bot", "бот-стратег"),
    "resume": ("Resume last game", "Продолжить последнюю игру"),
    "resumed": ("Your last game is back on the table.", "Ваша последняя игра снова на столе."),
    "nothing_to_resume": ("There is no saved game to resume yet.", "Сохранённой игры пока нет."),
    "load_failed": ("The save {name} could not be opened: {detail}", "Не удалось открыть сохранение {name}: {detail}"),
    "log": ("What happened", "Что произошло"),
    "not_your_turn": ("It is {who}'s decision, not yours.", "Сейчас решает {who}, а не вы."),
    "illegal": ("Not allowed: {message}", "Нельзя: {message}"),
    "setup.seat": ("Your seat", "Ваше место"),
    "setup.seat_n": ("Seat {n}", "Место {n}"),
    "setup.bots": ("Who plays the other seats", "Кто играет за другие места"),
    "setup.seed": ("Seed", "Зерно"),
    "setup.bad_seed": ("The seed must be a whole number of 0 or more.", "Зерно должно быть целым числом не меньше 0."),
    "setup.rules": ("Rule options", "Параметры правил"),
}
register({lang: {f"table.{name}": words[i] for name, words in _TABLE_WORDS.items()}
          for i, lang in enumerate(("en", "ru"))})


def board_key(prefix: str, name: str) -> str:
    """The catalogue key of a board's word ``name``: the board's own ``<prefix>.<name>`` if its
    game registered one, else the shared ``table.<name>``."""
    own = f"{prefix}.{name}"
    return own if own in table(DEFAULT_LANGUAGE) else f"table.{name}"
