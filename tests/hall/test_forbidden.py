"""The site's 403 (website/urls.py handler403 → hall.views.forbidden): the director's guard in web/http.py
raises NotDirector and the hall, which owns the login, draws the page; any other refusal keeps the site's
403.html."""

from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.test import RequestFactory

from hall.views import forbidden
from web.http import NotDirector


def request():
    made = RequestFactory().get("/turniere/")
    made.user = AnonymousUser()
    return made


def test_an_account_that_may_not_direct_gets_the_halls_page(db):
    page = forbidden(request(), NotDirector())
    assert page.status_code == 403
    assert "Keine Rechte der Turnierleitung" in page.content.decode()


def test_any_other_refusal_gets_the_sites_403(db):
    page = forbidden(request(), PermissionDenied())
    html = page.content.decode()
    assert page.status_code == 403 and "Keine Berechtigung" in html and "Keine Rechte der Turnierleitung" not in html
