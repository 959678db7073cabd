"""Who holds a hub token is a name of at most the column's length, written once (publishing/hub/tokens.py
NAME_MAX): the page's field, its refusal and the stored name all follow it."""

from __future__ import annotations

import pytest

from publishing.models import PublishToken


@pytest.mark.django_db
def test_the_token_page_reads_the_one_limit(client, director, hub_cup, monkeypatch):
    from publishing.hub import tokens, views

    assert tokens.NAME_MAX == PublishToken._meta.get_field("name").max_length
    monkeypatch.setattr(views, "NAME_MAX", 10)
    cup, _token = hub_cup("grenzen")
    answer = client.post(f"/leitung/cup/{cup.slug}/schluessel/", {"action": "create", "name": "Gasthof Post"})
    page = answer.content.decode()
    assert answer.status_code == 422 and "höchstens 10 Zeichen" in page and 'maxlength="10"' in page
    assert not PublishToken.objects.filter(name="Gasthof Post").exists()
