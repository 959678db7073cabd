"""Shared pytest fixtures for the whole suite (rootdir conftest; tests/ has no __init__.py files)."""
