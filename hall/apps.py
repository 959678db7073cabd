from django.apps import AppConfig


class HallConfig(AppConfig):
    """Running at the venue: health check, director login, request ids, backups, LAN addresses."""

    name = "hall"
    verbose_name = "Hall"

    def ready(self):
        from django.contrib import admin

        from hall.auth import AdminLoginForm

        # The admin's login passes the same throttle (the backend); this form shows its lockout message.
        admin.site.login_form = AdminLoginForm
