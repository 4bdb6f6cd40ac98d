"""The teachers' guides (``notebooks/<game>/guide.ipynb``): their words in English and Russian
(keys ``guide.*``) and the small page builder the four guides share.

A guide notebook computes its exercises' answers with ``towerlib`` when it runs and hands them
to :func:`sections`, which lays out the same four sections in either language: the rules in
short, the lesson plan (each lesson's topic, time, exercises and computed answers), how to run
the class, and the misconceptions to watch for. Nothing in a guide's prose is a typed-in
result: numbers come from the library, words from this catalogue.
"""
from __future__ import annotations

import html
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from towerlib.core.i18n import Msg, register, tr

from . import gallery
from .exercises import decimal, format_number

#: The guide's sections, in order; the same in every language.
SECTIONS = ("rules", "plan", "class", "misconceptions")
#: HOUSE estimate shown for a lesson whose notebook does not give its time (metadata ``spelltower.minutes``).
ESTIMATED_MINUTES = 30
#: Exact answers with a longer denominator are shown as decimals only.
LONGEST_DENOMINATOR = 10**6
#: Links are underlined (not told apart by colour alone) and keyboard focus is visible (Okabe-Ito orange).
STYLE = ("<style>.spelltower-guide a, .spelltower-guide a:link, .spelltower-guide a:visited "
         "{text-decoration: underline !important;}"
         ".spelltower-guide a:focus-visible {outline: 3px solid #E69F00; outline-offset: 2px;}</style>")
