from django.urls import path

from publishing import api, views

app_name = "publishing"

urlpatterns = [
    path("api/publish/", api.publish, name="api"),
    path("turniere/<slug:slug>/veroeffentlichen/", views.publish_settings, name="settings"),
    path("leitung/cup/<slug:slug>/schluessel/", views.cup_tokens, name="tokens"),
]
