from django.urls import path

from . import views

app_name = "rules"

urlpatterns = [
    path("", views.home, name="home"),
    path("regeln/<slug:slug>/", views.ruleset_detail, name="ruleset"),
]
