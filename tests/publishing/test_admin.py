"""The organiser's admin on the hub: every token and copy listed, a token revoked, a copy given to another
token of the same cup (never to another cup's)."""

from __future__ import annotations

from django.urls import reverse
from publishing_tools import build_document, forget_venue, receive

from publishing.hub.tokens import create_token, find_token
from publishing.models import PublishedCopy, PublishToken


def _published(venue_event, hub_cup):
    cup, token = hub_cup()
    document = build_document(venue_event)
    forget_venue(venue_event)
    receive(document, token)
    return cup, PublishedCopy.objects.get()


def test_the_lists_show_every_token_and_copy(admin_client, venue_event, hub_cup):
    _cup, copy = _published(venue_event, hub_cup)
    tokens = admin_client.get(reverse("admin:publishing_publishtoken_changelist"))
    copies = admin_client.get(reverse("admin:publishing_publishedcopy_changelist"))
    assert tokens.status_code == copies.status_code == 200
    assert copy.token.prefix in tokens.content.decode()
    assert copy.tournament.name in copies.content.decode()
    assert admin_client.get(reverse("admin:publishing_publishedcopy_change", args=[copy.pk])).status_code == 200


def test_a_copy_goes_to_another_token_of_its_cup_only(admin_client, venue_event, hub_cup):
    from cups.services import create_cup

    cup, copy = _published(venue_event, hub_cup)
    new_laptop, _secret = create_token(cup=cup, name="neuer Laptop")
    elsewhere, _other = create_token(cup=create_cup(name="Anderer Cup", slug="anderer-cup"))
    url = reverse("admin:publishing_publishedcopy_change", args=[copy.pk])

    refused = admin_client.post(url, {"token": elsewhere.pk})
    assert refused.status_code == 200 and "Nur ein Schlüssel desselben Cups" in refused.content.decode()
    assert PublishedCopy.objects.get().token_id == copy.token_id

    moved = admin_client.post(url, {"token": new_laptop.pk})
    assert moved.status_code == 302
    assert PublishedCopy.objects.get().token_id == new_laptop.pk


def test_revoking_in_the_admin_ends_the_token(admin_client, venue_event, hub_cup):
    _cup, token = hub_cup()
    row = PublishToken.objects.get()
    answer = admin_client.post(reverse("admin:publishing_publishtoken_changelist"),
                               {"action": "revoke", "_selected_action": [row.pk]})
    assert answer.status_code == 302
    assert find_token(token) is None and PublishToken.objects.get().revoked_at is not None
