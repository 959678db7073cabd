"""What the sign-up pages read."""

from __future__ import annotations

from dataclasses import dataclass

from cups.players import Suggestion, find_players
from signup.models import Registration, SignUp
from tournament.models import Tournament


@dataclass(frozen=True)
class SignUpList:
    registration: Registration | None
    places: list[SignUp]  # registered, confirmed or here, first come first
    waiting: list[SignUp]
    cancelled: list[SignUp]

    @property
    def free(self) -> int | None:
        if self.registration is None or self.registration.cap is None:
            return None
        return max(self.registration.cap - len(self.places), 0)


def sign_up_list(tournament: Tournament) -> SignUpList:
    """The registration and its sign-ups by what became of them (two queries)."""
    registration = Registration.objects.filter(tournament=tournament).first()
    rows = list(SignUp.objects.filter(tournament=tournament).select_related("player"))
    return SignUpList(registration, [s for s in rows if s.status in SignUp.HOLDS_A_PLACE],
                      [s for s in rows if s.status == SignUp.WAITING],
                      [s for s in rows if s.status == SignUp.CANCELLED])


def suggestions(sign_up: SignUp, limit: int = 3) -> list[Suggestion]:
    """Known players who could be this sign-up (typo-tolerant), for the director to choose from."""
    return find_players(sign_up.name, club=sign_up.club, limit=limit)
