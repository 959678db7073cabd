"""Every player's name key computed again with tournament/names.py's ``key`` (issue 24): the old key
dropped every letter outside ASCII, so all Cyrillic names shared one key, and a Cyrillic "А" in a
Latin name was not read as "A"."""

from django.db import migrations

from tournament.migrations._name_keys import rekey


def rekey_players(apps, schema_editor):
    rekey(apps.get_model("tournament", "Player"))


class Migration(migrations.Migration):
    dependencies = [("tournament", "0013_tables_of_six")]

    # Backwards the new keys stay: this code no longer has the old rule to compute them with.
    operations = [migrations.RunPython(rekey_players, migrations.RunPython.noop)]
