"""Health check for the hall's monitoring and the director's own login page."""

from __future__ import annotations

import logging
import math

from django.contrib.auth import views as auth_views
from django.core.exceptions import ValidationError
from django.db import connection
from django.http import JsonResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from hall import ratelimit

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


def client_address(request) -> str:
    return request.META.get("REMOTE_ADDR", "") or "-"


class LoginView(auth_views.LoginView):
    """The director's login at /anmelden/, limited to a few wrong passwords per name and address."""

    template_name = "hall/login.html"
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        username = request.POST.get("username", "")
        address = client_address(request)
        wait = ratelimit.locked_for(username, address)
        if wait:
            form = self.get_form()
            minutes = math.ceil(wait / 60)
            form.errors.clear()
            message = _("Zu viele fehlgeschlagene Anmeldungen. Bitte in %(minutes)d Minuten wieder versuchen.") % {
                "minutes": minutes}
            if get_language() != "en":  # both languages for whoever stands at the laptop
                message += " / Too many failed logins. Please try again in %d minutes." % minutes
            form.add_error(None, ValidationError(message))
            logger.warning("login locked for %r from %s (%d s left)", username, address, wait)
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        username = self.request.POST.get("username", "")
        address = client_address(self.request)
        ratelimit.record_failure(username, address)
        logger.info("login failed for %r from %s", username, address)
        return super().form_invalid(form)

    def form_valid(self, form):
        ratelimit.reset(self.request.POST.get("username", ""), client_address(self.request))
        return super().form_valid(form)


class LogoutView(auth_views.LogoutView):
    """POST only (Django's rule); back to the home page (LOGOUT_REDIRECT_URL)."""
