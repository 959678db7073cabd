from django.urls import path

from signup import views

app_name = "signup"

urlpatterns = [
    path("turnier/<slug:slug>/anmelden/", views.sign_up_page, name="page"),
    path("turniere/<slug:slug>/anmeldungen/", views.director_list, name="director"),
]
