// The round board shows the hall as it is: it loads itself again every minute, but never while the
// director is typing (a reason for ending a table, a seat change): a field with focus or with text
// that is not yet sent keeps the page until it is sent or emptied.
(function () {
  "use strict";
  const script = document.currentScript;
  const seconds = Number((script && script.dataset.reloadSeconds) || 60);
  function typing() {
    const active = document.activeElement;
    if (active && active.form && ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName)) return true;
    return Array.from(document.querySelectorAll("form textarea, form input")).some((field) => {
      if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
      if (field.type === "hidden" || field.type === "submit") return false;
      return field.value !== field.defaultValue;
    });
  }
  setInterval(() => { if (!typing()) window.location.reload(); }, seconds * 1000);
  // A link to a folded section ("Sitzordnung neu auslosen …" from the warning about a withdrawn player) unfolds it,
  // also when the page loads again with that address.
  function unfold() {
    const target = window.location.hash && document.getElementById(window.location.hash.slice(1));
    if (target && target.tagName === "DETAILS") target.open = true;
  }
  window.addEventListener("hashchange", unfold);
  unfold();
})();
