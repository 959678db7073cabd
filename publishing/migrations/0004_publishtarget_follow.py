from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('publishing', '0003_publishtarget_while_playing'),
    ]

    operations = [
        migrations.AddField(
            model_name='publishtarget',
            name='sent_sequence',
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='publishtarget',
            name='published_sequence',
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='publishtarget',
            name='running_until',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='publishtarget',
            name='live_not_before',
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
