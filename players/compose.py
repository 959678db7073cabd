"""A message's subject and text, written when it is sent or shown (never stored: it holds the personal
link's token), in the player's language, ending with the one-tap unsubscribe link for its kind."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from players import links
from players.models import Message

UNSUBSCRIBE_SALT = "players.unsubscribe"


def unsubscribe_code(email: str, kind: str) -> str:
    return signing.dumps({"e": email.lower(), "k": kind}, salt=UNSUBSCRIBE_SALT, compress=True)


def read_unsubscribe_code(code: str) -> tuple[str, str] | None:
    try:
        data = signing.loads(code, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    return (data["e"], data["k"]) if isinstance(data, dict) and {"e", "k"} <= set(data) else None


def absolute(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


def context(message: Message) -> dict:
    link = message.link
    from players import selectors  # reads the tournament; only for the kinds that name seats or ranks

    return {"message": message, "link": link, "tournament": link.tournament, "name": link.name,
            "personal_url": absolute(links.path(link)),
            "unsubscribe_url": absolute(reverse("players:unsubscribe", args=[unsubscribe_code(message.email, message.kind)])),
            "sign_up": link.sign_up, **selectors.message_facts(message)}


def text(message: Message) -> tuple[str, str, str]:
    """(subject, body, unsubscribe address) in the link's language."""
    with translation.override(message.link.language):
        values = context(message)
        subject = render_to_string(f"players/mail/{message.kind}_subject.txt", values).strip()
        body = render_to_string(f"players/mail/{message.kind}.txt", values).strip()
        footer = render_to_string("players/mail/_footer.txt", values).strip()
    return subject, f"{body}\n\n-- \n{footer}\n", values["unsubscribe_url"]


def email(message: Message) -> EmailMessage:
    subject, body, unsubscribe_url = text(message)
    # RFC 2369/8058: mail programs offer their own unsubscribe button for the same address.
    return EmailMessage(subject, body, settings.DEFAULT_FROM_EMAIL, [message.email],
                        headers={"List-Unsubscribe": f"<{unsubscribe_url}>",
                                 "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"})
