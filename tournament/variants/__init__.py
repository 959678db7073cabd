"""A club's rule set built in a form on the site (issue 22, point 3): no JSON typed anywhere.

``forms`` shows a rule set as fields (contracts with their families, bonuses, Valat, Trischaken, kontra
levels); ``spec`` turns the cleaned form into the custom rule set rules/engine/custom.py derives and
maps its refusals onto the form's fields (said through ``problems``); rules/samples.py scores a sample
hand of every contract;
``services`` saves a new version (the old ones stay for the tournaments that were played under them).
"""

# The longest name of a club's rule set, written once (issue 31 point 6): the model's column, the builder's
# field and the hint beside it read this.
VARIANT_NAME_MAX = 120
