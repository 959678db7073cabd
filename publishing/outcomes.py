"""What the venue says of a publication, by code: an attempt keeps its code and values (PublishAttempt.code,
.values: a URL, a status, the hub's own words in both languages), and every reader gets the sentence in his
own language when he reads it (the director's page in German or English, a command or a log in both), so no
sentence is stored joined in two languages. A refusal of the hub's address (publishing/venue/addresses.py)
is an outcome of its own kind too."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from language import ByLanguage, Message

PUBLISHED = "published"
PUBLISHED_REPLACING = "published_replacing"  # taken, replacing another incarnation's state on the hub
UNCHANGED = "unchanged"
HUB_REFUSES = "hub_refuses"
HUB_REDIRECTS = "hub_redirects"
HUB_ERROR = "hub_error"  # an error status the hub answered without words of its own (a 4xx: a wrong address?)
HUB_FAILS = "hub_fails"  # the same for a 5xx: the hub (or its proxy) failed, the address is not to blame
UNREACHABLE = "unreachable"
NOT_JSON = "not_json"
BAD_PORT = "bad_port"
BAD_SCHEME = "bad_scheme"
NOT_ALLOWED = "not_allowed"
NO_SUCH_HOST = "no_such_host"
PRIVATE = "private"
EARLIER = "earlier"  # an attempt written before the codes (migration 0005): its German and its English half

SENTENCES = {
    PUBLISHED: gettext_lazy("Veröffentlicht: %(where)s"),
    PUBLISHED_REPLACING: gettext_lazy(
        "Veröffentlicht: %(where)s. Der Cup-Server hatte einen Stand von vor der Wiederherstellung oder Neuanlage "
        "dieses Turniers (Stand %(before)s); er wurde durch diesen ersetzt."),
    UNCHANGED: gettext_lazy("Der Cup-Server hatte diesen Stand schon."),
    HUB_REFUSES: gettext_lazy("Der Cup-Server lehnt ab (%(code)s): %(hub)s"),
    HUB_REDIRECTS: gettext_lazy("Der Cup-Server leitet weiter (%(code)s); bitte seine genaue Adresse eintragen."),
    HUB_ERROR: gettext_lazy("Der Cup-Server antwortet mit Fehler %(code)s; ist die Adresse richtig?"),
    HUB_FAILS: gettext_lazy(
        "Der Cup-Server meldet einen Fehler auf seiner Seite (%(code)s); an der Adresse liegt es nicht. Später nochmals "
        "versuchen; bleibt der Fehler, bitte der Cup-Leitung Bescheid geben."),
    UNREACHABLE: gettext_lazy("Der Cup-Server ist nicht erreichbar (%(reason)s). Später nochmals versuchen."),
    NOT_JSON: gettext_lazy("Der Cup-Server antwortet nicht mit JSON; ist die Adresse richtig?"),
    BAD_PORT: gettext_lazy("Der Port des Cup-Servers ist eine Zahl von 1 bis 65535."),
    BAD_SCHEME: gettext_lazy("Die Adresse des Cup-Servers beginnt mit http:// oder https://."),
    NOT_ALLOWED: gettext_lazy("Veröffentlichen ist nur an %(sites)s erlaubt (PUBLISH_ALLOWED_URLS)."),
    NO_SUCH_HOST: gettext_lazy("Den Cup-Server „%(host)s“ gibt es nicht (DNS: %(reason)s)."),
    PRIVATE: gettext_lazy(
        "„%(host)s“ ist eine Adresse in einem internen Netz; dorthin wird nicht veröffentlicht (der Betreiber kann es "
        "mit PUBLISH_ALLOW_PRIVATE=1 erlauben)."),
}


def _either(de: str, en: str) -> ByLanguage:
    """Words that came in two languages (the hub's, an earlier attempt's): the reader's, else the other."""
    return ByLanguage(lambda lang: (en or de) if lang == "en" else (de or en))


def sentence(code: str, values: dict | None = None) -> Message:
    """The outcome ``code`` with its ``values`` as a Message, rendered in whichever language reads it."""
    values = dict(values or {})
    if code == EARLIER or code not in SENTENCES:
        return _either(str(values.get("de") or code), str(values.get("en") or ""))
    if "hub_de" in values or "hub_en" in values:  # the hub's own sentence, as it sent it in each language
        values["hub"] = _either(str(values.pop("hub_de", "")), str(values.pop("hub_en", "")))
    return Message(SENTENCES[code], **values)