#: The folder holding the course's notebooks.
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        # ----- common -------------------------------------------------------------------------
        "guide.title": "Teacher's guide · {game}",
        "guide.language": "Language",
        "guide.denied": "This page is for the teacher. Open it in the browser in which you opened the teacher "
                        "link that the server printed when it started.",
        "guide.section.rules": "The rules in short",
        "guide.section.plan": "The lesson plan",
        "guide.section.class": "Running the class",
        "guide.section.misconceptions": "Misconceptions to watch for",
        "guide.plan.intro": "Take the lessons in this order. Each comes with exercises for the class (the lesson's "
                            "own, or like them on this guide's positions); every answer below was computed by the "
                            "game library when this page opened.",
        "guide.plan.minutes": "about {n} min",
        "guide.plan.estimated": "about {n} min (estimate)",
        "guide.plan.teaches": "**What it teaches.** {text}",
        "guide.plan.exercises": "**Exercises and answers**",
        "guide.class.text": (
            "1. Start the server with `scripts/serve`. It prints the **gallery** link for the students and a "
            "**teacher link** (with `?teacher=…`); keep the teacher link to yourself.\n"
            "2. Students open the gallery ([gallery]({gallery})), pick the game's card and follow the lessons in the "
            "order above; {play} opens the board. Add `?lang=ru` to a link for Russian.\n"
            "3. The teacher link opens a board in **teacher mode**; for this game keep its `?teacher=…` and make "
            "the page `{folder}/play.ipynb`. The dashed red panel under the board shows the whole "
            "hidden state (**reveal**), the bots' latest decisions with **their reasons**, and a field to "
            "**set a position**. Never project that panel: it shows what the players must not see.\n"
            "4. **Set up a position for the class:** play or deal the position on your board, press "
            "*Download this game*, and share the file; or paste a save or a deal (JSON) into the field and press "
            "*Set this position*. The class page (`teacher.ipynb`, also with the teacher link) shows who is online "
            "and how each exercise went."),
        "guide.class.play": "Play",
        "guide.class.no_play": "*Play* (this game's board page is not in the kit yet)",
        "guide.class.deal": "A deal you can paste into *Set a position* (on a board set up for the same number "
                             "of players), made and checked by the library ({what}):",
        # ----- Abracada -----------------------------------------------------------------------
        "guide.abracada.rules": (
            "* {lo}–{hi} wizards; {stones} spell stones: spell *v* (1 to 8) has *v* copies. Each wizard holds 5 stones facing "
            "**away**: you see everyone's stones but your own. 4 secret stones lie face down; with 3 players 6 "
            "stones, with 2 players 12, are laid out face up.\n"
            "* Everyone starts each round with {life} life (never more). On your turn you **declare** a spell. "
            "If you hold it, the stone is taken out and the spell happens; you may stop or declare again, the same "
            "or a **higher** number. If you do not hold it, you lose 1 life (the Dragon: a die roll) and the turn "
            "ends.\n"
            "* The round ends when someone reaches 0 life (the caster who knocked them out scores 3, the other "
            "survivors 1) or empties their hand (3 points). Secret stones taken with Night Singer score 1 each. "
            "The first to {points} points wins."),
        "guide.abracada.teaches.01_meet_the_tower": "The stones, what you can see, a guided turn, how a round ends.",
        "guide.abracada.teaches.02_counting_stones": "Counting hidden stones: the hypergeometric distribution, "
                                                     "checked against engine deals (law of large numbers).",
        "guide.abracada.teaches.03_what_do_i_hold": "Conditional probability: stones removed face up and failed "
                                                   "casts change your chances; the deduction meter.",
        "guide.abracada.teaches.04_which_spell_now": "Expected value and risk: which spell to declare and when "
                                                    "to stop.",
        "guide.abracada.teaches.05_let_the_bots_play": "Bot tournaments and confidence intervals: how many games "
                                                      "make a result trustworthy.",
        "guide.abracada.ex.total_stones": "How many spell stones are in the game?",
        "guide.abracada.ex.pile_4p": "In a 4-player game, how many stones are in the draw pile after the deal?",
        "guide.abracada.ex.l2_dragon": "4 players; the other hands show {others}. P(you hold the Dragon)?",
        "guide.abracada.ex.l2_fireball": "Same hands ({others}). P(you hold at least one Fireball, 7)?",
        "guide.abracada.ex.l3_hidden": "3 players; the other hands show {others} and the stones removed face up "
                                       "are {removed}. How many stones are hidden from you?",
        "guide.abracada.ex.l3_drink": "In that position, P(you hold at least one Magic Drink, 8)?",
        "guide.abracada.ex.dragon_5p": "5 players; none of the four hands you see holds the Dragon. "
                                       "P(you hold it)?",
        "guide.abracada.ex.drink_4p": "The class position (below): the other hands show {others}, that is {seen} "
                                      "Magic Drinks (8). P(you hold at least one)?",
        "guide.abracada.ex.after_fail": "Same position, but your declared 5 has just failed. "
                                        "P(you hold at least one 8) now?",
        "guide.abracada.ex.sweet_dream": "Your life is 4. Expected gain from Sweet Dream with the game die "
                                         "{die}?",
        "guide.abracada.ex.dragon_self_ko": "Life 2, you declare the Dragon with a d6 and do not hold it. "
                                            "P(you knock yourself out)?",
        "guide.abracada.ex.half_width": "A bot won {wins} of {games} games. Half-width of its 95% interval?",
        "guide.abracada.ex.games_needed": "How many games give a half-width of at most {pct}% for a win rate near 50%?",
        "guide.abracada.ex.next_after_6": "Lesson 1's guided position: you have just cast Blizzard (6) successfully. "
                                          "Which of {choices} may you declare next?",
        "guide.abracada.ex.l1_fireballs": "Lesson 1's position: the other hands show {others}. How many Fireballs (7) "
                                          "are hidden from you?",
        "guide.abracada.ex.drink_gain": "In lesson 1's guided turn your life was {life} when you cast Magic Drink (8). "
                                        "How much life did it give you?",
        "guide.abracada.ex.l2_likeliest": "Same hands. Which spell are you most likely to hold?",
        "guide.abracada.ex.l2_expected": "Same hands. On average, how many stones of that spell do you hold?",
        "guide.abracada.ex.l3_dragon": "In that position, before any cast, P(you hold the Dragon)?",
        "guide.abracada.ex.l3_after_fail": "There your declared 5 has just failed. P(you hold at least one Magic "
                                           "Drink, 8) now?",
        "guide.abracada.ex.l3_night_singer": "Did that failed 5 make P(you hold a Night Singer, 4) higher, lower or "
                                             "leave it the same?",
        "guide.abracada.ex.dragon_ev": "Lesson 2's table (the other hands show {others}), everybody at full life: "
                                       "the expected value of declaring the Dragon, in life points, with the game "
                                       "die {die}?",
        "guide.abracada.ex.break_even": "With 4 players, above which chance p of holding the Dragon is the gamble "
                                        "worth it (in life points)?",
        "guide.abracada.ex.best_next": "Same table, after a successful Blizzard (6): the best choice in life points?",
        "guide.abracada.ex.fair_share": "Three identical bots play 3-player games with the seats rotated. In the long "
                                        "run, what fraction of the games should each win?",
        "guide.abracada.ex.half_as_wide": "How many times more games make a confidence interval half as wide?",
        "guide.abracada.ex.intervals_clear": "Bot A won {a} of {games} games, bot B {b} of {games}. Are their 95% "
                                             "intervals clear of each other?",
        "guide.answer.higher": "higher",
        "guide.answer.lower": "lower",
        "guide.answer.same": "the same",
        "guide.answer.yes": "yes",
        "guide.answer.no": "no",
        "guide.answer.stop": "stop (end the turn)",
        "guide.answer.cast": "declare {v} · {spell}",
        "guide.abracada.position": "4 players, you are seat 0, hands as in the exercises above",
        "guide.abracada.misconceptions": (
            "* *\"Small numbers are the best spells, so declare them.\"* They are the rarest: the Dragon is one "
            "stone in {stones}. Count the copies you cannot see first.\n"
            "* *\"I can see my own stones.\"* You see everyone else's; your own hand is exactly what you must "
            "deduce.\n"
            "* *\"A failed cast tells me nothing.\"* It rules that spell out of your whole hand, which makes the "
            "other spells **more** likely.\n"
            "* *\"After a lucky 6 I may go back to 3.\"* A chain never goes down.\n"
            "* *\"Healing above {life} is saved for later.\"* The excess is lost: expected gains are capped.\n"
            "* *\"The bot that won more games is better.\"* Only if the confidence intervals separate."),
        # ----- Spell Runes --------------------------------------------------------------------
        "guide.runes.rules": (
            "* {lo}–{hi} wizards, each with a wizard board (passive ability, class spell) and {health} health (the "
            "rulebook leaves the maximum open; the game and the lessons use {health}).\n"
            "* Each round everyone rolls a die for **initiative**; the highest moves first.\n"
            "* On your turn roll 5 dice and re-roll any of them up to twice. Then split the dice into groups, each "
            "casting a spell: any pair is an **Attack**, and only a pair of 1s may instead **Heal** (+2 health); "
            "three of a kind summons a **Familiar**, four in a row draws **Loot**, five in a row is a **Chain** (3 "
            "damage to every foe), a full house (three of a kind and a pair) casts the wizard's **class spell**, "
            "four of a kind **Restores** the spent spells and draws loot, and five of a kind is **Quantum Death**: "
            "one foe is knocked out at once, with no counter, and every later damage in the game is +1.\n"
            "* An Attack with a pair of *v* is **countered** when the target's die shows more than *v*.\n"
            "* A wizard at 0 health is incapacitated; the last wizard standing wins."),
        "guide.runes.teaches.01_dice_duel_odds": "Counting rolls of five dice exactly; the counter roll.",
        "guide.runes.teaches.02_hold_or_reroll": "Hold or re-roll: dynamic programming over the 252 sorted rolls; "
                                                "equally good holds; rules of thumb against the optimum.",
        "guide.runes.teaches.03_who_wins_the_duel": "Expected damage of a turn and the duel as a Markov chain; "
                                                   "why initiative matters; what the model leaves out.",
        "guide.runes.ex.five_sixes": "One roll of five dice: P(five 6s)?",
        "guide.runes.ex.chain_hold": "You rolled 2 2 3 3 6 with one re-roll left: best chance of a Chain?",
        "guide.runes.ex.both_hit": "Two Attacks, a pair of 4s and a pair of 2s (grades equal): P(both hit)?",
        "guide.runes.ex.damage_q": "The Quantum shadow is Q = {q}. Expected damage of one Attack with a pair of 5s "
                                   "(grades equal)?",
        "guide.runes.ex.quantum_2": "Keeping the most common value: P(five of a kind within two rolls)?",
        "guide.runes.ex.familiar_hold": "You rolled 1 1 3 4 6 with one re-roll left: best chance of a Familiar?",
        "guide.runes.ex.chain_two": "Re-rolling all five dice every time: P(a Chain within two rolls)?",
        "guide.runes.ex.ones_for_loot": "From 1 1 3 4 6 with one re-roll left, keeping the pair of 1s: P(Loot)?",
        "guide.runes.ex.loot_hold": "From 1 1 3 4 6 with one re-roll left, aiming for Loot: which dice to keep?",
        "guide.runes.answer.any_of": "any of {holds} or {last} (each gives {p}; all are marked right)",
        "guide.runes.ex.cryo_two": "A pair of 4s and a pair of 6s against the Cryomancer (+1 on her counter rolls): "
                                   "expected damage of both Attacks?",
        "guide.runes.ex.first_twice": "The Chronomancer (+1 initiative, wins ties) against the Pyromancer: "
                                      "P(she moves first in both of the next two rounds)?",
        "guide.runes.ex.both_hit_22556": "Final dice 2 2 5 5 6, no counter bonus: P(both Attacks hit)?",
        "guide.runes.ex.no_damage": "P(a whole turn with the best holds for damage deals no damage and casts no "
                                    "Quantum Death)?",
        "guide.runes.ex.over_first_round": "Both wizards at 1 health and A always moves first: P(the duel is over "
                                           "by the end of the first round)?",
        "guide.runes.position": "2 players: the Chronomancer against the Pyromancer, 6 health each, no loot; "
                                "the Chronomancer moves first and rolls 1 1 3 4 6",
        "guide.runes.misconceptions": (
            "* *\"Keep the highest dice.\"* The best hold depends on the spell you aim for.\n"
            "* *\"There is one best hold.\"* Often several are exactly as good: from 1 1 3 4 6 with one re-roll, "
            "3 4, 3 4 6 and 1 3 4 give the same chance of Loot (lesson 2 accepts each). The re-rolls left change "
            "how many holds tie for best, not which one you may keep.\n"
            "* *\"Three rolls triple the chance.\"* Chances within *k* tries grow like 1 − (1 − p)^k, not k·p.\n"
            "* *\"A pair of 6s and a pair of 1s are both just an Attack.\"* The counter stops a pair of *v* with "
            "chance (6 − v)/6: a pair of 1s almost always fails.\n"
            "* *\"Any pair can heal.\"* Only a pair of 1s heals.\n"
            "* *\"Re-roll a five of a kind for more damage.\"* It is Quantum Death: a foe is knocked out at once.\n"
            "* *\"Going first is a small edge.\"* In a short duel it decides a large share of the games.\n"
            "* *\"The model's numbers are the game's.\"* Lesson 3's duel leaves out healing, loot and familiars, "
            "and its numbers move with how equally damaging holds are chosen; the lesson shows by how much.\n"
            "* *\"Quantum Death only matters once.\"* It raises every later damage for the rest of the game."),
        # ----- Das Amulett --------------------------------------------------------------------
        "guide.amulett.rules": (
            "* {lo}–{hi} players collect jewels for their amulet. Each round has four phases.\n"
            "* **Spells:** as many auctions as players; bidding goes once around the table and the winner puts the "
            "bid in energy stones on the spell, which then works for as many rounds.\n"
            "* **Metals:** each spell pays its metal cards.\n"
            "* **Jewels:** a round marker says how many areas are visited; in each, an open ascending auction paid "
            "in the metal the area accepts; the winner takes a jewel and moves Hat #2 to a neighbouring area.\n"
            "* **Energy:** every spell loses a stone; a spell without stones is discarded. The first player whose "
            "amulet holds {colours} different colours or {jewels} jewels wins at once."),
        "guide.amulett.teaches.01_how_many_areas": "Expected value and variance of the round markers; totals over "
                                                   "several rounds with and without replacement.",
        "guide.amulett.teaches.02_jewels_in_the_bag": "Sampling without replacement from the jewel bag: what lies in "
                                                     "the Cities, pairs of one colour, the unequal coupon collector.",
        "guide.amulett.teaches.03_what_is_a_bid_worth": "A bid as an investment (b stones buy b rounds of "
                                                       "production); once-around against open ascending "
                                                       "auctions; reading a rival's hand from the ledger.",
        "guide.amulett.ex.spell_value": "How many metal cards does {spell} produce over its life when bought with "
                                        "{stones} stones?",
        "guide.amulett.ex.per_stone": "How many cards per stone does {spell} give when bought with {stones} "
                                      "stones?",
        "guide.amulett.ex.last_bidder": "Lesson 3's model ({n} bidders, values {lo}–{hi} equally likely): the last "
                                        "bidder's expected surplus in the once-around auction?",
        "guide.amulett.ex.pay_two": "The class position (lesson 3's ledger, jewel auction in A17): P(player 1 can "
                                    "pay a bid of 2)?",
        "guide.amulett.ex.marker_mean": "Expected number of areas visited in a round?",
        "guide.amulett.ex.five_plus": "One marker is drawn: P(it shows 5 or more areas)?",
        "guide.amulett.ex.marker_var": "Variance of the number of areas in one round?",
        "guide.amulett.ex.nine_without": "Two rounds without replacement: P(exactly 9 areas in all)?",
        "guide.amulett.ex.var_two": "Two rounds with replacement: variance of the total number of areas?",
        "guide.amulett.ex.two_same": "An ordinary area holds two jewels: P(same colour)?",
        "guide.amulett.ex.no_red": "P(none of the {slots} jewels in the Cities is red)?",
        "guide.amulett.ex.colours_in_jewels": "P({jewels} random jewels show at least {colours} different colours)?",
        "guide.amulett.ex.distinct_two": "Expected number of different colours among the two jewels of an ordinary "
                                         "area?",
        "guide.amulett.ex.seven_colours": "Expected draws from the full bag until {colours} distinct colours are seen?",
        "guide.amulett.position": "3 players, lesson 3's position: player 1 owns the Philosopher's Stone "
                                  "with 2 stones, Hat #2 stands on A17, round marker 4",
        "guide.amulett.misconceptions": (
            "* *\"A high bid on a spell is wasted.\"* The bid is also the spell's lifetime: b stones buy b rounds.\n"
            "* *\"Bidding last is no different.\"* In a once-around auction the last bidder knows every other bid.\n"
            "* *\"Every colour is equally easy to collect.\"* The rare colours are the bottleneck.\n"
            "* *\"They bid 5, so they can pay 5.\"* Count their metal cards: public income and spending reveal "
            "their hand."),
        # ----- SpellCaster --------------------------------------------------------------------
        "guide.spellcaster.rules": (
            "* {lo}–{hi} SpellCasters on a board of {points} elemental points joined by coloured paths (Fire, Earth, Water, "
            "Air).\n"
            "* On your turn you take as many actions as your Life Force allows: **Conjure** (draw element cards "
            "into a spell of Motion and Mass cards), **Move**, **Rest**, **Control** a launched spell, **Capture** "
            "a wild spell.\n"
            "* **Launching** costs a Will token; any rival may **contest**: both roll 1d10 + their unplayed Will "
            "tokens. A clear win launches the spell, a big loss breaks it, anything else **locks** it.\n"
            "* A launched familiar walks its Motion cards along paths of their colours and strikes the SpellCaster "
            "it reaches for the Mass cards' value. The last SpellCaster standing wins."),
        "guide.spellcaster.teaches.01_two_d10s": "The difference of two d10s is triangular; the contest table.",
        "guide.spellcaster.teaches.02_locked": "A locked contest as a Markov chain: how long it lasts, who wins, "
                                               "continue or withdraw.",
        "guide.spellcaster.teaches.03_walking_on_colours": "Walks on coloured graphs: powers of adjacency "
                                                          "matrices and reachable points.",
        "guide.spellcaster.ex.same_number": "Two d10s: P(both show the same number)?",
        "guide.spellcaster.ex.fire_five": "A fresh Fire deck: P(a face-down card drawn from it is the 5)?",
        "guide.spellcaster.ex.big_equal": "Equal unplayed tokens: P(the caster wins big, D ≥ 4)?",
        "guide.spellcaster.ex.broken_plus2": "The caster has 2 more unplayed tokens: P(the spell is broken)?",
        "guide.spellcaster.ex.lock_rolls": "A lock at equal tokens: expected number of Continue rolls?",
        "guide.spellcaster.ex.lock_caster": "A lock at equal tokens: P(the caster eventually wins it)?",
        "guide.spellcaster.ex.lock_two": "A lock at equal tokens: P(two rolls settle it)?",
        "guide.spellcaster.ex.fire_walks": "Fire walks of length 2 from the centre back to the centre?",
        "guide.spellcaster.ex.water_reach": "A Water 1 card from the centre: how many points can the familiar "
                                            "reach?",
        "guide.spellcaster.position": "2 players one step apart: seat 0 on iF moves first, seat 1 stands on "
                                      "the centre",
        "guide.spellcaster.misconceptions": (
            "* *\"More Will tokens on the board make me stronger.\"* Only **unplayed** tokens count in a contest: "
            "every spell you control weakens your Will.\n"
            "* *\"A contest is a coin flip.\"* Nearly half of the equal contests lock; the difference of two dice is "
            "triangular, not uniform.\n"
            "* *\"A locked spell will resolve soon.\"* Each Continue resolves only about half the time.\n"
            "* *\"A familiar can always finish its move.\"* With no path of the card's colour the whole move "
            "ends.\n"
            "* *\"Face-down cards are unknowable.\"* The deck contents are public: reason over what is left."),
    },
    "ru": {
        "guide.title": "Пособие для учителя · {game}",
        "guide.language": "Язык",
        "guide.denied": "Эта страница — для учителя. Откройте её в том браузере, в котором вы открыли ссылку "
                        "учителя, напечатанную сервером при запуске.",
        "guide.section.rules": "Правила вкратце",
        "guide.section.plan": "План уроков",
        "guide.section.class": "Как вести урок",
        "guide.section.misconceptions": "Типичные заблуждения",
        "guide.plan.intro": "Проходите уроки в этом порядке. К каждому даны упражнения для класса (из самого "
                            "урока или такие же на позициях этого пособия); все ответы ниже вычислены библиотекой "
                            "игры при открытии этой страницы.",
        "guide.plan.minutes": "около {n} мин",
        "guide.plan.estimated": "около {n} мин (оценка)",
        "guide.plan.teaches": "**Чему учит.** {text}",
        "guide.plan.exercises": "**Упражнения и ответы**",
        "guide.class.text": (
            "1. Запустите сервер командой `scripts/serve`. Она печатает ссылку на **галерею** для учеников и "
            "**ссылку учителя** (с `?teacher=…`); ссылку учителя никому не показывайте.\n"
            "2. Ученики открывают галерею ([галерея]({gallery})), выбирают карточку игры и проходят уроки в "
            "порядке, указанном выше; {play} открывает доску. Для русского языка добавьте к ссылке "
            "`?lang=ru`.\n"
            "3. Ссылка учителя открывает доску в **режиме учителя**; для этой игры оставьте в ней `?teacher=…`, "
            "а страницу укажите `{folder}/play.ipynb`. Красная пунктирная панель под доской показывает всё "
            "скрытое (**раскрытие**), последние решения ботов с **их причинами** и поле, чтобы **задать "
            "позицию**. Не выводите эту панель на проектор: на ней то, чего игроки видеть не должны.\n"
            "4. **Позиция для класса:** сыграйте или раздайте позицию на своей доске, нажмите «Скачать эту "
            "партию» и раздайте файл; или вставьте сохранение или раздачу (JSON) в поле и нажмите «Задать эту "
            "позицию». Страница класса (`teacher.ipynb`, тоже по ссылке учителя) показывает, кто в сети и как "
            "прошло каждое упражнение."),
        "guide.class.play": "Играть",
        "guide.class.no_play": "«Играть» (страницы с доской этой игры в наборе пока нет)",
        "guide.class.deal": "Раздача, которую можно вставить в поле «Задать позицию» (на доске с тем же числом "
                             "игроков), сделана и проверена библиотекой ({what}):",
        "guide.abracada.rules": (
            "* {lo}–{hi} волшебников; {stones} камней заклинаний: заклинание *v* (от 1 до 8) есть в *v* копиях. Каждый держит "
            "5 камней, повёрнутых **от себя**: вы видите камни всех, кроме своих. 4 тайных камня лежат рубашкой "
            "вверх; при 3 игроках 6 камней, при 2 игроках 12 выкладываются в открытую.\n"
            "* В начале раунда у всех {life} жизней (больше не бывает). В свой ход вы **объявляете** заклинание. "
            "Если такой камень у вас есть, его снимают, и заклинание срабатывает; можно остановиться или объявить "
            "ещё — то же или **большее** число. Если камня нет, вы теряете 1 жизнь (Дракон: бросок кубика), и ход "
            "кончается.\n"
            "* Раунд кончается, когда у кого-то 0 жизней (выбивший получает 3 очка, остальные выжившие по 1), или "
            "кто-то опустошил руку (3 очка). Тайные камни от Ночного певца дают по 1 очку. Побеждает тот, кто "
            "первым наберёт {points} очков."),
        "guide.abracada.teaches.01_meet_the_tower": "Камни, что вы видите, ход с подсказками, как кончается раунд.",
        "guide.abracada.teaches.02_counting_stones": "Подсчёт скрытых камней: гипергеометрическое распределение, "
                                                     "проверенное раздачами движка (закон больших чисел).",
        "guide.abracada.teaches.03_what_do_i_hold": "Условная вероятность: открытые камни и неудачные заклинания "
                                                   "меняют шансы; индикатор дедукции.",
        "guide.abracada.teaches.04_which_spell_now": "Математическое ожидание и риск: какое заклинание объявить и "
                                                    "когда остановиться.",
        "guide.abracada.teaches.05_let_the_bots_play": "Турниры ботов и доверительные интервалы: сколько партий "
                                                      "нужно, чтобы результату можно было верить.",
        "guide.abracada.ex.total_stones": "Сколько всего камней заклинаний в игре?",
        "guide.abracada.ex.pile_4p": "Игра вчетвером: сколько камней в запасе сразу после раздачи?",
        "guide.abracada.ex.l2_dragon": "4 игрока; в чужих руках {others}. P(у вас Древний дракон)?",
        "guide.abracada.ex.l2_fireball": "Те же руки ({others}). P(у вас хотя бы один Огненный шар, 7)?",
        "guide.abracada.ex.l3_hidden": "3 игрока; в чужих руках {others}, в открытую выложены {removed}. "
                                       "Сколько камней от вас скрыто?",
        "guide.abracada.ex.l3_drink": "В этой позиции P(у вас хотя бы одно Волшебное зелье, 8)?",
        "guide.abracada.ex.dragon_5p": "5 игроков; ни в одной из четырёх видимых рук нет Дракона. "
                                       "P(он у вас)?",
        "guide.abracada.ex.drink_4p": "Позиция для класса (ниже): в чужих руках {others}, то есть Волшебных "
                                      "зелий (8): {seen}. P(у вас есть хотя бы одно)?",
        "guide.abracada.ex.after_fail": "Та же позиция, но ваша пятёрка только что не сработала. "
                                        "P(у вас есть хотя бы одна 8) теперь?",
        "guide.abracada.ex.sweet_dream": "У вас 4 жизни. Ожидаемая прибавка от Сладкого сна с игровым кубиком "
                                         "{die}?",
        "guide.abracada.ex.dragon_self_ko": "2 жизни, вы объявляете Дракона с кубиком d6, а его у вас нет. "
                                            "P(вы выбьете сами себя)?",
        "guide.abracada.ex.half_width": "Бот выиграл {wins} партий из {games}. Полуширина его 95% интервала?",
        "guide.abracada.ex.games_needed": "Сколько партий дают полуширину не больше {pct}% при доле побед около 50%?",
        "guide.abracada.ex.next_after_6": "Позиция урока 1: вы только что успешно сотворили Метель (6). Какое из "
                                          "заклинаний {choices} можно объявить следующим?",
        "guide.abracada.ex.l1_fireballs": "Позиция урока 1: в чужих руках видны {others}. Сколько Огненных шаров (7) "
                                          "скрыто от вас?",
        "guide.abracada.ex.drink_gain": "В ведомом ходе урока 1 у вас было {life} жизни, когда вы сотворили "
                                        "Волшебное зелье (8). Сколько жизни оно вам дало?",
        "guide.abracada.ex.l2_likeliest": "Те же руки. Какое заклинание у вас в руке вероятнее всего?",
        "guide.abracada.ex.l2_expected": "Те же руки. Сколько камней этого заклинания у вас в среднем?",
        "guide.abracada.ex.l3_dragon": "В этой позиции до любых заклинаний: P(у вас Древний дракон)?",
        "guide.abracada.ex.l3_after_fail": "Там ваша объявленная 5 только что не удалась. P(у вас хотя бы одно "
                                           "Волшебное зелье, 8) теперь?",
        "guide.abracada.ex.l3_night_singer": "Неудавшаяся 5 сделала P(у вас Ночной певец, 4) выше, ниже или не "
                                             "изменила её?",
        "guide.abracada.ex.dragon_ev": "Стол урока 2 (в чужих руках видны {others}), у всех полная жизнь: "
                                       "ожидаемая выгода от объявления Древнего дракона в очках жизни с игровым "
                                       "кубиком {die}?",
        "guide.abracada.ex.break_even": "При 4 игроках: начиная с какой вероятности p держать Дракона риск "
                                        "оправдан (в очках жизни)?",
        "guide.abracada.ex.best_next": "Тот же стол, после удачной Метели (6): лучший выбор в очках жизни?",
        "guide.abracada.ex.fair_share": "Три одинаковых бота играют втроём, меняясь местами. Какую долю партий "
                                        "должен в среднем выигрывать каждый?",
        "guide.abracada.ex.half_as_wide": "Во сколько раз больше партий нужно, чтобы доверительный интервал стал "
                                          "вдвое уже?",
        "guide.abracada.ex.intervals_clear": "Бот А выиграл {a} из {games} партий, бот Б — {b} из {games}. Их 95% "
                                             "интервалы не пересекаются?",
        "guide.answer.higher": "выше",
        "guide.answer.lower": "ниже",
        "guide.answer.same": "не изменила",
        "guide.answer.yes": "да (не пересекаются)",
        "guide.answer.no": "нет (пересекаются)",
        "guide.answer.stop": "остановиться (закончить ход)",
        "guide.answer.cast": "объявить {v} · {spell}",
        "guide.abracada.position": "4 игрока, вы на месте 0, руки как в упражнениях выше",
        "guide.abracada.misconceptions": (
            "* *«Маленькие числа — лучшие заклинания, объявляй их».* Они самые редкие: Дракон — один камень из "
            "{stones}. Сначала посчитайте невидимые копии.\n"
            "* *«Я вижу свои камни».* Вы видите чужие; свою руку как раз и нужно вычислить.\n"
            "* *«Неудача ничего не говорит».* Она исключает это заклинание из всей руки, и остальные становятся "
            "**вероятнее**.\n"
            "* *«После удачной шестёрки можно вернуться к тройке».* Цепочка никогда не идёт вниз.\n"
            "* *«Лечение выше {life} сохраняется».* Излишек пропадает: ожидаемая прибавка ограничена.\n"
            "* *«Бот, выигравший больше партий, сильнее».* Только если доверительные интервалы не пересекаются."),
        "guide.runes.rules": (
            "* {lo}–{hi} волшебников, у каждого доска волшебника (пассивная способность, классовое заклинание) и "
            "{health} здоровья (правила не называют максимум; игра и уроки берут {health}).\n"
            "* Каждый раунд все бросают кубик **инициативы**; ходит первым тот, у кого больше.\n"
            "* В свой ход бросьте 5 кубиков и перебросьте любые из них до двух раз. Затем разбейте кубики на "
            "группы, каждая творит заклинание: любая пара — **Атака**, и только пара единиц может вместо этого "
            "**исцелить** (+2 здоровья); тройка призывает **Фамильяра**, четыре подряд — **Добыча**, пять подряд — "
            "**Цепная молния** (3 урона каждому противнику), фулл-хаус (тройка и пара) — **классовое заклинание** "
            "волшебника, четыре одинаковых — **Восстановление** потраченных заклинаний и добыча, пять одинаковых — "
            "**Квантовая смерть**: один противник сразу выбывает, без отражения, и весь дальнейший урон в игре "
            "+1.\n"
            "* Атаку парой *v* **отражают**, если на кубике цели больше *v*.\n"
            "* Волшебник с 0 здоровья выбывает; побеждает последний оставшийся."),
        "guide.runes.teaches.01_dice_duel_odds": "Точный подсчёт бросков пяти кубиков; бросок отражения.",
        "guide.runes.teaches.02_hold_or_reroll": "Оставить или перебросить: динамическое программирование по "
                                                "252 броскам без учёта порядка; равноценные удержания; простые "
                                                "правила против оптимума.",
        "guide.runes.teaches.03_who_wins_the_duel": "Ожидаемый урон за ход и дуэль как цепь Маркова; "
                                                   "почему важна инициатива; что модель упускает.",
        "guide.runes.ex.five_sixes": "Один бросок пяти кубиков: P(пять шестёрок)?",
        "guide.runes.ex.chain_hold": "Выпало 2 2 3 3 6, остался один переброс: лучший шанс на Цепную молнию?",
        "guide.runes.ex.both_hit": "Две Атаки, парой четвёрок и парой двоек (показатели равны): P(попадут обе)?",
        "guide.runes.ex.damage_q": "Квантовая тень Q = {q}. Ожидаемый урон одной Атаки парой пятёрок "
                                   "(показатели равны)?",
        "guide.runes.ex.quantum_2": "Оставляя самое частое значение: P(пять одинаковых за два броска)?",
        "guide.runes.ex.familiar_hold": "Выпало 1 1 3 4 6, остался один переброс: лучший шанс на Фамильяра?",
        "guide.runes.ex.chain_two": "Каждый раз перебрасывая все пять кубиков: P(Цепная молния за два броска)?",
        "guide.runes.ex.ones_for_loot": "Из 1 1 3 4 6 с одним перебросом, оставив пару единиц: P(Добыча)?",
        "guide.runes.ex.loot_hold": "Из 1 1 3 4 6 с одним оставшимся перебросом, цель — Добыча: какие кубики "
                                    "оставить?",
        "guide.runes.answer.any_of": "любое из {holds} или {last} (каждое даёт {p}; все засчитываются)",
        "guide.runes.ex.cryo_two": "Пара четвёрок и пара шестёрок против Криоманта (+1 к его броскам отражения): "
                                   "ожидаемый урон обеих Атак?",
        "guide.runes.ex.first_twice": "Хрономант (+1 к инициативе, выигрывает ничьи) против Пироманта: "
                                      "P(он ходит первым в обоих следующих раундах)?",
        "guide.runes.ex.both_hit_22556": "Итоговые кости 2 2 5 5 6, без бонуса к отражению: P(попадут обе Атаки)?",
        "guide.runes.ex.no_damage": "P(целый ход с лучшими для урона удержаниями не наносит урона и не даёт "
                                    "Квантовой смерти)?",
        "guide.runes.ex.over_first_round": "У обоих волшебников по 1 здоровью, A всегда ходит первым: P(дуэль "
                                           "закончится к концу первого раунда)?",
        "guide.runes.position": "2 игрока: Хрономант против Пироманта, по 6 здоровья, без добычи; Хрономант "
                                "ходит первым и выбрасывает 1 1 3 4 6",
        "guide.runes.misconceptions": (
            "* *«Оставляй самые большие кубики».* Лучший выбор зависит от заклинания, к которому вы стремитесь.\n"
            "* *«Лучшее удержание всегда одно».* Часто несколько ровно одинаково хороши: из 1 1 3 4 6 с одним "
            "перебросом 3 4, 3 4 6 и 1 3 4 дают один и тот же шанс Добычи (урок 2 засчитывает каждое). Число "
            "оставшихся перебросов меняет то, сколько удержаний делят первое место, а не то, какое можно оставить.\n"
            "* *«Три броска — тройной шанс».* Шанс за *k* попыток растёт как 1 − (1 − p)^k, а не k·p.\n"
            "* *«Пара шестёрок и пара единиц — одна и та же Атака».* Отражение останавливает пару *v* с "
            "вероятностью (6 − v)/6: пара единиц почти всегда отражена.\n"
            "* *«Исцелить может любая пара».* Исцеляет только пара единиц.\n"
            "* *«Пять одинаковых стоит перебросить ради урона».* Это Квантовая смерть: противник сразу выбывает.\n"
            "* *«Ходить первым — мелочь».* В короткой дуэли это решает заметную долю партий.\n"
            "* *«Числа модели — это числа игры».* Дуэль урока 3 упускает лечение, добычу и фамильяров, а её числа "
            "зависят от того, как выбирать среди равноценных по урону удержаний; урок показывает, насколько.\n"
            "* *«Квантовая смерть важна один раз».* Она увеличивает весь дальнейший урон до конца игры."),
        "guide.amulett.rules": (
            "* {lo}–{hi} игроков собирают самоцветы для своего амулета. В каждом раунде четыре фазы.\n"
            "* **Заклинания:** столько аукционов, сколько игроков; ставки идут один круг, победитель кладёт ставку "
            "камнями энергии на заклинание, и оно работает столько же раундов.\n"
            "* **Металлы:** каждое заклинание приносит свои карты металлов.\n"
            "* **Самоцветы:** жетон раунда говорит, сколько областей посетить; в каждой — открытый аукцион с "
            "повышением, оплата металлом, который принимает область; победитель берёт самоцвет и двигает "
            "Шляпу №2 в соседнюю область.\n"
            "* **Энергия:** каждое заклинание теряет камень; заклинание без камней сбрасывается. Сразу побеждает тот, "
            "у кого на амулете {colours} разных цветов или {jewels} самоцветов."),
        "guide.amulett.teaches.01_how_many_areas": "Ожидание и дисперсия жетонов раунда; суммы за несколько раундов "
                                                   "с возвращением и без.",
        "guide.amulett.teaches.02_jewels_in_the_bag": "Выборка без возвращения из мешка самоцветов: что лежит в "
                                                     "Городах, пары одного цвета, собиратель купонов с неравными "
                                                     "частотами.",
        "guide.amulett.teaches.03_what_is_a_bid_worth": "Ставка как вложение (b камней дают b раундов "
                                                       "производства); аукцион в один круг против открытого с "
                                                       "повышением; чтение руки соперника по учёту доходов и "
                                                       "трат.",
        "guide.amulett.ex.spell_value": "Сколько карт металла даст {spell} за всю жизнь при покупке за {stones} "
                                        "камня?",
        "guide.amulett.ex.per_stone": "Сколько карт на камень даёт {spell} при покупке за {stones} камня?",
        "guide.amulett.ex.last_bidder": "Модель урока 3 ({n} участника, ценности {lo}–{hi} равновероятны): "
                                        "ожидаемый выигрыш последнего участника в аукционе «один круг»?",
        "guide.amulett.ex.pay_two": "Позиция для класса (записи урока 3, аукцион камней в A17): P(игрок 1 может "
                                    "заплатить ставку 2)?",
        "guide.amulett.ex.marker_mean": "Ожидаемое число областей за раунд?",
        "guide.amulett.ex.five_plus": "Вытянут один жетон: P(на нём 5 областей или больше)?",
        "guide.amulett.ex.marker_var": "Дисперсия числа областей за один раунд?",
        "guide.amulett.ex.nine_without": "Два раунда без возвращения: P(всего ровно 9 областей)?",
        "guide.amulett.ex.var_two": "Два раунда с возвращением: дисперсия общего числа областей?",
        "guide.amulett.ex.two_same": "В обычной области два самоцвета: P(они одного цвета)?",
        "guide.amulett.ex.no_red": "P(среди {slots} самоцветов в Городах нет ни одного красного)?",
        "guide.amulett.ex.colours_in_jewels": "P({jewels} случайных самоцветов дают хотя бы {colours} разных цветов)?",
        "guide.amulett.ex.distinct_two": "Ожидаемое число разных цветов у двух самоцветов обычной области?",
        "guide.amulett.ex.seven_colours": "Ожидаемое число вытаскиваний из полного мешка до {colours} разных цветов?",
        "guide.amulett.position": "3 игрока, позиция урока 3: у игрока 1 Философский камень с 2 камнями "
                                  "энергии, Шляпа №2 на A17, жетон раунда 4",
        "guide.amulett.misconceptions": (
            "* *«Высокая ставка на заклинание пропадает».* Ставка — это и срок жизни заклинания: b камней дают "
            "b раундов.\n"
            "* *«Ставить последним — всё равно что первым».* В аукционе в один круг последний знает все ставки.\n"
            "* *«Все цвета собрать одинаково легко».* Редкие цвета — узкое место.\n"
            "* *«Поставил 5 — значит, может заплатить 5».* Считайте его карты металлов: открытые доходы и траты "
            "выдают руку."),
        "guide.spellcaster.rules": (
            "* {lo}–{hi} Заклинателя на поле из {points} стихийных точек, соединённых цветными путями (Огонь, Земля, Вода, "
            "Воздух).\n"
            "* В свой ход вы делаете столько действий, сколько позволяет Жизненная сила: **Сотворить** (тянуть "
            "карты стихий в заклинание из карт Движения и Массы), **Идти**, **Отдыхать**, **Управлять** "
            "запущенным заклинанием, **Захватить** дикое заклинание.\n"
            "* **Запуск** стоит жетон Воли; любой соперник может **оспорить**: начинается состязание: оба бросают 1d10 + свои "
            "несыгранные жетоны Воли. Явная победа запускает заклинание, крупный проигрыш разрушает его, иначе "
            "начинается **затяжка**.\n"
            "* Запущенный фамильяр идёт по картам Движения путями их цвета и бьёт Заклинателя, к которому пришёл, "
            "на сумму карт Массы. Побеждает последний оставшийся Заклинатель."),
        "guide.spellcaster.teaches.01_two_d10s": "Разность двух d10 распределена треугольно; таблица "
                                                 "состязаний.",
        "guide.spellcaster.teaches.02_locked": "Затяжка как цепь Маркова: сколько длится, "
                                               "кто выигрывает, продолжать или отступить.",
        "guide.spellcaster.teaches.03_walking_on_colours": "Прогулки по цветным графам: степени матриц смежности "
                                                          "и достижимые точки.",
        "guide.spellcaster.ex.same_number": "Два d10: P(на обоих одно и то же число)?",
        "guide.spellcaster.ex.fire_five": "Свежая колода Огня: P(карта, взятая из неё рубашкой вверх, — пятёрка)?",
        "guide.spellcaster.ex.big_equal": "Несыгранных жетонов поровну: P(заклинатель выигрывает крупно, D ≥ 4)?",
        "guide.spellcaster.ex.broken_plus2": "У заклинателя на 2 несыгранных жетона больше: "
                                             "P(заклинание разрушено)?",
        "guide.spellcaster.ex.lock_rolls": "Затяжка при равных жетонах: ожидаемое число бросков «Продолжить»?",
        "guide.spellcaster.ex.lock_caster": "Затяжка при равных жетонах: P(в итоге выигрывает заклинатель)?",
        "guide.spellcaster.ex.lock_two": "Затяжка при равных жетонах: P(два броска её завершат)?",
        "guide.spellcaster.ex.fire_walks": "Сколько огненных прогулок длины 2 ведут из центра обратно в центр?",
        "guide.spellcaster.ex.water_reach": "Карта Воды 1 из центра: до скольких точек может дойти фамильяр?",
        "guide.spellcaster.position": "2 игрока в одном шаге друг от друга: место 0 на iF ходит первым, "
                                      "место 1 стоит в центре",
        "guide.spellcaster.misconceptions": (
            "* *«Чем больше моих жетонов Воли на поле, тем я сильнее».* В состязании считаются только "
            "**несыгранные** жетоны: каждое управляемое заклинание ослабляет вашу Волю.\n"
            "* *«Состязание — подбрасывание монеты».* Почти половина равных состязаний уходит в затяжку; разность "
            "двух кубиков распределена треугольно, а не равномерно.\n"
            "* *«Затяжка скоро кончится».* Каждое «Продолжить» завершает её лишь примерно в "
            "половине случаев.\n"
            "* *«Фамильяр всегда доходит до конца».* Если нет пути цвета карты, весь ход заканчивается.\n"
            "* *«Карты рубашкой вверх непознаваемы».* Состав колод известен: рассуждайте о том, что осталось."),
    },
}

