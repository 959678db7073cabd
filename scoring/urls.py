from django.urls import path

from . import absence_views, api, phone_views, views

app_name = "scoring"

urlpatterns = [
    path("t/scorer-worker.js", phone_views.worker, name="worker"),
    path("t/<str:token>/", views.sheet, name="sheet"),
    path("t/<str:token>/zettel/", phone_views.sheet_part, name="sheet_part"),
    path("t/<str:token>/api/", api.state, name="api_state"),
    path("t/<str:token>/api/hands/", api.store, name="api_hands"),
    path("t/<str:token>/vorschau/", views.preview, name="preview"),
    path("t/<str:token>/rueckgaengig/", views.undo, name="undo"),
    path("t/<str:token>/letztes-spiel/", views.edit_last, name="edit_last"),
    path("t/<str:token>/bestaetigen/", views.confirm, name="confirm"),
    path("t/<str:token>/erster-geber/", views.first_dealer, name="first_dealer"),
    path("t/<str:token>/pause/", absence_views.scorer_absence, name="absence"),
    path("leitung/tisch/<int:table_id>/pause/", absence_views.director_absence, name="director_absence"),
    path("leitung/tisch/<int:table_id>/", views.director_sheet, name="director_sheet"),
    path("leitung/turnier/<slug:slug>/korrekturen/", views.corrections, name="corrections"),
    path("leitung/tisch/<int:table_id>/spiel/<int:hand_number>/", views.director_correct, name="director_correct"),
]
