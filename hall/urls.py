from django.urls import path

from hall import views

app_name = "hall"

urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("anmelden/", views.LoginView.as_view(), name="login"),
    path("abmelden/", views.LogoutView.as_view(), name="logout"),
]
