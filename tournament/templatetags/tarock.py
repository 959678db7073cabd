from django import template

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
