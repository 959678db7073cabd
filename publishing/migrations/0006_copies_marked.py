"""Every tournament the hub holds as a published copy is marked as a copy (Tournament.is_copy, tournament 0018),
so the scoring pages see it read only without asking publishing."""

from django.db import migrations


def mark_copies(apps, schema_editor):
    Tournament = apps.get_model("tournament", "Tournament")
    PublishedCopy = apps.get_model("publishing", "PublishedCopy")
    Tournament.objects.filter(pk__in=PublishedCopy.objects.values("tournament_id")).update(is_copy=True)


class Migration(migrations.Migration):

    dependencies = [
        ("publishing", "0005_publishattempt_code"),
        ("tournament", "0018_tournament_is_copy"),
    ]

    operations = [
        migrations.RunPython(mark_copies, migrations.RunPython.noop),
    ]
