"""The director's publishing page (where the tournament publishes to, the last attempts, publish now)
and the cup organiser's tokens."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render

from cups.models import Cup
from cups.roles import MANAGE
from publishing import client, selectors, services
from publishing.forms import TargetForm
from publishing.models import PublishToken
from publishing.tokens import create_token, revoke_token
from tournament.errors import in_language
from tournament.http import directed_tournament, director_required, int_param


@director_required
def publish_settings(request, slug: str):
    tournament = directed_tournament(request, slug)
    status = selectors.venue_status(tournament)
    initial = {"url": status.target.url, "token": status.target.token,
               "after_each_round": status.target.after_each_round} if status.target else None
    form = TargetForm(request.POST if request.POST.get("action") == "save" else None, initial=initial)
    action = request.POST.get("action") if request.method == "POST" else None
    if action == "save" and form.is_valid():
        services.set_target(tournament=tournament, **form.cleaned_data)
        messages.success(request, in_language("Gespeichert.", "Saved."))
        return redirect("publishing:settings", slug=slug)
    if action == "clear":
        services.clear_target(tournament=tournament)
        return redirect("publishing:settings", slug=slug)
    if action == "now":
        outcome = client.publish_to_target(tournament)
        if outcome is None:
            messages.error(request, in_language("Zuerst Adresse und Schlüssel speichern.",
                                                "Save the address and the token first."))
        else:
            (messages.success if outcome.ok else messages.error)(request, outcome.message_for_reader())
        return redirect("publishing:settings", slug=slug)
    return render(request, "publishing/settings.html", {"tournament": tournament, "form": form, "status": status},
                  status=422 if action == "save" else 200)


@director_required
def cup_tokens(request, slug: str):
    """The cup organiser's tokens: make one for a venue (shown once), see when each was last used, revoke."""
    cup = get_object_or_404(Cup, slug=slug)
    if not request.user.has_perm(MANAGE, cup):
        raise Http404
    new_token, status = None, 200
    if request.method == "POST":
        if request.POST.get("action") == "revoke":
            row = PublishToken.objects.filter(cup=cup, pk=int_param(request.POST, "token", 0)).first()
            if row is None:
                raise Http404
            revoke_token(token=row.prefix)
            messages.success(request, in_language("Schlüssel widerrufen.", "Token revoked."))
            return redirect("publishing:tokens", slug=slug)
        name = request.POST.get("name", "").strip()
        if not name or len(name) > 120:
            messages.error(request, in_language("Bitte einen Namen angeben (wer den Schlüssel bekommt, höchstens 120 Zeichen).",
                                                "Please give a name (who gets the token, 120 characters at most)."))
            status = 422
        else:
            _row, new_token = create_token(cup=cup, name=name)
    tokens = PublishToken.objects.filter(cup=cup).order_by("-created_at")
    return render(request, "publishing/tokens.html", {"cup": cup, "tokens": tokens, "new_token": new_token},
                  status=status)
