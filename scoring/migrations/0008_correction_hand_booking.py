# A revoke claim is booked against its hand: the claimant's and the offender's rows share a booking.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0007_correction'),
    ]

    operations = [
        migrations.AddField(
            model_name='correction',
            name='booking',
            field=models.UUIDField(blank=True, help_text='the rows of one zero-sum booking share it', null=True),
        ),
        migrations.AddField(
            model_name='correction',
            name='hand',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='claims', to='scoring.hand'),
        ),
    ]
