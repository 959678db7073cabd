"""The hub's side of publishing (the cup's site): tokens, the publishing endpoint, taking a venue's copy."""
