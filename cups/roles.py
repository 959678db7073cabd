"""Who may do what on a site that carries several cups (docs/roles.md).

Two roles, held per object through Django's permissions (django-guardian stores them; an admin gives
them in the admin's "object permissions" screens or with ``manage.py grant_role``):

- ``cups.manage_cup`` on a cup: its organiser (its seasons, season imports, publishing tokens, and
  directing every tournament counted in its seasons);
- ``tournament.direct_tournament`` on a tournament: its director.

This backend adds what follows from them: a cup's organiser directs the cup's tournaments, whoever
created a tournament directs it, and a tournament in no cup is the house's own, directed by every
director account of this installation (a venue laptop with one account works as before).
Superusers may do everything (Django answers for them before any backend).
"""

from __future__ import annotations

from django.db.models import Q, QuerySet
from guardian.core import ObjectPermissionChecker
from guardian.shortcuts import get_objects_for_user

from cups.models import Cup, SeasonTournament
from tournament.models import Tournament
from web.http import DIRECT, is_director_account

MANAGE = "cups.manage_cup"


def cup_of(tournament: Tournament) -> Cup | None:
    link = SeasonTournament.objects.filter(tournament=tournament).select_related("season__cup").first()
    return link.season.cup if link else None


def organised_cups(user) -> QuerySet[Cup]:
    if user.is_superuser:
        return Cup.objects.all()
    if not is_director_account(user):
        return Cup.objects.none()
    return get_objects_for_user(user, MANAGE, klass=Cup, accept_global_perms=False)


def directed_tournaments(user, queryset: QuerySet[Tournament] | None = None) -> QuerySet[Tournament]:
    """The tournaments ``user`` may direct, as a filter of ``queryset`` (one query when evaluated)."""
    queryset = Tournament.objects.all() if queryset is None else queryset
    if user.is_superuser:
        return queryset
    if not is_director_account(user):
        return queryset.none()
    own = get_objects_for_user(user, DIRECT, klass=Tournament, accept_global_perms=False).values("pk")
    return queryset.filter(Q(cup_season__isnull=True) | Q(created_by=user) | Q(pk__in=own)
                           | Q(cup_season__season__cup__in=organised_cups(user).values("pk")))


class CupRoleBackend:
    """Answers the object permissions that follow from the roles (see the module's docstring)."""

    def authenticate(self, request, **credentials):
        return None

    def has_perm(self, user, perm: str, obj=None) -> bool:
        if obj is None or not is_director_account(user):
            return False
        if perm == DIRECT and isinstance(obj, Tournament):
            if obj.created_by_id == user.pk:
                return True
            cup = cup_of(obj)
            return cup is None or ObjectPermissionChecker(user).has_perm("manage_cup", cup)
        return False
