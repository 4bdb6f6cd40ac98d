"""Catalogue entries shared by all games: errors of the core and generic words.

An ``IllegalAction`` text names the refused action and why, never the actions allowed now: anyone
may call ``apply``, and the decider's options can reveal their hidden cards (a caller asks
``legal_actions()``). Seats are 0-based in code; a text that names a code seat says which player
(counted from 1) it is.
"""
from .i18n import register

MESSAGES = {
    "en": {
        "error.not_an_action": "{text!r} is not an action of this game (game.legal_actions() lists the actions allowed now)",
        "error.illegal_action": "{action} is not allowed now: {reason}",
        "error.game_over": "the game is over; no action is allowed",
        "error.unknown_option": "unknown option {name!r}; known options: {known}",
        "error.bad_option": "option {name}={value!r} is not allowed; choose {allowed}",
        "error.bad_players": "players={value!r} is not allowed; this game takes {low} to {high} players",
        "error.bad_seat": "seat {value!r} does not exist: in code the seats of this game are 0 (player 1) to {last} (player {players})",
        "error.deal_not_object": "a deal must be a dictionary of fields, not {kind}",
        "error.deal_not_json": "the deal must hold only JSON values (lists, dictionaries, text, whole numbers): {detail}",
        "save.not_json": "the save file is not valid JSON ({detail})",
        "save.not_object": "the save file must hold a JSON object, not {kind}",
        "save.wrong_format": "this is not a Spell Tower save file (format is {found!r}, expected {expected!r})",
        "save.wrong_version": "save format version {found!r} is not supported (this program reads version {expected})",
        "save.wrong_game": "this save file holds a {found!r} game, not {expected!r}",
        "save.missing": "the save file lacks the field {field!r}",
        "save.bad_field": "the save file's field {field!r} is wrong: {detail}",
        "save.bad_action": "move {index} in the save file ({action!r}) cannot be replayed: {detail}",
        "save.mismatch": "the save file's {field!r} does not match its move history (saved {saved!r}, replayed {replayed!r})",
        "save.checksum": "the save file was changed or damaged: its checksum does not match its contents",
        "word.none": "none",
    },
    "ru": {
        "error.not_an_action": "{text!r} — не ход этой игры (ходы, разрешённые сейчас, перечисляет game.legal_actions())",
        "error.illegal_action": "{action} сейчас нельзя: {reason}",
        "error.game_over": "игра окончена; ходить больше нельзя",
        "error.unknown_option": "неизвестный параметр {name!r}; известные параметры: {known}",
        "error.bad_option": "параметр {name}={value!r} недопустим; выберите {allowed}",
        "error.bad_players": "players={value!r} недопустимо; в эту игру играют от {low} до {high} игроков",
        "error.bad_seat": "места {value!r} нет: в коде места этой игры — от 0 (игрок 1) до {last} (игрок {players})",
        "error.deal_not_object": "раздача — это словарь полей, а не {kind}",
        "error.deal_not_json": "в раздаче могут быть только значения JSON (списки, словари, текст, целые числа): {detail}",
        "save.not_json": "файл сохранения — не JSON ({detail})",
        "save.not_object": "в файле сохранения должен быть объект JSON, а не {kind}",
        "save.wrong_format": "это не файл сохранения Spell Tower (формат {found!r}, ожидался {expected!r})",
        "save.wrong_version": "версия формата {found!r} не поддерживается (программа читает версию {expected})",
        "save.wrong_game": "в файле сохранена игра {found!r}, а не {expected!r}",
        "save.missing": "в файле сохранения нет поля {field!r}",
        "save.bad_field": "поле {field!r} в файле сохранения неверно: {detail}",
        "save.bad_action": "ход {index} из файла сохранения ({action!r}) нельзя повторить: {detail}",
        "save.mismatch": "поле {field!r} в файле сохранения не совпадает с историей ходов (сохранено {saved!r}, получилось {replayed!r})",
        "save.checksum": "файл сохранения изменён или повреждён: контрольная сумма не совпадает с содержимым",
        "word.none": "нет",
    },
}

register(MESSAGES)
