// Progressive enhancement of the organiser's rule-set form (templates/tournament/variant_form.html):
// each contract row of the rule set's own shows only its family's parameters, Trischaken only the amounts its
// payment scheme reads, and every change scores the sample hands again beside the form. Without JavaScript "Vorschau" posts the form and does the same.
(function () {
  "use strict";
  const form = document.getElementById("variant-form");
  const box = document.getElementById("variant-preview");
  if (!form || !box) return;
  const PARAMS = {
    call_king: ["talon"], call_king_bird: ["talon", "birds"], alone: ["talon"], colour: ["talon"],
    negative: ["tricks", "ouvert"], trischaken: [],
  };

  function families() {
    form.querySelectorAll('fieldset.variant-row[data-kind="own"]').forEach((row) => {
      const select = row.querySelector('select[name$="_family"]');
      const shown = PARAMS[select ? select.value : ""] || [];
      row.querySelectorAll("[data-param]").forEach((node) => { node.hidden = !shown.includes(node.dataset.param); });
    });
  }

  // The Trischaken amounts the chosen payment scheme reads (data-trischaken lists the schemes reading each).
  function trischaken() {
    const select = form.querySelector('select[name="tr_kind"]');
    if (!select) return;
    form.querySelectorAll("[data-trischaken]").forEach((node) => {
      if (node.dataset.trischaken) node.hidden = !node.dataset.trischaken.split(" ").includes(select.value);
    });
  }

  let timer = null;
  let sequence = 0;
  function preview() {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const mine = ++sequence;
      box.setAttribute("aria-busy", "true");
      try {
        const response = await fetch(form.dataset.previewUrl, {
          method: "POST", body: new FormData(form), headers: { "X-Requested-With": "fetch" },
        });
        const html = await response.text();
        if (mine === sequence) box.innerHTML = html;
      } catch (error) {
        // No network: the preview stays as it was; "Vorschau" still posts the form.
      } finally {
        if (mine === sequence) box.removeAttribute("aria-busy");
      }
    }, 300);
  }

  form.addEventListener("change", () => { families(); trischaken(); preview(); });
  form.addEventListener("input", (event) => { if (event.target.type === "number") preview(); });
  families();
  trischaken();
})();
