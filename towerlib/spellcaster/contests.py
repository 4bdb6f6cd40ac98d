"""Contests of Wills: launching, the clockwise offers, the caster's order, locks, capture.

RULES.md 4.2 rules 14-19. A contest rolls d10 + *unplayed* Will tokens for each side
(tokens sitting on any display do not count, S10) and reads D = caster - opponent:
D >= 4 big win (the opponent's token is lost), 2-3 small win (it goes back), <= -5 broken
(the caster's token is lost, the spell's cards go back), otherwise locked.
"""
from __future__ import annotations

from typing import Any

from .data import BIG_WIN, BREAK_AT, CAPTURE_TARGET, SMALL_WIN
from .actions import split_spell


def contest_result(diff: int) -> str:
    """RULE 15: the outcome of one contest roll from D = caster - opponent."""
    if diff >= BIG_WIN:
        return "big"
    if diff >= SMALL_WIN:
        return "small"
    if diff <= BREAK_AT:
        return "broken"
    return "locked"


class Contests:
    """Mixin of :class:`~.engine.SpellCasterGame`: everything about Will tokens on spells."""

    # ---------------------------------------------------------------- token moves
    def _place_token(self, seat: int, sp: dict[str, Any]) -> None:
        self.pool[seat] -= 1
        sp["tokens"][seat] += 1

    def _token_back(self, seat: int, sp: dict[str, Any]) -> None:
        sp["tokens"][seat] -= 1
        self.pool[seat] += 1

    def _token_lost(self, seat: int, sp: dict[str, Any]) -> None:
        sp["tokens"][seat] -= 1
        self.lost[seat] += 1

    # ---------------------------------------------------------------- launch
    def _do_launch(self, frame: dict[str, Any], sid: str) -> None:
        seat = frame["seat"]
        sp = self.spell(sid)
        if frame["kind"] == "launch":
            self.stack.pop()
        if sp["state"] == "ready":                 # the free launch after a withdrawal (rule 17)
            self._emit("launch", seat, spell=sid, free=True)
            self.launched(sid, seat)
            return
        for card in sp["motion"]:                  # RULE 14: Motion cards turn face up
            card[1] = card[2] = True
        self._place_token(seat, sp)
        sp["state"], sp["controller"], sp["origin"] = "offered", seat, self.pos[seat]
        self._emit("launch", seat, spell=sid, motion=[c[0] for c in sp["motion"]], point=self.pos[seat])
        self.open_offers(sid, seat, "launch", exclude=())

    def open_offers(self, sid: str, caster: int, purpose: str, exclude: tuple[int, ...]) -> None:
        """RULE 14/19: going clockwise, each other standing player with an unused token may contest."""
        n = self.players
        queue = [(caster + k) % n for k in range(1, n)]
        queue = [q for q in queue if q not in exclude]
        self.stack.append({"kind": "offer", "seat": caster, "spell": sid, "caster": caster,
                           "purpose": purpose, "queue": queue, "contesters": []})

    def settle_offer(self, frame: dict[str, Any]) -> bool:
        """Skip seats that cannot contest; when everyone was asked, go to the contests."""
        queue = frame["queue"]
        while queue and (not self.alive[queue[0]] or self.pool[queue[0]] < 1):
            queue.pop(0)
        if queue:
            if frame["seat"] != queue[0]:
                frame["seat"] = queue[0]
                return True
            return False
        self.stack.pop()
        if frame["contesters"]:
            self.stack.append({"kind": "order", "seat": frame["caster"], "spell": frame["spell"],
                               "caster": frame["caster"], "purpose": frame["purpose"],
                               "left": list(frame["contesters"])})
        else:
            self.contests_won(frame["spell"], frame["caster"], frame["purpose"])
        return True

    def _do_contest(self, frame: dict[str, Any], arg: str) -> None:
        seat = frame["queue"].pop(0)
        self._place_token(seat, self.spell(frame["spell"]))
        frame["contesters"].append(seat)
        self._emit("contest", seat, spell=frame["spell"])

    def _do_decline(self, frame: dict[str, Any], arg: str) -> None:
        self.decline(frame)

    def decline(self, frame: dict[str, Any]) -> None:
        seat = frame["queue"].pop(0)
        self._emit("decline", seat, spell=frame["spell"])

    def settle_order(self, frame: dict[str, Any]) -> bool:
        """One contest left: the caster has no order to choose."""
        if len(frame["left"]) == 1:
            self.resolve(frame, frame["left"][0])
            return True
        return False

    def _do_resolve(self, frame: dict[str, Any], arg: str) -> None:
        self.resolve(frame, int(arg))

    def resolve(self, frame: dict[str, Any], opp: int) -> None:
        """RULE 15-16: one contest of the caster's launch or capture against ``opp``."""
        frame["left"].remove(opp)
        self.stack.remove(frame)
        sid, caster = frame["spell"], frame["caster"]
        sp = self.spell(sid)
        result = self.contest_roll(sid, caster, opp)
        if result in ("big", "small"):
            if frame["left"]:
                self.stack.append(frame)           # RULE 16: the caster resolves the next contest
            else:
                self.contests_won(sid, caster, frame["purpose"])
            return
        capture = frame["purpose"] == "capture"
        if capture and (result == "broken" or self.options["capture_lock_loses"]):
            self.rewild(sid)                       # RULE 19: lose any contest and it turns wild again
        elif result == "locked":                   # (a broken launch gave every token back already)
            for q in frame["left"]:                # RULE 16: the others take their tokens back
                self._token_back(q, sp)
            sp["state"] = "locked"
            sp["lock"] = {"caster": caster, "opp": opp, "since": self.turn_no, "purpose": frame["purpose"]}
            self._emit("locked", caster, spell=sid, opp=opp)

    def contest_roll(self, sid: str, caster: int, opp: int) -> str:
        """Roll one contest and apply its token consequences; a broken launch also clears the spell."""
        sp = self.spell(sid)
        c_die, o_die = self.roll(), self.roll()
        c_total, o_total = c_die + self.pool[caster], o_die + self.pool[opp]
        result = contest_result(c_total - o_total)
        self._emit("contest_roll", caster, spell=sid, opp=opp, caster_die=c_die, opp_die=o_die,
                   caster_total=c_total, opp_total=o_total, result=result)
        if result == "big":
            self._token_lost(opp, sp)
        elif result == "small":
            self._token_back(opp, sp)
        elif result == "broken":
            self._token_lost(caster, sp)
            self._token_back(opp, sp)
            if sp["state"] == "offered" or sp["state"] == "locked" and sp["lock"]["purpose"] == "launch":
                self.break_spell(sid)              # a launch (a capture turns wild instead)
        return result

    def break_spell(self, sid: str) -> None:
        """The spell is broken: remaining tokens go back, the cards go back to the owner's decks."""
        owner, slot = split_spell(sid)
        sp = self.spell(sid)
        for q in range(self.players):
            while sp["tokens"][q]:
                self._token_back(q, sp)
        self._emit("broken", owner, spell=sid)
        self.send_back(owner, self.clear_spell(owner, slot))

    def contests_won(self, sid: str, caster: int, purpose: str) -> None:
        if purpose == "launch":
            self.launched(sid, caster)
        else:
            self._emit("captured", caster, spell=sid)
            if self.turn is not None and self.turn["seat"] == caster:
                self.turn["fresh"].append(sid)
                self.turn["free"].append(sid)       # RULE 19: they may move it now

    def launched(self, sid: str, caster: int) -> None:
        """RULE 16: a familiar on the spell, its twin on the board where the spell was launched; it moves."""
        sp = self.spell(sid)
        sp["state"], sp["controller"], sp["lock"] = "launched", caster, None
        sp["point"] = sp["origin"]
        sp["since"] = self.turn_no
        for card in sp["motion"]:
            card[1] = card[2] = True
        if self.turn is not None and self.turn["seat"] == caster:
            self.turn["fresh"].append(sid)
        self._emit("familiar", caster, spell=sid, point=sp["point"])
        self.start_motion(sid, caster, 0, len(sp["motion"]), wild=False)

    # ---------------------------------------------------------------- locked contests
    def _do_continue(self, frame: dict[str, Any], sid: str) -> None:
        seat = frame["seat"]
        self._spend()
        sp = self.spell(sid)
        lock = sp["lock"]
        self.turn["continued"].append(sid)
        result = self.contest_roll(sid, lock["caster"], lock["opp"])
        if result in ("big", "small"):
            self.lock_won(sid)                       # RULE 17: even on the opponent's turn
        elif result == "locked":
            self._emit("still_locked", seat, spell=sid)
        elif lock["purpose"] == "capture":           # broken: the capture is lost
            self.rewild(sid)

    def lock_won(self, sid: str) -> None:
        """The caster of a locked contest won it: the launch goes ahead, or the capture stands."""
        sp = self.spell(sid)
        lock, sp["lock"] = sp["lock"], None
        if lock["purpose"] == "launch":
            self.launched(sid, lock["caster"])
        else:
            sp["state"] = "launched"
            self.contests_won(sid, lock["caster"], "capture")

    def _do_withdraw(self, frame: dict[str, Any], sid: str) -> None:
        self.withdraw(sid, frame["seat"])

    def withdraw(self, sid: str, seat: int) -> None:
        """RULE 17: the opponent withdrawing frees the launch; the caster withdrawing breaks the spell."""
        sp = self.spell(sid)
        lock = sp["lock"]
        self._emit("withdraw", seat, spell=sid)
        if seat == lock["opp"]:
            self._token_back(seat, sp)
            if lock["purpose"] == "capture":         # RULE 19 through 17: the capture stands
                self.lock_won(sid)
                return
            sp["state"], sp["lock"], sp["since"] = "ready", None, self.turn_no
        elif lock["purpose"] == "capture":           # the capturer gives up: the spell is wild again
            self.rewild(sid)
        else:
            sp["lock"] = None
            self.break_spell(sid)

    # ---------------------------------------------------------------- control, abandon, capture
    def _do_control(self, frame: dict[str, Any], sid: str) -> None:
        seat = frame["seat"]
        if sid in self.turn["free"]:
            self.turn["free"].remove(sid)
        else:
            self._spend()
        self.turn["controlled"].append(sid)
        self._emit("control", seat, spell=sid)
        self.start_motion(sid, seat, 0, len(self.spell(sid)["motion"]), wild=False)

    def _do_abandon(self, frame: dict[str, Any], sid: str) -> None:
        self.abandon(sid, frame["seat"])

    def abandon(self, sid: str, seat: int) -> None:
        """RULE 18: the token goes back and the spell turns wild where it is."""
        sp = self.spell(sid)
        while sp["tokens"][seat]:
            self._token_back(seat, sp)
        sp["state"], sp["controller"] = "wild", None
        if self.turn is not None and sid in self.turn["free"]:
            self.turn["free"].remove(sid)
        self._emit("abandon", seat, spell=sid)

    def rewild(self, sid: str) -> None:
        """A failed capture: tokens back (what is left on it) and the spell is wild again."""
        sp = self.spell(sid)
        for q in range(self.players):
            while sp["tokens"][q]:
                self._token_back(q, sp)
        sp["state"], sp["controller"], sp["lock"] = "wild", None, None
        self._emit("rewild", None, spell=sid)

    def _do_capture(self, frame: dict[str, Any], sid: str) -> None:
        seat = frame["seat"]
        self._spend()
        sp = self.spell(sid)
        self._place_token(seat, sp)
        die = self.roll()
        total = die + self.pool[seat]
        ok = total >= CAPTURE_TARGET
        self._emit("capture", seat, spell=sid, die=die, total=total, success=ok)
        if not ok:
            self._token_back(seat, sp)
            return
        sp["state"], sp["controller"] = "launched", seat
        sp["since"] = self.turn_no
        owner = split_spell(sid)[0]
        self.open_offers(sid, seat, "capture", exclude=(owner,))

    def abandon_contests(self, frame: dict[str, Any]) -> None:
        """A caster retired while choosing the contest order: every token on the spell goes back."""
        sid = frame["spell"]
        if frame["purpose"] == "capture":
            self.rewild(sid)
        else:
            self.break_spell(sid)