register(MESSAGES)


def answer_text(value: Any, lang: str, shown: Msg | None = None) -> str:
    """An exercise's answer as the lessons print it (a fraction and its decimal, a decimal comma in Russian).
    A word answer (a choice such as "higher" or "cast 7") is shown by its catalogue message ``shown``."""
    if shown is not None:
        return shown.render(lang)
    if isinstance(value, tuple):
        return " ".join(str(v) for v in value)
    if isinstance(value, str):
        return value
    if isinstance(value, Fraction) and value.denominator > LONGEST_DENOMINATOR:
        return decimal(value, lang)         # a 16-digit fraction tells a class nothing
    return format_number(value, lang)


def lessons_of(game: str, lang: str, root: Path = NOTEBOOKS) -> dict[str, tuple[str, str, int | None]]:
    """The game's lesson notebooks in ``lang`` (English ones when the language has none), by file
    stem: (link relative to the guide, title, minutes)."""
    folder = root / game
    for where, prefix in ((folder / lang, f"{lang}/"), (folder, "")) if lang != "en" else ((folder, ""),):
        found = {nb.stem: (prefix + nb.name, gallery.title_of(nb), gallery.minutes(nb))
                 for nb in sorted(where.glob("*.ipynb")) if nb.name not in gallery.SPECIAL and gallery.shown(nb)}
        if found:
            return found
    return {}


