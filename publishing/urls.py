from django.urls import path

from publishing.hub import api
from publishing.hub import views as hub_views
from publishing.venue import views as venue_views

app_name = "publishing"

urlpatterns = [
    path("api/publish/", api.publish, name="api"),
    path("turniere/<slug:slug>/veroeffentlichen/", venue_views.publish_settings, name="settings"),
    path("leitung/cup/<slug:slug>/schluessel/", hub_views.cup_tokens, name="tokens"),
]
