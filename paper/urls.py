from django.urls import path

from paper import views

app_name = "paper"

urlpatterns = [
    path("turniere/<slug:slug>/druck/<str:identifier>/", views.tournament_export, name="export"),
    path("turniere/<slug:slug>/runde/<int:number>/druck/<str:identifier>/", views.round_export, name="round_export"),
    path("turnier/<slug:slug>/druck/<str:identifier>/", views.public_export, name="public_export"),
    path("turniere/<slug:slug>/liste/<str:identifier>/", views.list_export, name="list_export"),
    path("leitung/turnier/<slug:slug>/spiele-import/", views.import_hands_page, name="import_hands"),
]
