"""Files in and out of the site: what a director prints (table cards, score sheets, seating lists,
standings, settlement), downloads (the tournament workbook) and uploads (players, typed-in hands).

- ``columns``: the header names the workbook writes and the imports read, so an export imports back.
- ``cells``: what a typed cell means (yes/no, whole numbers), opening uploads, formula-safe text.
- ``formats``: points and euros as printed.
- ``exports/``: the exporter interface (pretix pattern) and every exporter.
- ``imports/``: players (``players.py``) and hands (``hands/``: read, check, write, report).
"""
