"""The venue's side of publishing: where a tournament publishes to, sending it, and the record of each attempt."""
