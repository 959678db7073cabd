import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('cups', '0009_cup_date'),
    ]

    operations = [
        migrations.CreateModel(
            name='SeasonRanking',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('version', models.CharField(max_length=64)),
                ('document', models.JSONField(default=dict)),
                ('season', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='stored_ranking', to='cups.season')),
            ],
            options={
                'verbose_name': 'Gespeicherte Saisonwertung',
                'verbose_name_plural': 'Gespeicherte Saisonwertungen',
            },
        ),
    ]
