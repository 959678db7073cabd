"""The hand form a scorer fills in: facts only (contract, declarer, partner, result, kontras,
bonuses), built for the tournament's rule set and this hand's four players.

The form only shapes input; whether a hand is valid is the engine's call (rules.engine.read_hand),
so the rules live in one place. ``ruleset_options`` tells the page's script which choices the rule
set allows, so what the rules forbid cannot be chosen in the first place.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from rules.engine.catalogue import ANNULLED, BIRDS, KONTRA_NAMES, NEGATIVE, POSITIVE, TRISCHAKEN
from rules.engine.ruleset import RuleSet

SIDE_CHOICES = [("", "–"), ("declarer", pgettext_lazy("the declarer's side", "Spieler")), ("opponents", _("Gegner"))]


class HandForm(forms.Form):
    number = forms.IntegerField(widget=forms.HiddenInput)
    version = forms.IntegerField(widget=forms.HiddenInput)
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    contract = forms.ChoiceField(label=pgettext_lazy("the contract of a hand", "Spiel"), widget=forms.RadioSelect)
    declarer = forms.TypedChoiceField(label=pgettext_lazy("the declarer of a hand", "Spieler"), coerce=int,
                                      widget=forms.RadioSelect, required=False)
    partner = forms.ChoiceField(label=_("Partner"), widget=forms.RadioSelect, required=False)
    result = forms.ChoiceField(label=_("Ergebnis"), widget=forms.RadioSelect, required=False,
                               choices=[("won", _("gewonnen")), ("lost", _("verloren"))])
    declarer_points = forms.CharField(label=_("Punkte der Spielerpartei (statt Ergebnis)"), required=False, max_length=8,
                                      widget=forms.TextInput(attrs={"inputmode": "numeric", "placeholder": "35+2"}))
    kontra = forms.TypedChoiceField(label=_("Kontra auf das Spiel"), coerce=int, initial=1, widget=forms.RadioSelect,
                                    required=False)
    renonce = forms.ChoiceField(label=_("Renonce von"), required=False, widget=forms.RadioSelect)
    surrender = forms.BooleanField(label=_("geschleift (König im Talon, aufgegeben)"), required=False)
    # Hands that are not scored (hand-format.md): offered only where the rule set knows them.
    not_played = forms.BooleanField(
        label=_("nicht gespielt (keine weitere Ansage)"), required=False,
        help_text=_("Der Rufer wurde ohne weitere Ansage nicht ausgespielt: 0 Punkte, zählt als Spiel."))
    talon_without_king = forms.BooleanField(
        label=_("Talonhälfte ohne gerufenen König genommen (Strafe)"), required=False,
        help_text=_("Der gerufene König lag im Talon, der Spieler nahm die andere Hälfte: "
                    "er zahlt jedem anderen einen gefangenen König, auch wenn nicht gespielt wurde."))

    def __init__(self, *args, ruleset: RuleSet, players: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        self.players = players
        seats = [(str(seat), name) for seat, name in enumerate(players)]
        # Every rule set accepts an annulled deal (a counting error that cannot be put right).
        self.fields["contract"].choices = [(c.slug, c.name) for c in ruleset.contracts] + [(ANNULLED, _("annulliert"))]
        if not any(c.may_stay_unplayed for c in ruleset.contracts):
            del self.fields["not_played"]
        if not any(c.talon_king_penalty for c in ruleset.contracts):
            del self.fields["talon_without_king"]
        self.fields["declarer"].choices = seats
        self.fields["partner"].choices = seats + [("talon", _("König im Talon"))]
        self.fields["renonce"].choices = [("", _("keine"))] + seats
        levels = [(k, KONTRA_NAMES[k][0]) for k in ruleset.kontra_levels]
        self.fields["kontra"].choices = levels
        for seat, name in seats:
            self.fields[f"kontra_{seat}"] = forms.TypedChoiceField(
                label=name, coerce=int, choices=levels, initial=1, required=False, widget=forms.RadioSelect)
            self.fields[f"card_points_{seat}"] = forms.CharField(
                label=name, required=False, max_length=8,
                widget=forms.TextInput(attrs={"inputmode": "numeric", "placeholder": "0"}))
        for bonus in ruleset.bonuses:
            prefix = f"bonus_{bonus.slug}"
            self.fields[prefix] = forms.ChoiceField(label=bonus.name, choices=SIDE_CHOICES, required=False,
                                                    widget=forms.RadioSelect)
            self.fields[f"{prefix}_announced"] = forms.BooleanField(label=_("angesagt"), required=False)
            self.fields[f"{prefix}_failed"] = forms.BooleanField(label=_("verloren"), required=False)
            self.fields[f"{prefix}_kontra"] = forms.TypedChoiceField(
                label=_("Kontra"), coerce=int, choices=levels, initial=1, required=False)

    def bonus_rows(self):
        for bonus in self.ruleset.bonuses:
            prefix = f"bonus_{bonus.slug}"
            yield bonus, self[prefix], self[f"{prefix}_announced"], self[f"{prefix}_failed"], self[f"{prefix}_kontra"]

    def seat_rows(self):
        for seat in range(len(self.players)):
            yield seat, self.players[seat], self[f"kontra_{seat}"], self[f"card_points_{seat}"]

    def hand_data(self) -> dict:
        """The interchange-format hand (hand-format.md) of the cleaned form."""
        data = self.cleaned_data
        contract = self.ruleset.contract(data["contract"])
        hand: dict = {"contract": data["contract"]}
        if data.get("declarer") not in (None, ""):
            hand["declarer"] = data["declarer"]
        if data["contract"] == ANNULLED:
            # Nothing else of an annulled deal counts; fields left filled in on the page are dropped.
            return hand
        if data.get("talon_without_king"):
            hand["talon_without_king"] = True
        if contract is not None and contract.calls_partner and data.get("partner") not in (None, "", "talon"):
            hand["partner"] = int(data["partner"])
        if data.get("not_played"):
            # Not played out: a result, kontra or bonus still ticked in the hidden parts of the page is dropped.
            hand["not_played"] = True
            return hand
        if data.get("result"):
            hand["result"] = data["result"]
        # Card points typed for a positive game and left in the page's hidden part after switching to
        # another contract are not the scorer's answer: only what the contract asks for is sent.
        if data.get("declarer_points") and contract is not None and contract.kind == POSITIVE:
            hand["declarer_points"] = data["declarer_points"].strip()
        if contract is not None and contract.kind == NEGATIVE:
            kontras = {str(seat): data.get(f"kontra_{seat}") or 1 for seat in range(4) if seat != hand.get("declarer")}
            kontras = {seat: level for seat, level in kontras.items() if level != 1}
            if kontras:
                hand["kontra"] = kontras
        elif (data.get("kontra") or 1) != 1:
            hand["kontra"] = data["kontra"]
        if contract is not None and contract.kind == TRISCHAKEN:
            hand["card_points"] = [(data.get(f"card_points_{seat}") or "").strip() or "0" for seat in range(4)]
        bonuses = []
        for bonus in self.ruleset.bonuses:
            prefix = f"bonus_{bonus.slug}"
            if data.get(prefix):
                entry = {"bonus": bonus.slug, "side": data[prefix], "announced": bool(data.get(f"{prefix}_announced")),
                         "made": not data.get(f"{prefix}_failed")}
                if (data.get(f"{prefix}_kontra") or 1) != 1:
                    entry["kontra"] = data[f"{prefix}_kontra"]
                bonuses.append(entry)
        if bonuses:
            hand["bonuses"] = bonuses
        if data.get("renonce") not in (None, ""):
            hand["renonce"] = int(data["renonce"])
        if data.get("surrender"):
            hand["surrender"] = True
        return hand


def initial_from_hand(data: dict) -> dict:
    """Form values that show a stored hand again (to edit the last hand or correct one)."""
    initial: dict = {"contract": data["contract"], "declarer": data.get("declarer", 0),
                     "result": data.get("result", ""), "declarer_points": data.get("declarer_points", ""),
                     "renonce": "" if data.get("renonce") is None else str(data["renonce"]),
                     "surrender": data.get("surrender", False), "not_played": data.get("not_played", False),
                     "talon_without_king": data.get("talon_without_king", False)}
    if "partner" in data:
        initial["partner"] = str(data["partner"])
    elif data["contract"] not in ("trischaken", ANNULLED):
        initial["partner"] = "talon"
    kontra = data.get("kontra", 1)
    if isinstance(kontra, dict):
        for seat, level in kontra.items():
            initial[f"kontra_{seat}"] = level
    else:
        initial["kontra"] = kontra
    for seat, value in enumerate(data.get("card_points", [])):
        initial[f"card_points_{seat}"] = value
    for bonus in data.get("bonuses", []):
        prefix = f"bonus_{bonus['bonus']}"
        initial[prefix] = bonus["side"]
        initial[f"{prefix}_announced"] = bonus.get("announced", False)
        initial[f"{prefix}_failed"] = not bonus.get("made", True)
        initial[f"{prefix}_kontra"] = bonus.get("kontra", 1)
    return initial


def ruleset_options(ruleset: RuleSet) -> dict:
    """What the page's script needs to offer only allowed choices (json_script on the page)."""
    contracts = {
        c.slug: {"name": c.name, "vorhand_only": c.vorhand_only, "calls_partner": c.calls_partner, "kind": c.kind,
                 "bonuses": sorted(c.bonuses), "required_birds": sorted(c.required_birds), "bird_optional": c.bird_optional,
                 "surrender": c.surrender, "partner_required": c.partner_required,
                 "may_stay_unplayed": c.may_stay_unplayed, "talon_penalty": c.talon_king_penalty is not None}
        for c in ruleset.contracts
    }
    contracts[ANNULLED] = {"name": gettext("annulliert"), "vorhand_only": False, "calls_partner": False,
                           "kind": ANNULLED, "bonuses": [],
                           "required_birds": [], "bird_optional": False, "surrender": False, "partner_required": False,
                           "may_stay_unplayed": False, "talon_penalty": False}
    return {
        "contracts": contracts,
        "bonuses": {b.slug: {"silent": b.silent is not None, "announced": b.announced is not None,
                             "kontra": b.kontra_allowed, "can_fail": b.can_fail} for b in ruleset.bonuses},
        "own_king": ruleset.own_king_allowed,
        "birds": list(BIRDS),
        "renonce": ruleset.renonce is not None or bool(ruleset.trischaken and ruleset.trischaken.renonce_unit),
        "texts": {
            "vorhand_only": gettext("%(contract)s darf nur die Vorhand spielen: bitte Spiel oder Spieler neu wählen."),
            "offline": gettext("Keine Verbindung: keine Vorschau. Speichern geht trotzdem, das Spiel wird nachgeschickt."),
        },
    }


