"""Catalogue entries for the pages around the boards (the gallery), in English and Russian.

Importing this module registers them with :func:`towerlib.core.i18n.register`; the gallery
notebook then shows every string through ``tr(key, lang)``, so switching language is one call.
Game names are keyed by the game's folder under ``notebooks/`` (``gallery.game.<folder>``); a
folder without an entry is titled from its play page's first heading.
"""
from towerlib.core.i18n import register

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
    },
}

# Folders of the four games, in the order the gallery lists them (other folders follow, sorted).
GAME_ORDER = ("abracada", "runes", "amulett", "spellcaster")

register(MESSAGES)
