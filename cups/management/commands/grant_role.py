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
from guardian.shortcuts import assign_perm, remove_perm

from cups.models import Cup
from tournament.errors import both
from tournament.models import Tournament


class Command(BaseCommand):
    help = "Give a user a cup organiser's or a tournament director's role (or take it back with --revoke)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        role = parser.add_mutually_exclusive_group(required=True)
        role.add_argument("--organiser", metavar="CUP", help="the cup's short name")
        role.add_argument("--director", metavar="TOURNAMENT", help="the tournament's short name")
        parser.add_argument("--revoke", action="store_true", help="take the role back")

    def handle(self, *args, username: str, organiser=None, director=None, revoke=False, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(both(f"Kein Konto „{username}“.", f"No account “{username}”."))
        if organiser:
            target = Cup.objects.filter(slug=organiser).first()
            perm, what_de, what_en = "cups.manage_cup", "organisiert den Cup", "organises the cup"
        else:
            target = Tournament.objects.filter(slug=director).first()
            perm, what_de, what_en = "tournament.direct_tournament", "leitet das Turnier", "directs the tournament"
        if target is None:
            name = organiser or director
            raise CommandError(both(f"„{name}“ gibt es nicht.", f"“{name}” does not exist."))
        if revoke:
            remove_perm(perm, user, target)
            self.stdout.write(both(f"{username} {what_de} „{target}“ nicht mehr.",
                                   f"{username} no longer {what_en} “{target}”."))
            return
        if not user.is_staff:
            user.is_staff = True
            user.save(update_fields=["is_staff"])
        assign_perm(perm, user, target)
        self.stdout.write(both(f"{username} {what_de} „{target}“.", f"{username} {what_en} “{target}”."))
