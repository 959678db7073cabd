"""The organiser's rule-set pages: the saved club rule sets, and the form that builds one (start from any
rule set, change values, add or remove contracts and bonuses), with sample hands scored beside it.

Without JavaScript "Vorschau" posts the form and shows the samples; static/js/variant-form.js posts it
to the preview address on every change and puts the answer beside the form. "Speichern" stores a new
version (tournament/variants/services.py)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from language import ServiceError
from rules.rulesets import BUILTIN
from rules.samples import samples as sample_hands
from tournament.variants import services, spec
from tournament.variants.forms import EXTRA_ROWS, MAX_ROWS, VariantForm, initial_for
from web.http import director_required, int_param
from website.views.feedback import refuse


@director_required
def variant_list(request):
    return render(request, "tournament/variants.html", {
        "variants": services.saved_variants(), "builtin": list(BUILTIN.values())})


def _start(request):
    key = (request.POST.get("start") or request.GET.get("start") or "").strip()
    try:
        return services.start_from(key or next(iter(BUILTIN)))
    except ServiceError as error:
        refuse(request, error)
        return None


def _bound_form(request, start) -> VariantForm:
    rows = int_param(request.POST, "rows", EXTRA_ROWS, low=0, high=MAX_ROWS)
    return VariantForm(request.POST, base=start.base, current=start.current, row_count=rows)


def _checked(form: VariantForm, start):
    """The rule set the form describes, or None with the refusals on the form."""
    if not form.is_valid():
        return None, None
    return spec.build(form, start.overrides)


@director_required
def variant_edit(request):
    start = _start(request)
    if start is None:
        return redirect("variants")
    status = 200
    if request.method == "POST":
        form = _bound_form(request, start)
        built, ruleset = _checked(form, start)
        if ruleset is not None and "save" in request.POST:
            try:
                saved = services.save_variant(spec=built)
            except ServiceError as error:
                form.add_error(None, error.message())
            else:
                messages.success(request, gettext(
                    "„%(saved)s“ als Version %(version)s gespeichert.") % {"saved": saved.name, "version": saved.version})
                return redirect("variants")
        if ruleset is not None and not form.errors:
            # The rule set as built: added contracts are its own rows now, with two empty rows again.
            initial, rows = initial_for(ruleset, start.base, start.key)
            initial |= {"name": form.cleaned_data["name"], "slug": form.cleaned_data["slug"]}
            form = VariantForm(initial=initial, base=start.base, current=ruleset, row_count=rows)
        else:
            status = 422
    else:
        ruleset = start.current
        initial, rows = initial_for(ruleset, start.base, start.key)
        if start.key in BUILTIN:
            initial |= {"name": gettext("%(ruleset)s (Klub)") % {"ruleset": ruleset.name},
                        "slug": f"{ruleset.slug}-klub"}
        form = VariantForm(initial=initial, base=start.base, current=start.current, row_count=rows)
    return render(request, "tournament/variant_form.html", {
        "form": form, "start": start, "samples": sample_hands(ruleset) if ruleset is not None else [],
        "ruleset": ruleset, "seats": range(4)}, status=status)


@director_required
@require_POST
def variant_preview(request):
    """The sample hands beside the form (static/js/variant-form.js), or what is wrong with the form."""
    start = _start(request)
    if start is None:
        return render(request, "tournament/_variant_preview.html", {"problems": []}, status=422)
    form = _bound_form(request, start)
    _, ruleset = _checked(form, start)
    if ruleset is None:
        # A bonus cell's label names its bonus too ("Pagat: angesagt"), as its aria-label does.
        problems = [f"{form[field].field.widget.attrs.get('aria-label') or form[field].label}: {error}"
                    if field != "__all__" else error for field, errors in form.errors.items() for error in errors]
        return render(request, "tournament/_variant_preview.html", {"problems": problems}, status=422)
    return render(request, "tournament/_variant_preview.html", {
        "samples": sample_hands(ruleset), "ruleset": ruleset, "seats": range(4)})
