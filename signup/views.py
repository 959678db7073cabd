"""The players' sign-up page (public, on a phone) and the director's list."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_http_methods

from hall.clients import counted_address
from language import ServiceError
from signup import selectors, services
from signup.forms import RegistrationForm, SignUpForm
from signup.models import SignUp
from tournament.models import Player, Tournament
from web.http import directed_tournament, director_required, int_param


@require_http_methods(["GET", "POST"])
def sign_up_page(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    form, status = SignUpForm(request.POST or None), 200
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                done = services.sign_up(tournament=tournament, name=data["name"], club=data["club"],
                                        email=data["email"], address=counted_address(request))
            except ServiceError as error:
                form.add_error(None, error.message())
                status = 429 if isinstance(error, services.Flooded) else 422
            else:
                if done.status == SignUp.WAITING:
                    messages.warning(request, gettext(
                        "%(done)s: alle Plätze sind vergeben – Sie stehen auf der Warteliste.") % {"done": done.name})
                else:
                    messages.success(request, gettext(
                        "%(done)s ist angemeldet. Die Turnierleitung bestätigt die Anmeldung.") % {"done": done.name})
                # The player's own page (players/ sets it on the sign-up): shown once on the page after the redirect.
                if getattr(done, "personal_path", None):
                    request.session["personal_path"] = done.personal_path
                return redirect("signup:page", slug=slug)
        else:
            status = 422
    listing = selectors.sign_up_list(tournament)
    registration = listing.registration
    is_open = registration is not None and registration.why_closed() is None
    personal_path = request.session.pop("personal_path", None) if request.method == "GET" else None
    return render(request, "signup/page.html", {"tournament": tournament, "form": form, "listing": listing,
                                                "is_open": is_open, "personal_url": personal_path and
                                                request.build_absolute_uri(personal_path)}, status=status)


def _act(request, tournament: Tournament) -> None:
    sign_up = get_object_or_404(SignUp, tournament=tournament, pk=int_param(request.POST, "sign_up", 0))
    action = request.POST.get("action")
    if action == "confirm":
        services.confirm(sign_up=sign_up)
    elif action == "cancel":
        services.cancel(sign_up=sign_up)
    elif action == "check_in":
        services.check_in(sign_up=sign_up)
    elif action == "undo_check_in":
        services.undo_check_in(sign_up=sign_up)
    elif action == "match":
        number = int_param(request.POST, "player", 0)
        services.match(sign_up=sign_up, player=get_object_or_404(Player, pk=number) if number else None)
    else:
        raise ServiceError(gettext_lazy("Unbekannte Aktion."))


@director_required
@require_http_methods(["GET", "POST"])
def director_list(request, slug: str):
    tournament = directed_tournament(request, slug)
    listing = selectors.sign_up_list(tournament)
    initial = None
    if listing.registration:
        initial = {"is_open": listing.registration.is_open, "cap": listing.registration.cap,
                   "deadline": timezone.localtime(listing.registration.deadline).strftime("%Y-%m-%dT%H:%M")}
    form, status = RegistrationForm(request.POST if request.POST.get("action") == "settings" else None,
                                    initial=initial), 200
    if request.method == "POST":
        try:
            if request.POST.get("action") == "settings":
                if not form.is_valid():
                    raise ServiceError(gettext_lazy("Bitte die Angaben prüfen."))
                services.set_registration(tournament=tournament, **form.cleaned_data)
            else:
                _act(request, tournament)
        except ServiceError as error:
            messages.error(request, error.message())
            status = 422
        else:
            return redirect("signup:director", slug=slug)
        listing = selectors.sign_up_list(tournament)
    unmatched = {s.pk: selectors.suggestions(s) for s in listing.places + listing.waiting if s.player_id is None}
    return render(request, "signup/director.html", {"tournament": tournament, "listing": listing, "form": form,
                                                    "suggestions": unmatched}, status=status)
