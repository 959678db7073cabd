from django.urls import path

from cups import views

app_name = "cups"

urlpatterns = [
    path("cup/<slug:slug>/", views.cup_page, name="cup"),
    path("cup/<slug:slug>/<slug:season>/", views.season_page, name="season"),
    path("cup/<slug:slug>/<slug:season>/import/", views.season_import, name="import"),
    path("cup/<slug:slug>/<slug:season>/export/<slug:identifier>/", views.season_export, name="season_export"),
]