Exercises = Mapping[str, Sequence[tuple[str, Any, Mapping[str, Any]]]]


def plan(game: str, lang: str, exercises: Exercises, root: Path = NOTEBOOKS) -> str:
    """The lesson plan: each lesson with its time, what it teaches and its exercises (in the plan's order)."""
    lessons = lessons_of(game, lang, root)
    parts = [tr("guide.plan.intro", lang)]
    for number, (stem, items) in enumerate(exercises.items(), start=1):
        if stem not in lessons:
            raise ValueError(f"{game}'s guide plans a lesson {stem!r} that is not in notebooks/{game}/")
        href, title, mins = lessons[stem]
        head = f"### {number}. [{title}]({href})"
        time = tr("guide.plan.minutes", lang, n=mins) if mins else tr("guide.plan.estimated", lang,
                                                                       n=ESTIMATED_MINUTES)
        lines = [f"{head} · {time}", tr("guide.plan.teaches", lang, text=tr(f"guide.{game}.teaches.{stem}",
                                                                                    lang)),
                 tr("guide.plan.exercises", lang)]
        lines.append("\n".join(f"{i}. {tr(f'guide.{game}.ex.{key}', lang, **params)} — "
                               f"**{answer_text(value, lang, params.get('shown'))}**"
                               for i, (key, value, params) in enumerate(items, start=1)))
        parts.append("\n\n".join(lines))
    return "\n\n".join(parts)


