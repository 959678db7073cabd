// How a hand refused on this phone (another phone stored that number first) differs from the stored
// one, as the page names things: contract, player, partner, result, each marked where they differ.
// Used by static/js/outbox.js (window.tarockHandDifference), loaded before it.
(function () {
  "use strict";

  function chipLabel(form, field, value) {
    const input = form && form.querySelector(`[data-field="${field}"] input[value="${CSS.escape(String(value))}"]`);
    return input ? input.closest("label").textContent.trim() : String(value);
  }

  // A hand in the interchange format or the form's fields (the same names), as [part, text] pairs.
  function described(form, contracts, players, hand) {
    const seat = (value) => (value === "talon" ? chipLabel(form, "partner", "talon") : players[Number(value)] || String(value));
    const present = (value) => value !== undefined && value !== null && value !== "";
    const contract = contracts[hand.contract];
    return [
      ["contract", contract ? contract.name : String(hand.contract || "–")],
      ["declarer", present(hand.declarer) ? seat(hand.declarer) : ""],
      ["partner", present(hand.partner) ? seat(hand.partner) : ""],
      ["result", present(hand.result) ? chipLabel(form, "result", hand.result) : ""],
    ].filter(([, text]) => text);
  }

  // {stored, mine}: each a list of [text, differs].
  function between(form, contracts, players, storedHand, entered) {
    const theirs = described(form, contracts, players, storedHand);
    const mine = described(form, contracts, players, entered);
    const other = (list, key) => (list.find(([name]) => name === key) || [key, ""])[1];
    const mark = (list, against) => list.map(([key, text]) => [text, other(against, key) !== text]);
    return { stored: mark(theirs, mine), mine: mark(mine, theirs) };
  }

  function line(label, parts) {
    const node = document.createElement("span");
    node.className = "difference";
    node.append(`${label} `);
    parts.forEach(([text, differs], index) => {
      if (index) node.append(" · ");
      node.append(differs ? Object.assign(document.createElement("strong"), { textContent: text }) : text);
    });
    return node;
  }

  window.tarockHandDifference = { between, line };
})();
