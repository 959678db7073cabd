"""The player's own page (his personal link, no login), self check-in, the one-tap unsubscribe, and the
director's check-in list with the links as QR codes and the messages page."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from hall.net import printed_address
from language import ServiceError
from players import checkin, compose, links, outbox, selectors
from players.models import Message, MessageKind, PersonalLink
from players.qr import qr_svg
from web.http import directed_tournament, director_required, int_param


def _gone(request):
    return render(request, "players/gone.html", status=404)


def _speak(request, link: PersonalLink):
    """The player's language (chosen at sign-up) unless this browser chose one with the language switch."""
    if settings.LANGUAGE_COOKIE_NAME in request.COOKIES:
        return translation.override(translation.get_language())
    return translation.override(link.language)


@require_http_methods(["GET", "HEAD"])
def page(request, token: str):
    link = links.find(token)
    if link is None:
        return _gone(request)
    with _speak(request, link):
        return _page(request, link, token)


def _page(request, link: PersonalLink, token: str, status: int = 200, refused: str | None = None):
    data = selectors.personal_page(link)
    cannot = checkin.refusal(link)
    return render(request, "players/page.html", {
        "page": data, "tournament": link.tournament, "link": link, "token": token, "refused": refused,
        "can_check_in": cannot is None, "check_in_note": cannot.message() if cannot else "",
        "entry": data.entry, "day": data.day, "ranked": data.ranked, "played": data.played}, status=status)


@require_POST
def check_in(request, token: str):
    link = links.find(token)
    if link is None:
        return _gone(request)
    with _speak(request, link):
        try:
            checkin.self_check_in(link=link)
        except ServiceError as error:
            return _page(request, link, token, status=422, refused=error.message())
        messages.success(request, gettext("Willkommen! Sie sind eingecheckt."))
    return redirect("players:page", token=token)


@csrf_exempt  # the code in the address is the credential; mail programs post RFC 8058's one-click form
@require_http_methods(["GET", "POST"])
def unsubscribe(request, code: str):
    found = compose.read_unsubscribe_code(code)
    if found is None or found[1] not in MessageKind.values:
        return render(request, "players/gone.html", status=404)
    email, kind = found
    again = request.method == "POST" and request.POST.get("action") == "resubscribe"
    if again:
        outbox.resubscribe(email=email, kind=kind)
    else:  # one step: opening the link (or a mail program's one-click POST) unsubscribes
        outbox.unsubscribe(email=email, kind=kind)
    return render(request, "players/unsubscribed.html", {"email": email, "kind": MessageKind(kind).label,
                                                         "code": code, "again": again})


@director_required
@require_http_methods(["GET", "POST"])
def desk(request, slug: str):
    tournament = directed_tournament(request, slug)
    status = 200
    if request.method == "POST":
        link = get_object_or_404(PersonalLink, tournament=tournament, pk=int_param(request.POST, "link", 0))
        try:
            if request.POST.get("action") == "renew":
                links.renew(link=link)
                messages.success(request, gettext("Neuer Link für %(name)s: der alte gilt nicht mehr.") % {"name": link.name})
            elif request.POST.get("action") == "undo":
                checkin.undo_self_check_in(link=link)
                messages.success(request, gettext("Check-in von %(name)s zurückgenommen.") % {"name": link.name})
            else:
                raise ServiceError(gettext_lazy("Unbekannte Aktion."))
        except ServiceError as error:
            messages.error(request, error.message())
            status = 422
        else:
            return redirect("players:desk", slug=slug)
    links.ensure_links(tournament=tournament)
    base = printed_address(settings.SITE_URL, request.build_absolute_uri("/"))
    rows = [(row, qr_svg(row.url, label=row.name)) for row in selectors.desk(tournament, base)]
    return render(request, "players/desk.html", {"tournament": tournament, "rows": rows}, status=status)


@director_required
@require_http_methods(["GET", "POST"])
def outbox_page(request, slug: str):
    tournament = directed_tournament(request, slug)
    if request.method == "POST":
        message = get_object_or_404(Message, link__tournament=tournament, pk=int_param(request.POST, "message", 0))
        outbox.send_again(message=message)
        messages.success(request, gettext("Die Nachricht wird nochmals gesendet."))
        return redirect("players:outbox", slug=slug)
    shown = [(message, compose.text(message)) for message in selectors.outbox(tournament)]
    return render(request, "players/outbox.html", {"tournament": tournament, "shown": shown,
                                                   "mail_server": settings.MAIL_SERVER})
