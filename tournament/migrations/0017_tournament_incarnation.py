"""Every tournament gets its incarnation (tournament.models.Tournament.incarnation): added nullable, one
fresh uuid4 per existing row, then unique and required. A database restored from an older backup and
migrated gets new incarnations this way too, which is what a restore should do (publishing)."""

import uuid

from django.db import migrations, models


def fill(apps, schema_editor):
    Tournament = apps.get_model("tournament", "Tournament")
    rows = list(Tournament.objects.only("pk"))
    for row in rows:
        row.incarnation = uuid.uuid4()
    Tournament.objects.bulk_update(rows, ["incarnation"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0016_entry_substitute"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="incarnation",
            field=models.UUIDField(editable=False, null=True),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="tournament",
            name="incarnation",
            field=models.UUIDField(default=uuid.uuid4, editable=False, unique=True),
        ),
    ]
