from django.apps import AppConfig


class HallConfig(AppConfig):
    """Running at the venue: health check, director login, request ids, backups, LAN addresses."""

    name = "hall"
    verbose_name = "Hall"
