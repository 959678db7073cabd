// The scorer page's outbox: a hand is kept on the device (localStorage) until the server has it, so
// a dropped Wi-Fi connection, a reload or a closed tab loses nothing. Each hand carries a key of
// its own; the server stores a key once (a retry after a lost answer returns the stored hand), so
// sending again is always safe. Hands go out in order through the scorer API
// (docs/sources/scorer-api.md). A refused hand (another device entered that number, the table was
// closed, the entry is incomplete) stays listed with the server's reason until the scorer discards
// it, a hand another phone stored first with what differs from it. After a save the sheet's part
// below the form is fetched and put in place (no reload): taps made meanwhile for the next hand stay,
// and a network gone after "Speichern" leaves the page as it is, never the browser's offline page.
// Each hand is confirmed by its own answer; a save tapped while the part is loading stops the part,
// so on a slow line the save never waits behind a sheet that is out of date already.
// The last sheet part is kept on the phone too, and a service worker (scope /t/, where the browser
// allows one) opens the page without network. Without JavaScript the form posts as before.
(function () {
  "use strict";
  const node = document.getElementById("outbox-table");
  if (!node) return;
  const table = JSON.parse(node.textContent);
  const texts = table.texts;
  const form = document.getElementById("hand-form");
  const box = document.getElementById("outbox");
  const storeKey = `tarock-outbox-${table.token}`;
  const partKey = `tarock-sheet-${table.token}`;
  const SAVED_MS = 4000;  // the green "Spiel N gespeichert." goes after this, off the player chips
  const optionsNode = document.getElementById("ruleset-options");
  const contracts = optionsNode ? JSON.parse(optionsNode.textContent).contracts : {};
  const SKIP = ["csrfmiddlewaretoken", "number", "version", "idempotency_key"];

  function load() {
    try {
      const stored = JSON.parse(localStorage.getItem(storeKey));
      if (stored && Array.isArray(stored.queue) && Array.isArray(stored.refused)) return stored;
    } catch (error) { /* a broken entry: start empty rather than never working again */ }
    return { queue: [], refused: [] };
  }
  const save = (state) => localStorage.setItem(storeKey, JSON.stringify(state));

  function newKey() {  // crypto.randomUUID needs https; getRandomValues works on the hall's plain http
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // --- the form follows the hands waiting in the outbox ------------------------------------------
  let number = table.next_number;
  let touched = false;
  // Who deals, sits out and plays hand n comes from the server (scoring/seats.py via table.deals):
  // the page never works it out itself.
  const deal = (n) => table.deals[n - 1];
  const handPlayers = (n) => deal(n).seats.map((position) => table.players[position]);

  function setText(element, text) {  // the name is the label's first text; keep any <small>/<input> after it
    const first = Array.from(element.childNodes).find((child) => child.nodeType === Node.TEXT_NODE);
    if (first) first.textContent = text; else element.prepend(document.createTextNode(text));
  }

  function showHand(n) {
    number = n;
    if (!form) return;
    const section = form.closest(".next-hand");
    if (n > table.hands_planned) {
      if (section) section.hidden = true;
      return;
    }
    form.reset();
    form.classList.remove("tried");
    delete form.dataset.preview;
    form.querySelector('input[name="number"]').value = String(n);
    form.querySelector('input[name="idempotency_key"]').value = newKey();
    const title = document.getElementById("hand-title");
    if (title) title.textContent = title.dataset.template.replace("N", String(n));
    const players = handPlayers(n);
    const out = deal(n).out;
    document.getElementById("dealer-name").textContent = table.players[deal(n).dealer];
    document.getElementById("vorhand-name").textContent = players[0];
    document.getElementById("sits-out").hidden = out.length === 0;
    const alsoOut = document.getElementById("also-out");
    if (alsoOut) {
      alsoOut.hidden = out.length < 2;
      if (out.length === 2) document.getElementById("also-out-name").textContent = table.players[out[1]];
    }
    form.querySelectorAll('[data-field="declarer"] label span').forEach((span, seat) => setText(span, span.querySelector("small") ? `${players[seat]} ` : players[seat]));
    form.querySelectorAll('[data-field="partner"] label span').forEach((span, seat) => { if (seat < 4) setText(span, players[seat]); });
    form.querySelectorAll('[data-field="renonce"] label span').forEach((span, index) => { if (index > 0) setText(span, players[index - 1]); });
    form.querySelectorAll('[data-field="opponent-kontra"] .who').forEach((span, seat) => { span.textContent = players[seat]; });
    form.querySelectorAll('[data-field="card_points"] label').forEach((label, seat) => setText(label, `${players[seat]} `));
    const preview = document.getElementById("preview");
    if (preview) preview.innerHTML = "";
    form.dispatchEvent(new Event("change"));  // hand-form.js offers what the rule set allows again
    touched = false;
  }

  function fields() {
    const data = {};
    const visible = window.tarockVisibleFormData ? window.tarockVisibleFormData(form) : new FormData(form);
    for (const [name, value] of visible) {
      if (SKIP.includes(name) || typeof value !== "string") continue;
      data[name] = name in data ? [].concat(data[name], value) : value;
    }
    return data;
  }

  // --- the banner ------------------------------------------------------------------------------------
  let sending = false;
  function render() {
    const state = load();
    box.replaceChildren();
    const waiting = state.queue.length;
    if (waiting) {
      const line = document.createElement("p");
      line.className = "outbox-waiting";
      line.textContent = (waiting === 1 ? texts.waiting_one : texts.waiting.replace("%(n)s", waiting))
        + (sending ? ` – ${texts.sending}` : "");
      box.append(line);
    }
    state.refused.forEach((item) => {
      const line = document.createElement("p");
      line.className = "outbox-refused";
      line.textContent = `${texts.refused.replace("%(n)s", item.number)} ${item.error} `;
      if (item.difference) {
        line.append(differenceLine(texts.stored_is, item.difference.stored), differenceLine(texts.yours, item.difference.mine));
      }
      const discard = document.createElement("button");
      discard.type = "button";
      discard.className = "button small";
      discard.textContent = texts.discard;
      discard.addEventListener("click", () => {
        const current = load();
        current.refused = current.refused.filter((other) => other.key !== item.key);
        save(current);
        render();
      });
      line.append(discard);
      box.append(line);
    });
    if (saved) {
      const line = document.createElement("p");
      line.className = "outbox-saved";
      line.textContent = saved;
      box.append(line);
    }
    box.hidden = box.childElementCount === 0;
  }

  let saved = null;
  let savedTimer = null;
  function flashSaved(text) {
    saved = text;
    clearTimeout(savedTimer);
    savedTimer = setTimeout(() => { saved = null; render(); }, SAVED_MS);
    render();
  }

  // --- a hand another phone stored first: what differs (static/js/hand-difference.js) ---------------
  const compare = window.tarockHandDifference;
  async function difference(item) {
    if (!compare) return null;
    try {
      const response = await fetch(table.state_url, { cache: "no-store" });
      const state = await response.json();
      const stored = state.hands.find((hand) => hand.number === item.number);
      return stored ? compare.between(form, contracts, handPlayers(item.number), stored.hand, item.form) : null;
    } catch (error) { return null; }
  }
  const differenceLine = (label, parts) => compare.line(label, parts);

  // --- sending, in order ----------------------------------------------------------------------------
  let retry = null;
  const RETRY_MS = 4000;
  function later(ms = RETRY_MS) {
    clearTimeout(retry);
    retry = setTimeout(flush, ms);
  }

  // A 503 says how long the server wants to be left alone (Retry-After, in seconds): wait at least
  // that long, so sixty tablets do not hammer a busy server; otherwise the usual pause.
  function retryAfter(response) {
    const seconds = Number.parseInt(response.headers.get("Retry-After") || "", 10);
    return Number.isFinite(seconds) && seconds > 0 ? Math.max(seconds * 1000, RETRY_MS) : RETRY_MS;
  }

  async function flush() {
    if (sending) return;
    sending = true;
    let answered = 0;
    try {
      for (;;) {
        const item = load().queue[0];
        if (!item) break;
        render();
        let response;
        try {
          response = await fetch(table.hands_url, {
            method: "POST", cache: "no-store", headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ number: item.number, key: item.key, form: item.form }),
          });
        } catch (error) { later(); return; }  // no network: keep everything, try again
        if (response.status >= 500) { later(retryAfter(response)); return; }  // busy or restarting: keep it, try again
        let body = {};
        try { body = await response.json(); } catch (error) { /* an answer without JSON: the status says enough */ }
        const taken = response.status === 409 && body.next_number > item.number;
        const differs = taken ? await difference(item) : null;
        const state = load();
        state.queue = state.queue.filter((other) => other.key !== item.key);
        if (response.status === 200 || response.status === 201) {
          if (Number.isInteger(body.version)) setVersion(body.version);  // before "gespeichert": a pause tapped next is not stale
          // Confirmed by the server's own answer, at once: not after the hands queued behind it, nor the sheet.
          flashSaved(texts.saved.replace("%(n)s", item.number));
        } else state.refused.push({ ...item, status: response.status, error: body.message || body.error || `HTTP ${response.status}`,
                                  problems: body.problems, difference: differs });
        save(state);
        answered += 1;
      }
    } finally {
      sending = false;
      render();
    }
    // Then the server's sheet (with any other device's hands) is put in place below the form, which
    // keeps whatever was tapped meanwhile.
    if (answered) refresh();
  }

  // --- the sheet below the form, in place ---------------------------------------------------------
  // The other forms on the page (undo, pause, confirm) send the table's version: keep it current.
  function setVersion(version) {
    table.version = version;
    document.querySelectorAll('form:not(#hand-form) input[name="version"]').forEach((input) => { input.value = String(version); });
  }

  function showState(state) {
    table.deals = state.deals;
    table.hands_planned = state.hands_planned;
    setVersion(state.version);
    if (!state.writable) { const section = form && form.closest(".next-hand"); if (section) section.hidden = true; return; }
    // The form follows the server only where nothing waits to be sent and nothing was tapped.
    if (!load().queue.length && !touched && number !== state.next_number) showHand(state.next_number);
    restoreFixable();
  }

  function apply(html) {
    const holder = document.getElementById("sheet-live");
    const part = document.createElement("template");
    part.innerHTML = html;  // inert: nothing in it runs, the page's delegated listeners cover its forms
    const stateNode = part.content.getElementById("sheet-state");
    if (!holder || !stateNode) return null;
    const state = JSON.parse(stateNode.textContent);
    stateNode.remove();
    // A section the scorer opened (pausing, leaving) stays open: the new part must not shut it under a tap.
    const opened = Array.from(holder.querySelectorAll("details[id][open]"), (details) => details.id);
    holder.replaceChildren(part.content);
    opened.forEach((id) => { const details = document.getElementById(id); if (details) details.open = true; });
    showState(state);
    return state;
  }

  // A save tapped while the part is still on its way stops it: on a slow line the part (out of date
  // already) would hold up the save's own answer; the sheet is fetched again once that save is answered.
  let refreshing = null;  // the AbortController of the part being fetched
  function stopRefresh() {
    if (refreshing) refreshing.abort();
    refreshing = null;
  }

  async function refresh() {
    if (refreshing) return;
    const controller = new AbortController();
    refreshing = controller;
    try {
      const response = await fetch(table.part_url, { cache: "no-store", priority: "low", signal: controller.signal });
      if (!response.ok) return;
      const html = await response.text();
      if (controller.signal.aborted) return;
      if (apply(html)) {
        try { localStorage.setItem(partKey, html); } catch (error) { /* full: the page still shows it */ }
      }
    } catch (error) {
      if (!controller.signal.aborted) later();  // no network: the page stays as it is, the next try or poll brings the sheet
    } finally {
      if (refreshing === controller) refreshing = null;
    }
  }

  if (form) {
    form.addEventListener("change", () => { touched = true; });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      event.stopImmediatePropagation();  // the outbox owns the button now (hand-form.js would disable it)
      const data = fields();
      const button = document.getElementById("save-hand");
      if (button) button.disabled = false;
      if (!data.contract) { form.querySelector('[data-field="contract"]').scrollIntoView(); return; }
      // The live preview already says what is wrong (hand-form.js, online): show it now, send nothing.
      if (form.dataset.preview === "problems") {
        form.classList.add("tried");
        document.getElementById("preview").scrollIntoView({ block: "center" });
        return;
      }
      const state = load();
      state.queue.push({ number, key: form.querySelector('input[name="idempotency_key"]').value, form: data });
      save(state);
      stopRefresh();
      // The request goes out first: on a slow phone the next hand's form (its reset, the chips offered
      // again, the layout) takes a frame of 100-800 ms, which now runs while the save travels (issue 31).
      flush();
      showHand(number + 1);
      render();
    }, true);
  }

  // A stale page (another device entered a hand) shows the server's state by itself.
  async function poll() {
    if (sending || load().queue.length || !navigator.onLine) return;
    try {
      const response = await fetch(table.state_url, { cache: "no-store" });
      if (!response.ok) return;
      const state = await response.json();
      if (state.version !== table.version) refresh();
    } catch (error) { /* offline: nothing to compare with */ }
  }

  // A hand the rules refused that is the table's next one comes back into the form with the reasons,
  // so the scorer corrects it instead of typing it again (unless the next hand is being tapped).
  function restoreFixable() {
    const stored = load();
    const fixable = stored.refused.find((item) => item.status === 422 && item.number === number);
    if (!form || stored.queue.length || touched || !fixable) return;
    stored.refused = stored.refused.filter((item) => item !== fixable);
    save(stored);
    restore(fixable);
    render();
  }

  function restore(item) {
    Object.entries(item.form).forEach(([name, value]) => {
      [].concat(value).forEach((one) => {
        form.querySelectorAll(`[name="${CSS.escape(name)}"]`).forEach((input) => {
          if (input.type === "radio" || input.type === "checkbox") { if (input.value === one) input.checked = true; }
          else input.value = one;
        });
      });
    });
    form.dispatchEvent(new Event("change"));
    form.classList.add("tried");
    const problems = document.createElement("div");
    // "restored": the live preview (hand-form.js) replaces it once it answers, so a refusal shows once.
    problems.className = "problems restored";
    problems.setAttribute("role", "alert");
    const head = document.createElement("strong");
    head.textContent = texts.refused.replace("%(n)s", item.number);
    const list = document.createElement("ul");
    // The API answers each problem in both languages (for other clients); the page says it in its own.
    const english = document.documentElement.lang.startsWith("en");
    (item.problems || [{ de: item.error, en: item.error }]).forEach((problem) => {
      const line = document.createElement("li");
      line.textContent = (english && problem.en) || problem.de;
      list.append(line);
    });
    problems.append(head, list);
    form.closest(".next-hand").before(problems);
    // The scorer tapped "Speichern" far down the form: bring the reason into view, not 1,500 px away.
    problems.scrollIntoView({ block: "start" });
  }

  // Opened again without network (the service worker's copy of the page), or the page is older than
  // the sheet this phone saw last: show the newest sheet it knows.
  try {
    const kept = localStorage.getItem(partKey);
    const probe = document.createElement("template");
    probe.innerHTML = kept || "";
    const node = probe.content.getElementById("sheet-state");
    if (node && JSON.parse(node.textContent).version > table.version) apply(kept);
  } catch (error) { /* nothing kept, or unreadable: the page as served */ }
  if (window.isSecureContext && "serviceWorker" in navigator) {
    navigator.serviceWorker.register(table.worker_url, { scope: "/t/" })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active && registration.active.postMessage({ keep: window.location.pathname }))
      .catch(() => { /* no worker: the page still works online */ });
  }

  const pending = load().queue;
  const last = pending.length ? Math.max(...pending.map((item) => item.number)) : 0;
  if (last >= number) showHand(last + 1);
  restoreFixable();
  render();
  window.addEventListener("online", flush);
  if (pending.length) flush();
  setInterval(poll, 10000);
})();