def running_the_class(game: str, lang: str, deal_json: str | None = None, root: Path = NOTEBOOKS) -> str:
    """How to open the gallery, the board in teacher mode, and set a position for the class."""
    query = "" if lang == "en" else f"?lang={lang}"
    play = (f"[{tr('guide.class.play', lang)}](play.ipynb{query})" if (root / game / "play.ipynb").exists()
            else tr("guide.class.no_play", lang))
    text = tr("guide.class.text", lang, gallery=f"../index.ipynb{query}", play=play, folder=game)
    if deal_json:
        text += "\n\n" + tr("guide.class.deal", lang, what=tr(f"guide.{game}.position", lang)) + \
            f"\n\n```json\n{deal_json}\n```"
    return text


def sections(game: str, lang: str, exercises: Exercises, rules_params: Mapping[str, Any],
             deal_json: str | None = None, root: Path = NOTEBOOKS) -> list[tuple[str, str]]:
    """The guide's four sections in ``lang``, as (section key, Markdown) in the order of :data:`SECTIONS`."""
    bodies = {"rules": tr(f"guide.{game}.rules", lang, **rules_params),
              "plan": plan(game, lang, exercises, root),
              "class": running_the_class(game, lang, deal_json, root),
              "misconceptions": tr(f"guide.{game}.misconceptions", lang, **rules_params)}
    return [(key, f"## {tr(f'guide.section.{key}', lang)}\n\n{bodies[key]}") for key in SECTIONS]


