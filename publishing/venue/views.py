"""The director's publishing page: where the tournament publishes to, the last attempts, publish now."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from publishing.forms import TargetForm
from publishing.venue import auto, selectors, services
from web.http import directed_tournament, director_required


def _already_publishing() -> str:
    return gettext("Gerade wird dieses Turnier schon veröffentlicht (von selbst, während gespielt wird, oder nach "
                   "dem Abschluss einer Runde); wie es ausging, steht gleich unten. Danach bei Bedarf nochmals senden.")


@director_required
def publish_settings(request, slug: str):
    tournament = directed_tournament(request, slug)
    status = selectors.venue_status(tournament)
    initial = {"url": status.target.url, "token": status.target.token,
               "after_each_round": status.target.after_each_round,
               "while_playing": status.target.while_playing} if status.target else None
    form = TargetForm(request.POST if request.POST.get("action") == "save" else None, initial=initial)
    action = request.POST.get("action") if request.method == "POST" else None
    if action == "save" and form.is_valid():
        services.set_target(tournament=tournament, **form.cleaned_data)
        messages.success(request, gettext("Gespeichert."))
        return redirect("publishing:settings", slug=slug)
    if action == "clear":
        services.clear_target(tournament=tournament)
        return redirect("publishing:settings", slug=slug)
    if action in ("now", "new_state"):
        if status.target is None:
            messages.error(request, gettext("Zuerst Adresse und Schlüssel speichern."))
        elif action == "new_state":
            if services.publish_as_new_state(tournament=tournament):
                messages.info(request, gettext("Als neuer Stand gesendet; wie es ausging, steht gleich unten (Seite neu "
                                               "laden)."))
            else:
                messages.error(request, _already_publishing())
        elif auto.publish_now(tournament.pk):  # never waits for the hub: the attempt shows below once it is done
            messages.info(request, gettext(
                "Wird gesendet; wie es ausging, steht gleich unten bei den Versuchen (Seite neu laden)."))
        else:
            messages.error(request, _already_publishing())
        return redirect("publishing:settings", slug=slug)
    return render(request, "publishing/settings.html", {"tournament": tournament, "form": form, "status": status},
                  status=422 if action == "save" else 200)
