from django.urls import path

from players import views

app_name = "players"

urlpatterns = [
    path("ich/<str:token>/", views.page, name="page"),
    path("ich/<str:token>/einchecken/", views.check_in, name="check_in"),
    path("nachrichten/abbestellen/<str:code>/", views.unsubscribe, name="unsubscribe"),
    path("turniere/<slug:slug>/links/", views.desk, name="desk"),
    path("turniere/<slug:slug>/nachrichten/", views.outbox_page, name="outbox"),
]
