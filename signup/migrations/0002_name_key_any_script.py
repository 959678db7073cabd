"""Every sign-up's name key computed again with tournament/names.py's ``key`` (issue 24), as
tournament's 0014 does for the players."""

from django.db import migrations

from tournament.migrations._name_keys import rekey


def rekey_signups(apps, schema_editor):
    rekey(apps.get_model("signup", "SignUp"))


class Migration(migrations.Migration):
    dependencies = [("signup", "0001_signup")]

    # Backwards the new keys stay: this code no longer has the old rule to compute them with.
    operations = [migrations.RunPython(rekey_signups, migrations.RunPython.noop)]
