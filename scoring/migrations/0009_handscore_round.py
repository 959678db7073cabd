# Each score row keeps its hand's round, so the standings sum per round and entry from one covering index
# (docs/benchmarks.md, "Cold standings"): added empty, filled from hand → table → round, then required.

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def fill_rounds(apps, schema_editor):
    HandScore = apps.get_model("scoring", "HandScore")
    Hand = apps.get_model("scoring", "Hand")
    HandScore.objects.filter(round__isnull=True).update(
        round_id=Subquery(Hand.objects.filter(pk=OuterRef("hand_id")).values("table__round_id")[:1]))


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0008_correction_hand_booking'),
        ('tournament', '0017_tournament_incarnation'),
    ]

    operations = [
        migrations.AddField(
            model_name='handscore',
            name='round',
            field=models.ForeignKey(editable=False, null=True, on_delete=django.db.models.deletion.CASCADE,
                                    related_name='+', to='tournament.round'),
        ),
        migrations.RunPython(fill_rounds, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='handscore',
            name='round',
            field=models.ForeignKey(editable=False, on_delete=django.db.models.deletion.CASCADE, related_name='+',
                                    to='tournament.round'),
        ),
        migrations.AddIndex(
            model_name='handscore',
            index=models.Index(fields=['round', 'entry', 'points', 'euros'], name='handscore_round_sums'),
        ),
    ]