class CorrectionForm(forms.Form):
    """The director books points outside a hand: who, in which round, how many, why."""

    entry = forms.TypedChoiceField(label=_("Spieler"), coerce=int)
    round = forms.TypedChoiceField(label=_("Runde"), coerce=int)
    points = forms.DecimalField(label=_("Punkte (minus: Abzug)"), max_digits=7, decimal_places=2)
    reason = forms.CharField(label=_("Begründung"), max_length=500,
                             widget=forms.TextInput(attrs={"placeholder": _("etwa: Renonce von Spiel 7 nachträglich")}))

    def __init__(self, *args, entries, rounds, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry"].choices = [(entry.pk, str(entry.player)) for entry in entries]
        self.fields["round"].choices = [(round.pk, round.label) for round in rounds]


class RevokeClaimForm(forms.Form):
    """A revoke claim (Tirol): a player of a hand with a renonce claims points he lost beyond it from the
    offender; booked against the hand (services.book_revoke_claim)."""

    hand = forms.TypedChoiceField(label=_("Spiel mit Renonce"), coerce=int)
    claimant = forms.TypedChoiceField(label=_("Es fordert nach"), coerce=int)
    points = forms.DecimalField(label=_("Punkte"), max_digits=7, decimal_places=2, min_value=0)
    reason = forms.CharField(label=_("Begründung"), max_length=400,
                             widget=forms.TextInput(attrs={"placeholder": _("etwa: angesagter Pagat lag schon sicher")}))

    def __init__(self, *args, hands, entries, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["hand"].choices = [
            (hand.pk, gettext("%(round)s, Tisch %(table)s, Spiel %(number)s") % {
                "round": hand.table.round.label, "table": hand.table.number, "number": hand.number})
            for hand in hands
        ]
        self.fields["claimant"].choices = [(entry.pk, str(entry.player)) for entry in entries]
