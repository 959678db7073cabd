"""A publication's outcome kept as what happened (PublishAttempt.code and .values, publishing/outcomes.py)
instead of one text joined in two languages ("Veröffentlicht: URL / Published: URL"): every earlier
attempt is read back into its code and values; one no pattern fits keeps its two halves (code "earlier")."""

import re

from django.db import migrations, models

# The sentences as in_both wrote them before this migration ("German / English"), with their values.
WRITTEN = [
    ("published_replacing",
     "Veröffentlicht: {where}. Der Cup-Server hatte einen Stand von vor der Wiederherstellung oder Neuanlage dieses "
     "Turniers (Stand {before}); er wurde durch diesen ersetzt.",
     "Published: {where}. The cup's site had a state from before this tournament was restored or re-created "
     "(state {before}); it was replaced by this one."),
    ("published", "Veröffentlicht: {where}", "Published: {where}"),
    ("unchanged", "Der Cup-Server hatte diesen Stand schon.", "The cup's site already had this state."),
    ("hub_refuses", "Der Cup-Server lehnt ab ({code}): {hub_de}", "The cup's site refuses ({code}): {hub_en}"),
    ("hub_redirects", "Der Cup-Server leitet weiter ({code}); bitte seine genaue Adresse eintragen.",
     "The cup's site redirects ({code}); please enter its exact address."),
    ("hub_error", "Der Cup-Server antwortet mit Fehler {code}; ist die Adresse richtig?",
     "The cup's site answers with error {code}; is the address right?"),
    ("unreachable", "Der Cup-Server ist nicht erreichbar ({reason}). Später nochmals versuchen.",
     "The cup's site cannot be reached ({reason}). Try again later."),
    ("not_json", "Der Cup-Server antwortet nicht mit JSON; ist die Adresse richtig?",
     "The cup's site does not answer with JSON; is the address right?"),
    ("bad_port", "Der Port des Cup-Servers ist eine Zahl von 1 bis 65535.",
     "The cup server's port is a number from 1 to 65535."),
    ("bad_scheme", "Die Adresse des Cup-Servers beginnt mit http:// oder https://.",
     "The cup's site address starts with http:// or https://."),
    ("not_allowed", "Veröffentlichen ist nur an {sites} erlaubt (PUBLISH_ALLOWED_URLS).",
     "Publishing is allowed only to {sites} (PUBLISH_ALLOWED_URLS)."),
    ("no_such_host", "Den Cup-Server „{host}“ gibt es nicht (DNS: {reason}).",
     "The cup's site “{host}” does not exist (DNS: {reason})."),
    ("private", "„{host}“ ist eine Adresse in einem internen Netz; dorthin wird nicht veröffentlicht (der Betreiber "
     "kann es mit PUBLISH_ALLOW_PRIVATE=1 erlauben).",
     "“{host}” is an address in an internal network; nothing is published there (the operator can allow it with "
     "PUBLISH_ALLOW_PRIVATE=1)."),
]
NUMBERS = ("code", "before")


def _pattern(german: str, english: str) -> re.Pattern:
    seen: set[str] = set()

    def part(text: str) -> str:
        out = []
        for piece in re.split(r"(\{\w+\})", text):
            name = piece[1:-1] if piece.startswith("{") and piece.endswith("}") else None
            if name is None:
                out.append(re.escape(piece))
            elif name in seen:
                out.append(f"(?P={name})")
            else:
                seen.add(name)
                out.append(f"(?P<{name}>.*?)")
        return "".join(out)

    return re.compile(f"^{part(german)} / {part(english)}$", re.S)


PATTERNS = [(code, _pattern(german, english)) for code, german, english in WRITTEN]


def read_back(message: str) -> tuple[str, dict]:
    for code, pattern in PATTERNS:
        match = pattern.match(message)
        if match:
            values = match.groupdict()
            for name in NUMBERS:
                if name in values and values[name].isdigit():
                    values[name] = int(values[name])
            return code, values
    german, _slash, english = message.partition(" / ")
    return "earlier", {"de": german, "en": english}


def forward(apps, schema_editor):
    attempts = apps.get_model("publishing", "PublishAttempt")
    for attempt in attempts.objects.exclude(message="").only("pk", "message").iterator():
        attempt.code, attempt.values = read_back(attempt.message)
        attempt.save(update_fields=["code", "values"])


def backward(apps, schema_editor):
    attempts = apps.get_model("publishing", "PublishAttempt")
    by_code = {code: (german, english) for code, german, english in WRITTEN}
    for attempt in attempts.objects.iterator():
        values = dict(attempt.values or {})
        if attempt.code in by_code:
            german, english = by_code[attempt.code]
            values.setdefault("hub_de", values.get("hub_en", ""))
            values.setdefault("hub_en", values.get("hub_de", ""))
            attempt.message = f"{german.format_map(values)} / {english.format_map(values)}"
        else:
            attempt.message = " / ".join(part for part in (values.get("de", ""), values.get("en", "")) if part)
        attempt.save(update_fields=["message"])


class Migration(migrations.Migration):

    dependencies = [
        ("publishing", "0004_publishtarget_follow"),
    ]

    operations = [
        migrations.AddField(model_name="publishattempt", name="code", field=models.CharField(blank=True, max_length=30)),
        migrations.AddField(model_name="publishattempt", name="values", field=models.JSONField(blank=True, default=dict)),
        migrations.RunPython(forward, backward),
        migrations.RemoveField(model_name="publishattempt", name="message"),
    ]
