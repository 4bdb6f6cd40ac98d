"""The Das Amulett board's own words, in English and Russian (keys ``amulett.board.*``)."""
from __future__ import annotations

from towerlib.core.i18n import register

MESSAGES = {
    "en": {
        "amulett.board.map": "The map of Das Amulett",
        "amulett.board.any_metal": "any metal",
        "amulett.board.area_title": "{area}: {terrain}, pay with {metal}; {jewels} jewels",
        "amulett.board.hat2": "Hat #2",
        "amulett.board.amulet": "Amulet: {jewels} jewels, {colours} colours",
    },
    "ru": {
        "amulett.board.map": "Карта игры «Амулет»",
        "amulett.board.any_metal": "любой металл",
        "amulett.board.area_title": "{area}: {terrain}, оплата: {metal}; камней: {jewels}",
        "amulett.board.hat2": "Шляпа №2",
        "amulett.board.amulet": "Амулет: камней {jewels}, цветов {colours}",
    },
}
register(MESSAGES)
