from django.urls import path

from . import views

app_name = "rules"

urlpatterns = [
    path("regeln/", views.home, name="home"),
    path("regeln/<slug:slug>/", views.ruleset_detail, name="ruleset"),
]
