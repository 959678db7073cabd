"""The exporters: everything a director prints or downloads (base.py for the interface). Which of
them the site offers, where and to whom is paper/registry.py's one list."""
