"""What several benchmarks set up the same way (a folder, not a bench/*.py: `make bench` runs only those)."""