def markdown(game: str, lang: str, *args: Any, title: bool = True, **kwargs: Any) -> str:
    """The whole guide in ``lang`` as one Markdown text, its title first (unless ``title=False``)."""
    head = [f"# {tr('guide.title', lang, game=tr(f'gallery.game.{game}', lang))}"] if title else []
    return "\n\n".join(head + [body for _, body in sections(game, lang, *args, **kwargs)])


Answers = Callable[[], tuple[Exercises, Mapping[str, Any], "str | None"]]


def show_for_teacher(game: str, answers: Answers) -> None:
    """Display the guide if this page is the teacher's, else one line saying the page is for the
    teacher. ``answers()`` (the guide notebook's computation: its exercises with their answers,
    the rules' numbers and the class position) runs only once the server has said the page is
    the teacher's (:func:`widgets.classroom.sees_answers`), so a student's page, its widget state
    and its kernel never hold an answer."""
    import ipywidgets as ipw
    from IPython.display import display

    from . import classroom
    from .lessons import page_language

    box = ipw.VBox()
    box.add_class("spelltower-guide-page")
    display(box)

    def known(page: classroom.Page | None) -> None:
        lang = page_language("en")
        if not classroom.sees_answers(page):
            denied = ipw.HTML(f'<p class="spelltower-guide-denied">{html.escape(tr("guide.denied", lang))}</p>')
            box.children = (denied,)
            return
        box.children = (guide(game, *answers(), lang=lang),)

    classroom.when_known(known)


def guide(game: str, *args: Any, lang: str = "en", **kwargs: Any) -> Any:
    """The guide as a widget with a language toggle, starting in ``lang``.
    The notebook's own first cell is the page's heading, so the guide's title is left out."""
    import ipywidgets as ipw
    from IPython.display import Markdown

    from .game_table import LANGUAGE_NAMES
    from .lessons import LESSON_LANGUAGES

    out = ipw.Output()
    out.add_class("spelltower-guide")
    toggle = ipw.ToggleButtons(options=[(LANGUAGE_NAMES[code], code) for code in LESSON_LANGUAGES],
                               value=lang if lang in LESSON_LANGUAGES else "en",
                               description=tr("guide.language", "en"))

    def render(change: Any = None) -> None:
        lang = toggle.value
        toggle.description = tr("guide.language", lang)
        # Not ``with out: display(...)``: this may run outside any cell (a preheated kernel's callback).
        out.outputs = ()
        out.append_display_data(Markdown(markdown(game, lang, *args, title=False, **kwargs)))

    toggle.observe(render, names="value")
    render()
    return ipw.VBox([ipw.HTML(STYLE), toggle, out])
