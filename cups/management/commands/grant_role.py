"""Give (or take back) a role on a site that carries several cups (docs/roles.md):

    python manage.py grant_role USER --organiser CUP        # organises the cup: its seasons, imports,
                                                            # tokens, and directs its tournaments
    python manage.py grant_role USER --director TOURNAMENT  # directs that one tournament
    python manage.py grant_role USER --director SLUG --revoke

The account becomes a staff account (the director's pages need one); it is not made a superuser.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext_lazy
from guardian.shortcuts import assign_perm, remove_perm

from cups.models import Cup
from language import in_both
from tournament.models import Tournament

GRANTED_CUP = gettext_lazy("%(username)s organisiert den Cup „%(target)s“.")
REVOKED_CUP = gettext_lazy("%(username)s organisiert den Cup „%(target)s“ nicht mehr.")
GRANTED_TOURNAMENT = gettext_lazy("%(username)s leitet das Turnier „%(target)s“.")
REVOKED_TOURNAMENT = gettext_lazy("%(username)s leitet das Turnier „%(target)s“ nicht mehr.")



class Command(BaseCommand):
    # A terminal's language is unknown: the help in both, from the msgids (argparse takes no lazy text).
    help = in_both(gettext_lazy("Einem Konto die Rolle eines Cup-Veranstalters oder einer Turnierleitung geben "
                                "(oder mit --revoke wieder nehmen)."))

    def add_arguments(self, parser):
        parser.add_argument("username", help=in_both(gettext_lazy("Benutzername des Kontos")))
        role = parser.add_mutually_exclusive_group(required=True)
        role.add_argument("--organiser", metavar="CUP", help=in_both(gettext_lazy("Kürzel des Cups")))
        role.add_argument("--director", metavar="TOURNAMENT", help=in_both(gettext_lazy("Kürzel des Turniers")))
        parser.add_argument("--revoke", action="store_true", help=in_both(gettext_lazy("die Rolle wieder nehmen")))

    def handle(self, *args, username: str, organiser=None, director=None, revoke=False, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(in_both(gettext_lazy("Kein Konto „%(username)s“."), username=username))
        if organiser:
            target = Cup.objects.filter(slug=organiser).first()
            perm, granted, revoked = "cups.manage_cup", GRANTED_CUP, REVOKED_CUP
        else:
            target = Tournament.objects.filter(slug=director).first()
            perm, granted, revoked = "tournament.direct_tournament", GRANTED_TOURNAMENT, REVOKED_TOURNAMENT
        if target is None:
            name = organiser or director
            raise CommandError(in_both(gettext_lazy("„%(name)s“ gibt es nicht."), name=name))
        if revoke:
            remove_perm(perm, user, target)
            self.stdout.write(in_both(revoked, username=username, target=target))
            return
        if not user.is_staff:
            user.is_staff = True
            user.save(update_fields=["is_staff"])
        assign_perm(perm, user, target)
        self.stdout.write(in_both(granted, username=username, target=target))
