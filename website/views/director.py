"""The director's tournament pages: the list (and a new tournament), one tournament's page, the
entry fee and prizes."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from cups.roles import directed_tournaments
from language import ServiceError
from paper.registry import LIST, REGISTRY, ROUND, TOURNAMENT
from publishing.venue import selectors as publishing_selectors
from scoring import selectors as scoring_selectors
from tournament import selectors, services
from tournament.errors import refuse_a_copy
from tournament.forms import PasteForm, PlayerForm, PrizesForm, TournamentForm, UploadForm
from tournament.models import Tournament
from tournament.money import digits, from_cents
from web.http import directed_tournament, director_required
from web.tables import configure
from website.tables import EntryTable, TournamentTable
from website.views.feedback import refuse


@director_required
def tournament_list(request):
    queryset = directed_tournaments(request.user, Tournament.objects.annotate(entry_count=Count("entries"))
                                    .order_by("-date", "name"))
    table = TournamentTable(queryset)
    configure(request, table, per_page=50)
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = services.create_tournament(
                name=data["name"], slug=data["slug"], date=data["date"], venue=data["venue"],
                ruleset=services.resolve_ruleset(data["ruleset"]), stake_cents=data["stake_cents"],
                rounds=data["rounds"], tables_of_five=data["tables_of_five"],
                kontra_to_charity=data["kontra_to_charity"], user=request.user,
                hands_at_four=data["hands_at_four"], hands_at_five=data["hands_at_five"],
                last_round_by_standings=data["last_round_by_standings"],
                time_limit_minutes=data["time_limit_minutes"],
                tables_of_six=data["tables_of_six"] or None,
            )
        except ServiceError as error:
            refuse(request, error)
        except ValidationError as error:  # full_clean: e.g. the slug is taken
            for field, problems in error.message_dict.items():
                form.add_error(field if field in form.fields else None, problems)
        else:
            messages.success(request, gettext("Turnier angelegt."))
            return redirect("tournament:detail", slug=tournament.slug)
    return render(request, "tournament/list.html", {"table": table, "form": form})


@director_required
def tournament_detail(request, slug: str):
    tournament = directed_tournament(request, slug)
    entries = EntryTable(tournament.entries.select_related("player", "tournament"))
    configure(request, entries, per_page=100)
    # The list's download once was this page with ?_export=csv (printed and bookmarked): its address now.
    old_download = next((link for link in REGISTRY.links(LIST) if link.format == request.GET.get("_export")), None)
    if old_download is not None:
        return redirect("paper:list_export", slug=slug, identifier=old_download.identifier)
    finished = selectors.is_finished(tournament)
    return render(request, "tournament/detail.html", {
        "tournament": tournament, "entries": entries, "rounds": selectors.rounds_with_progress(tournament),
        # Over: the final standings on the director's page too (the public pages say "Endstand").
        "finished": finished,
        "final_standings": scoring_selectors.ranked_rows(tournament) if finished else [],
        # Three forms on one page: distinct ids, so each label ticks its own form's box.
        "player_form": PlayerForm(auto_id="player_%s"), "paste_form": PasteForm(auto_id="paste_%s"),
        "upload_form": UploadForm(auto_id="upload_%s"),
        "checked_in": tournament.entries.filter(checked_in=True).count(),
        "exports": REGISTRY.links(TOURNAMENT), "round_exports": REGISTRY.links(ROUND),
        "list_exports": REGISTRY.links(LIST),
        "publish_status": publishing_selectors.venue_status(tournament, recent=1),
    })


def _prize_lines(cents: list[int]) -> str:
    return "\n".join(f"{place}. {digits(from_cents(amount), 2, lang='de', grouped=False)}"
                     for place, amount in enumerate(cents, start=1))


@director_required
def prize_settings(request, slug: str):
    """Entry fee and prize list: the form, and what the prizes pay by the standings as they are now."""
    tournament = directed_tournament(request, slug)
    initial = {"entry_fee": from_cents(tournament.entry_fee_cents), "prizes": _prize_lines(tournament.prizes_cents)}
    form = PrizesForm(request.POST or None, initial=initial)
    status = 200
    if request.method == "POST":
        refuse_a_copy(tournament)  # a 403 page in words, not a form error
        if form.is_valid():
            data = form.cleaned_data
            try:
                services.set_prizes(tournament=tournament, entry_fee_cents=data["entry_fee"],
                                    prizes_cents=data["prizes"], over_fees_ok=data["over_fees_ok"])
            except ServiceError as error:
                form.add_error(None, error.message())
            else:
                messages.success(request, gettext("Nenngeld und Preise gespeichert."))
                return redirect("tournament:prizes", slug=slug)
        status = 422
    money = scoring_selectors.settlement(tournament)
    prize_of = money.prizes.by_entry()
    players = [(player, prize_of.get(player.entry_id, 0), player.total + prize_of.get(player.entry_id, 0))
               for player in money.players]
    return render(request, "tournament/prizes.html", {
        "tournament": tournament, "form": form, "prizes": money.prizes, "players": players,
        "downloads": REGISTRY.get(TOURNAMENT, "settlement").links()}, status=status)
