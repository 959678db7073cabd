"""What the sign-up announces, inside its transaction, to the apps above it (players/: the personal link
and the messages), so signup never imports them."""

from django.dispatch import Signal

# sign_up=SignUp: a new sign-up (a place or the waiting list). A receiver may set ``sign_up.personal_path``
# (the player's own page), which the sign-up page then shows.
signed_up = Signal()
# sign_up=SignUp: moved up from the waiting list to a place.
moved_up = Signal()
