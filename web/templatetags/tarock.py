from django import template
from django.utils.translation import get_language

from language import active_language
from rules.rulesets import contract_name as _contract_name

register = template.Library()


@register.filter
def short_name(name: str) -> str:
    """"Walter Kofler" -> "Walter K.": narrow sheet columns on a phone (the full name is the title)."""
    parts = name.split()
    return f"{parts[0]} {parts[-1][0]}." if len(parts) > 1 else name


@register.filter
def get(mapping, key):
    """{{ row|get:key }}: a dict value by a key held in a variable."""
    return mapping.get(key, "") if hasattr(mapping, "get") else ""


@register.filter
def contract_name(slug: str) -> str:
    """{{ "piccolo_ouvert"|contract_name }} -> "Piccolo ouvert": a contract by its name, never its slug."""
    return _contract_name(slug, "en" if (get_language() or "").startswith("en") else "de")


@register.filter
def said(carrier) -> str:
    """{{ problem|said }}: a sentence carried in both languages (``message_de``/``message_en``: a refusal,
    the engine's or an import's problem) in the page's language alone, never both at once."""
    return carrier.message_en if active_language() == "en" else carrier.message_de


@register.filter
def plural_count(value) -> int:
    """A points amount as the whole number gettext's plural rules take ({% blocktranslate count %}; a
    Decimal is deprecated there): a whole amount as itself, a fraction as 2, so "1,50 Punkte"."""
    return int(value) if value == int(value) else 2
