"""Fill the tables' hand counters from the stored hands, and turn the old "who entered it" texts
(which were in the scorer's interface language) into codes."""

from django.db import migrations
from django.db.models import Count, Max

SCORER_TEXTS = {"Tisch-Scorer", "Table scorer"}


def code_of(text: str) -> str:
    if not text or text in ("scorer", "import", "demo") or text.startswith("director:"):
        return text
    if text in SCORER_TEXTS:
        return "scorer"
    if text == "Demo":
        return "demo"
    if text.startswith("Import "):
        return "import"
    return f"director:{text}"  # the director's correction stored the username


def forwards(apps, schema_editor):
    Table = apps.get_model("tournament", "Table")
    Hand = apps.get_model("scoring", "Hand")
    HandRevision = apps.get_model("scoring", "HandRevision")
    counts = Hand.objects.values("table_id").annotate(n=Count("id"), last=Max("created_at"))
    for row in counts:
        Table.objects.filter(pk=row["table_id"]).update(hands_entered=row["n"], last_hand_at=row["last"])
    for model, field in ((Hand, "entered_by"), (HandRevision, "by")):
        for text in model.objects.order_by().values_list(field, flat=True).distinct():
            code = code_of(text)
            if code != text:
                model.objects.filter(**{field: text}).update(**{field: code})


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0004_entered_by_code"),
        ("tournament", "0003_table_hand_counters"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
