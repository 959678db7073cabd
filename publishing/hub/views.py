"""The cup organiser's tokens page on the hub: make a token for a venue, see when each was last used, revoke."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext

from cups.models import Cup
from cups.roles import MANAGE
from publishing.hub.tokens import NAME_MAX, create_token, revoke_token
from publishing.models import PublishToken
from web.http import director_required, int_param


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
            messages.success(request, gettext("Schlüssel widerrufen."))
            return redirect("publishing:tokens", slug=slug)
        name = request.POST.get("name", "").strip()
        if not name or len(name) > NAME_MAX:
            messages.error(request, gettext(
                "Bitte einen Namen angeben (wer den Schlüssel bekommt, höchstens %(most)s Zeichen).") % {"most": NAME_MAX})
            status = 422
        else:
            _row, new_token = create_token(cup=cup, name=name)
    tokens = PublishToken.objects.filter(cup=cup).order_by("-created_at")
    return render(request, "publishing/tokens.html", {"cup": cup, "tokens": tokens, "new_token": new_token,
                                                     "name_max": NAME_MAX},
                  status=status)
