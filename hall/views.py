"""Health check for the hall's monitoring, the director's own login page and the page refusing an
account that may not direct."""

from __future__ import annotations

import logging

from django.contrib.auth import views as auth_views
from django.db import connection
from django.http import JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from django.views.defaults import permission_denied

from hall.auth import LoginForm
from scoring.scorer_link import copy_refused_page
from tournament.errors import CopyNotWritable
from web.http import NotDirector

logger = logging.getLogger(__name__)


@never_cache
@require_GET
def healthz(request):
    """200 {"status": "ok"} after a query on the database; 503 when the database cannot answer."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # any driver error means: not healthy
        logger.error("healthz: database check failed: %s", error)
        return JsonResponse({"status": "error", "database": "unreachable"}, status=503)
    return JsonResponse({"status": "ok", "database": connection.vendor})


class LoginView(auth_views.LoginView):
    """The director's login at /anmelden/; the throttle is in the backend (hall/auth.py), shared with /admin/."""

    template_name = "hall/login.html"
    authentication_form = LoginForm
    redirect_authenticated_user = True

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.locked_for:
            response.status_code = 429
        return response


class LogoutView(auth_views.LogoutView):
    """POST only (Django's rule); back to the home page (LOGOUT_REDIRECT_URL)."""


def forbidden(request, exception=None):
    """The site's 403 (website/urls.py handler403): an account that may not direct is told what it lacks,
    who can grant it and how to sign in with another (hall/not_director.html); any other refusal gets
    the site's 403.html; a write refused for a hub's copy says so (CopyNotWritable)."""
    if isinstance(exception, NotDirector):
        return render(request, "hall/not_director.html", status=403)
    if isinstance(exception, CopyNotWritable):
        return copy_refused_page(request)
    return permission_denied(request, exception)
