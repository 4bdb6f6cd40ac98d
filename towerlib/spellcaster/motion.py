"""Familiars on the board: motion sequences, impact, retirement and the wild-spell procedure.

RULES.md 4.2 rules 22-27. A familiar moves card by card through the Motion section; for each
card it takes as many steps along paths of the card's colour as the card's value, each step a
decision (``to POINT``) of whoever moves it (HOUSE: backtracking allowed). Entering a point
with a SpellCaster strikes every SpellCaster there (S6) with the Mass cards of elements active
at that point, shown to all (the damage is counted from them); then the spell is gone.
"""
from __future__ import annotations

from typing import Any

from .actions import Action, Verb, act, split_spell
from .data import POINTS, STEPS

PASS = act("pass")
TO, NAME, PICK = Verb("to"), Verb("name"), Verb("pick")


class Motion:
    """Mixin of :class:`~.engine.SpellCasterGame`: moving familiars and what they hit."""

    # ---------------------------------------------------------------- motion sequences
    def start_motion(self, sid: str, mover: int, first: int, end: int, wild: bool) -> None:
        """Push the decisions that move spell ``sid`` through Motion cards ``first`` to ``end - 1``."""
        sp = self.spell(sid)
        if first >= end:
            return
        self.stack.append({"kind": "motion", "seat": mover, "spell": sid, "card": first, "end": end,
                           "left": int(sp["motion"][first][0][1]), "wild": wild})

    def step_colour(self, frame: dict[str, Any]) -> str:
        return self.spell(frame["spell"])["motion"][frame["card"]][0][0]

    def _legal_motion(self, frame: dict[str, Any]) -> list[Action]:
        sp = self.spell(frame["spell"])
        return [TO[p] for p in STEPS[sp["point"], self.step_colour(frame)]]

    def settle_motion(self, frame: dict[str, Any]) -> bool:
        """Next card when a card's steps are used; the end of the move; S7 when no path exists."""
        sp = self.spell(frame["spell"])
        if sp["state"] not in ("launched", "wild"):
            self.stack.pop()
            return True
        if frame["left"] == 0:
            frame["card"] += 1
            if frame["card"] >= frame["end"]:
                self.stack.pop()
                return True
            frame["left"] = int(sp["motion"][frame["card"]][0][1])
            return True
        if STEPS[sp["point"], self.step_colour(frame)]:
            return False
        self._emit("stuck", frame["seat"], spell=frame["spell"], point=sp["point"],
                   colour=self.step_colour(frame))
        if frame["wild"]:                   # a wild move is one card; S7 says whether the spell is finished
            self.stack.pop()
            if self.options["stuck_ends_move"]:
                self.wild_spell_done(frame["spell"])
        elif self.options["stuck_ends_move"] or frame["card"] + 1 >= frame["end"]:
            self.stack.pop()
        else:
            frame["left"] = 0
        return True

    def _do_to(self, frame: dict[str, Any], point: str) -> None:
        sid = frame["spell"]
        sp = self.spell(sid)
        self._emit("step", frame["seat"], spell=sid, frm=sp["point"], to_point=point,
                   colour=self.step_colour(frame))
        sp["point"] = point
        frame["left"] -= 1
        if self.struck_at(sid, point):
            self.impact(sid, point)

    def struck_at(self, sid: str, point: str) -> list[int]:
        """SpellCasters a familiar entering ``point`` strikes (S6: its controller too, by default)."""
        controller = self.spell(sid)["controller"]
        return [s for s in range(self.players) if self.alive[s] and self.pos[s] == point and
                (self.options["strike_own_caster"] or s != controller)]

    # ---------------------------------------------------------------- impact
    def impact(self, sid: str, point: str, struck: list[int] | None = None) -> None:
        """RULE 23: damage the SpellCasters struck (by default every one the familiar found at
        ``point``; RULE 20 passes the mover alone), then the familiar and the cards go."""
        owner, slot = split_spell(sid)
        sp = self.spell(sid)
        if struck is None:
            struck = self.struck_at(sid, point)
        damage = sum(int(c[1:]) for c, *_ in sp["mass"] if c[0] in POINTS[point])
        controller = sp["controller"]
        top = self.stack[-1] if self.stack else None
        if top is not None and top["kind"] == "motion" and top["spell"] == sid:
            self.stack.pop()
            if top["wild"]:
                self.wild_spell_done(sid)
        elif sp["state"] == "wild":
            self.wild_spell_done(sid)
        if controller is not None:
            keep = self.options["token_back_after_impact"]
            while sp["tokens"][controller]:
                (self._token_back if keep else self._token_lost)(controller, sp)
        for s in struck:
            self.life[s] -= damage
        for card in sp["mass"]:                  # the damage is counted from the Mass in plain sight
            card[2] = True
        self._emit("strike", controller, spell=sid, point=point, struck=struck, damage=damage,
                   mass=[c[0] for c in sp["mass"]], life=[self.life[s] for s in struck])
        cards = self.clear_spell(owner, slot)
        fallen = [s for s in struck if self.life[s] <= 0]
        for s in fallen:
            self.retire(s)
        standing = [s for s in range(self.players) if self.alive[s]]
        if len(standing) <= 1:
            self._finish(standing or fallen)         # RULE 26: falling together is a draw
        self.send_back(owner, cards)

    def retire(self, seat: int) -> None:
        """RULE 25: spells go wild, locked contests count as withdrawn, free launches lapse."""
        self.alive[seat] = False
        self._emit("retire", seat)
        for sid, owner, sp in list(self.all_spells()):
            state = sp["state"]
            if state == "launched" and sp["controller"] == seat:
                self.abandon(sid, seat)
            elif state == "locked" and seat in (sp["lock"]["caster"], sp["lock"]["opp"]):
                self.withdraw(sid, seat)
            elif state == "ready" and sp["controller"] == seat:
                self.unready(sid)

    # ---------------------------------------------------------------- wild spells (rule 27)
    def start_wild(self, chooser: int, spells: list[str]) -> None:
        self._emit("wild_start", chooser, spells=list(spells))
        self.stack.append({"kind": "wild", "seat": chooser, "stage": "choose", "spells": list(spells),
                           "named": [chooser], "passed": [], "used": {}, "done": [], "current": None})

    def _wild_frame(self) -> dict[str, Any] | None:
        return next((f for f in reversed(self.stack) if f["kind"] == "wild"), None)

    def wild_spell_done(self, sid: str) -> None:
        frame = self._wild_frame()
        if frame is not None:
            if sid not in frame["done"]:
                frame["done"].append(sid)
            if frame["current"] == sid:
                frame["current"] = None

    def movable(self, frame: dict[str, Any]) -> list[str]:
        """Wild spells of this sequence with Motion cards left to use."""
        if frame["current"] is not None:
            return [frame["current"]]
        return [sid for sid in frame["spells"] if sid not in frame["done"] and self.spell(sid)["state"] == "wild"]

    def candidates(self, frame: dict[str, Any]) -> list[int]:
        """Who may be named next: not yet named this cycle; once all were, anyone who has not passed."""
        n = self.players
        clockwise = [(frame["seat"] + k) % n for k in range(1, n + 1)]
        open_ = [q for q in clockwise if self.alive[q] and q not in frame["passed"]]
        fresh = [q for q in open_ if q not in frame["named"]]
        return fresh or open_

    def _legal_wild(self, frame: dict[str, Any]) -> list[Action]:
        if frame["stage"] == "name":
            return [NAME[str(q)] for q in sorted(self.candidates(frame))]
        return [PICK[sid] for sid in self.movable(frame)] + [PASS]

    def settle_wild(self, frame: dict[str, Any]) -> bool:
        if not self.movable(frame) or not self.candidates(frame) and frame["stage"] == "name":
            self.stack.pop()
            self._emit("wild_end", None)
            return True
        if frame["stage"] == "name" and frame["seat"] in frame["passed"] and not self.options["passer_names_next"]:
            self.name_next(frame, self.candidates(frame)[0])
            return True
        return False

    def _do_pick(self, frame: dict[str, Any], sid: str) -> None:
        used = frame["used"].get(sid, 0)
        frame["used"][sid] = used + 1
        frame["current"] = sid
        frame["stage"] = "name"
        self._emit("pick", frame["seat"], spell=sid, card=used + 1)
        if used + 1 >= len(self.spell(sid)["motion"]):
            self.wild_spell_done(sid)
        self.start_motion(sid, frame["seat"], used, used + 1, wild=True)

    def _do_pass(self, frame: dict[str, Any], arg: str) -> None:
        frame["passed"].append(frame["seat"])
        frame["stage"] = "name"
        self._emit("pass", frame["seat"])

    def _do_name(self, frame: dict[str, Any], arg: str) -> None:
        self.name_next(frame, int(arg))

    def name_next(self, frame: dict[str, Any], seat: int) -> None:
        if all(q in frame["named"] or q in frame["passed"] or not self.alive[q] for q in range(self.players)):
            frame["named"] = []                      # everyone was named: a new cycle
        frame["named"].append(seat)
        self._emit("name", frame["seat"], named=seat)
        frame["seat"], frame["stage"] = seat, "choose"

    def wild_retired(self, frame: dict[str, Any]) -> None:
        """The chooser retired (struck by a wild spell): they pass, and the next one is named for them."""
        if frame["seat"] not in frame["passed"]:
            frame["passed"].append(frame["seat"])
        frame["stage"] = "name"
        candidates = self.candidates(frame)
        if candidates:
            self.name_next(frame, candidates[0])
        else:
            self.stack.remove(frame)
            self._emit("wild_end", None)

