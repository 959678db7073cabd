"""A club's rule set built in a form on the site (issue 22, point 3): no JSON typed anywhere.

``forms`` shows a rule set as fields (contracts with their families, bonuses, Valat, Trischaken, kontra
levels); ``spec`` turns the cleaned form into the custom rule set rules/engine/custom.py derives and
maps its refusals onto the form's fields; ``preview`` scores a sample hand of every contract;
``services`` saves a new version (the old ones stay for the tournaments that were played under them).
"""
