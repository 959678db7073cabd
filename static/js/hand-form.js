// Progressive enhancement of the hand form: offer only what the rule set allows for this hand
// (contracts open to the declarer, partners, bonuses, kontra levels) and show a live preview of
// every player's points. Without JavaScript the form still works; the server validates anyway.
(function () {
  "use strict";
  const form = document.getElementById("hand-form");
  const optionsNode = document.getElementById("ruleset-options");
  if (!form || !optionsNode) return;
  const options = JSON.parse(optionsNode.textContent);
  const texts = options.texts || {};

  // What the scorer sees is what is sent: a field in a hidden part of the form (card points typed
  // for a positive game, then a Bettler chosen) sends nothing. The outbox (outbox.js) sends the same.
  function visibleFormData(target) {
    const data = new FormData(target);
    Array.from(target.elements).forEach((input) => {
      if (input.name && input.name !== "csrfmiddlewaretoken" && input.closest("[hidden]")) data.delete(input.name);
    });
    return data;
  }
  window.tarockVisibleFormData = visibleFormData;
  const contractNote = document.getElementById("contract-note");
  const changeContract = document.getElementById("change-contract");
  let contractsOpen = false;

  const radios = (name) => Array.from(form.querySelectorAll(`input[name="${name}"]`));
  const value = (name) => { const r = radios(name).find((input) => input.checked); return r ? r.value : ""; };
  const section = (field) => form.querySelector(`[data-field="${field}"]`);
  const show = (node, visible) => { if (node) node.hidden = !visible; };
  const enable = (input, allowed) => {
    input.disabled = !allowed;
    if (!allowed && input.checked) input.checked = false;
    const chip = input.closest("label");
    if (chip) chip.classList.toggle("disabled", !allowed);
  };

  function update() {
    const chosen = value("contract");
    const declarer = value("declarer");
    radios("contract").forEach((input) => {
      const c = options.contracts[input.value];
      enable(input, !(c.vorhand_only && declarer !== "" && declarer !== "0"));
    });
    // A contract only the Vorhand may play was chosen, then another declarer: say why it is unticked.
    if (contractNote) {
      const dropped = chosen && !value("contract") ? options.contracts[chosen] : null;
      contractNote.textContent = dropped ? (texts.vorhand_only || "").replace("%(contract)s", dropped.name) : "";
      contractNote.hidden = !dropped;
    }
    const contract = options.contracts[value("contract")];
    // On a phone the contracts fold to the one chosen (CSS, .picked), so the players, the partner and
    // the result fit the first screen; "anderes Spiel" opens them again.
    const contractSet = section("contract");
    const picked = Boolean(contract) && !contractsOpen;
    contractSet.classList.toggle("picked", picked);
    if (changeContract) changeContract.hidden = !picked;
    const hidden = ["partner", "result", "card_points", "kontra", "game-kontra", "bonuses", "special"];
    show(section("annulled-help"), contract && contract.kind === "annulled");
    if (!contract) { hidden.forEach((f) => show(section(f), false)); return; }
    // An annulled deal records nothing but (optionally) who played it.
    if (contract.kind === "annulled") { show(section("declarer"), true); hidden.forEach((f) => show(section(f), false)); return; }
    // A Vorhand-only contract is the Vorhand's; the plain Rufer is most often the Vorhand's too (a
    // Besserrufer or Solorufer is not): he is ticked until another player is tapped (a plain Rufer:
    // contract, partner, result, Speichern).
    if ((contract.vorhand_only || value("contract") === "rufer") && declarer === "") { radios("declarer")[0].checked = true; }
    const trischaken = contract.kind === "trischaken";
    show(section("declarer"), !trischaken);
    show(section("partner"), contract.calls_partner);
    radios("partner").forEach((input) => {
      if (input.value === "talon") enable(input, !contract.partner_required);
      else enable(input, options.own_king || input.value !== value("declarer"));
    });
    show(section("result"), !trischaken);
    show(section("declarer_points"), contract.kind === "positive");
    show(section("card_points"), trischaken);
    // The game's kontra is on the contract's row (a positive game); a negative game's opponents each
    // kontra the declarer, one row per opponent in the kontra section (only for those).
    show(section("kontra"), contract.kind === "negative");
    show(section("game-kontra"), contract.kind === "positive");
    show(section("opponent-kontra"), contract.kind === "negative");
    form.querySelectorAll('[data-field="opponent-kontra"] [data-seat]').forEach((row) => { row.hidden = row.dataset.seat === value("declarer"); });
    show(section("bonuses"), contract.bonuses.length > 0);
    form.querySelectorAll("tr[data-bonus]").forEach((row) => {
      const slug = row.dataset.bonus;
      const allowed = contract.bonuses.includes(slug);
      row.hidden = !allowed;
      const rule = options.bonuses[slug];
      const announced = row.querySelector(`input[name="bonus_${slug}_announced"]`);
      const failed = row.querySelector(`input[name="bonus_${slug}_failed"]`);
      const kontra = row.querySelector(`select[name="bonus_${slug}_kontra"]`);
      // Announced-only bonuses stay ticked (a disabled box would not be sent), silent-only ones cannot be ticked.
      enable(announced, rule.announced);
      if (!rule.silent) announced.checked = true;
      announced.onclick = rule.silent ? null : () => false;
      enable(failed, rule.can_fail);
      kontra.disabled = !(rule.kontra && announced.checked);
    });
    const notPlayed = form.querySelector('input[name="not_played"]');
    const talonPenalty = form.querySelector('input[name="talon_without_king"]');
    if (notPlayed) enable(notPlayed, contract.may_stay_unplayed);
    if (talonPenalty) enable(talonPenalty, contract.talon_penalty && value("partner") === "talon");
    const unplayed = Boolean(notPlayed && notPlayed.checked);
    // A hand not played out has no result, kontra or bonus (the engine refuses them).
    if (unplayed) ["result", "kontra", "game-kontra", "bonuses"].forEach((f) => show(section(f), false));
    show(section("special"), options.renonce || contract.surrender || contract.may_stay_unplayed || contract.talon_penalty);
    show(section("renonce"), options.renonce && !unplayed);
    show(section("surrender"), contract.surrender && !unplayed);
    show(section("not_played"), contract.may_stay_unplayed);
    show(section("talon_without_king"), contract.talon_penalty);
  }

  let timer = null;
  let sequence = 0;
  let asking = null;  // the AbortController of the preview on its way
  // What the preview says of the hand as it stands (form.dataset.preview): "pending" until its
  // answer, then "problems" or "ok". Its problems show only once the scorer tapped "Speichern"
  // (form.tried, CSS), so nothing red appears while the hand is still being entered.
  function preview() {
    clearTimeout(timer);
    // A preview still on its way is for a state of the hand that is gone (its answer would be dropped):
    // it is given up, so on a slow Wi-Fi it does not hold up the next preview or the save (issue 31).
    if (asking) asking.abort();
    asking = null;
    // Counted now, not when the request goes: an answer for an older state of the hand that arrives
    // after this change is dropped (else a stale "problems" could stop the next "Speichern").
    const mine = ++sequence;
    form.dataset.preview = "pending";
    timer = setTimeout(async () => {
      const url = form.dataset.previewUrl;
      // A form put away (the table's last hand is in) asks for no preview.
      if (!url || !value("contract") || form.closest("[hidden]")) { delete form.dataset.preview; return; }
      const box = document.getElementById("preview");
      const controller = new AbortController();
      asking = controller;
      try {
        const response = await fetch(url, { method: "POST", body: visibleFormData(form), headers: { "X-Requested-With": "fetch" },
                                            signal: controller.signal });
        const html = await response.text();
        if (mine === sequence) {
          box.innerHTML = html;
          form.dataset.preview = box.querySelector(".problems") ? "problems" : "ok";
          // The preview now says what is wrong with the hand (or that nothing is): the reasons the
          // outbox put back with a refused hand would only repeat it, and the preview's take their
          // place on the screen.
          const restored = document.querySelectorAll(".problems.restored");
          restored.forEach((node) => node.remove());
          if (restored.length) box.scrollIntoView({ block: "center" });
        }
      } catch (error) {
        // No network (the hall's Wi-Fi is gone): no preview, and saving still works through the outbox.
        if (mine === sequence && !controller.signal.aborted) {
          form.dataset.preview = "offline";
          box.replaceChildren(Object.assign(document.createElement("p"), { className: "hint offline", textContent: texts.offline || "" }));
        }
      } finally {
        if (asking === controller) asking = null;
      }
    }, 200);
  }

  // A contract that needs a named bird (a Quapil-Rufer) is entered with it: the bonuses open, and a single
  // required bird is ticked as the declarer's announced one. A bird only needed in hand (an A-Rufer,
  // bird_optional) is entered only when announced or played for, so nothing is ticked for it.
  function requiredBird() {
    const contract = options.contracts[value("contract")];
    if (!contract || contract.bird_optional || !contract.required_birds.length) return;
    const details = section("bonuses");
    if (details && details.tagName === "DETAILS") details.open = true;
    const entered = contract.required_birds.some((bird) => form.querySelector(`input[name="bonus_${bird}"]:checked:not([value=""])`));
    if (entered || contract.required_birds.length !== 1) return;
    const bird = contract.required_birds[0];
    const declarer = form.querySelector(`input[name="bonus_${bird}"][value="declarer"]`);
    const announced = form.querySelector(`input[name="bonus_${bird}_announced"]`);
    if (declarer) declarer.checked = true;
    if (announced) announced.checked = true;
  }

  // Trischaken: the card points of a hand add up to 70, so the last of the four is worked out from
  // the other three (marked data-worked-out, and worked out again while the others change; typing
  // into it makes it the scorer's own).
  const CARD_POINTS_TOTAL = 70;
  function workOutLastCardPoints(target) {
    const inputs = Array.from(form.querySelectorAll('[data-field="card_points"] input'))
      .filter((input) => !input.closest("label[hidden]"));
    if (!inputs.includes(target)) return;
    delete target.dataset.workedOut;
    const typed = inputs.filter((input) => input.value.trim() !== "" && !input.dataset.workedOut);
    const open = inputs.filter((input) => !typed.includes(input));
    if (open.length !== 1) {
      open.filter((input) => input.dataset.workedOut).forEach((input) => { input.value = ""; delete input.dataset.workedOut; });
      return;
    }
    // Whole card points only: anything else (a typo, a fraction) is left to the scorer and the server.
    const whole = typed.every((input) => /^\d+$/.test(input.value.trim()));
    const rest = CARD_POINTS_TOTAL - typed.reduce((sum, input) => sum + Number(input.value.trim()), 0);
    const [last] = open;
    if (whole && rest >= 0) {
      last.value = String(rest);
      last.dataset.workedOut = "1";
    } else if (last.dataset.workedOut) {
      last.value = "";
      delete last.dataset.workedOut;
    }
  }

  form.addEventListener("change", (event) => {
    if (event.target && event.target.name === "contract") { contractsOpen = false; requiredBird(); }
    update(); preview();
  });
  if (changeContract) changeContract.addEventListener("click", () => { contractsOpen = true; update(); });
  form.addEventListener("input", (event) => {
    if (event.target.name && event.target.name.startsWith("card_points_")) workOutLastCardPoints(event.target);
    if (event.target.type === "text" || event.target.inputMode) preview();
  });
  form.addEventListener("submit", () => { form.classList.add("tried"); document.getElementById("save-hand").disabled = true; });
  update();
  if (value("contract")) preview();
})();
