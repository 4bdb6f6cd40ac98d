"""Catalogue entries shared by all games: errors of the core and generic words."""
from .i18n import register

MESSAGES = {
    "en": {
        "error.not_an_action": "{text!r} is not an action; allowed now: {allowed}",
        "error.illegal_action": "{action} is not allowed now: {reason}; allowed now: {allowed}",
        "error.game_over": "the game is over; no action is allowed",
        "error.unknown_option": "unknown option {name!r}; known options: {known}",
        "error.bad_option": "option {name}={value!r} is not allowed; choose {allowed}",
        "error.bad_players": "players={value!r} is not allowed; this game takes {low} to {high} players",
        "error.bad_seat": "seat {value!r} does not exist; seats are 0 to {last}",
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
        "error.not_an_action": "{text!r} — не ход; сейчас можно: {allowed}",
        "error.illegal_action": "{action} сейчас нельзя: {reason}; сейчас можно: {allowed}",
        "error.game_over": "игра окончена; ходить больше нельзя",
        "error.unknown_option": "неизвестный параметр {name!r}; известные параметры: {known}",
        "error.bad_option": "параметр {name}={value!r} недопустим; выберите {allowed}",
        "error.bad_players": "players={value!r} недопустимо; в эту игру играют от {low} до {high} игроков",
        "error.bad_seat": "места {value!r} нет; места от 0 до {last}",
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
