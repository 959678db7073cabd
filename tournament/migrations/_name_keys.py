"""For the data migrations that compute the stored name keys again after tournament/names.py's ``key``
changed (the migration loader passes over a module whose name starts with "_")."""

from tournament.names import key


def rekey(model) -> None:
    """Compute the stored ``name_key`` of every row of ``model`` (Player, SignUp) again: the data
    migrations after a change of ``key`` run this."""
    changed = []
    for row in model.objects.only("pk", "name", "name_key").iterator(chunk_size=2000):
        if row.name_key != (new := key(row.name)):
            row.name_key = new
            changed.append(row)
    model.objects.bulk_update(changed, ["name_key"], batch_size=500)
