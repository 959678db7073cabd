// A form with data-confirm asks before it is sent ("Runde neu setzen?", "Letztes Spiel entfernen?").
// One listener for the whole page instead of onsubmit attributes: the Content-Security-Policy runs
// no inline script, and forms that arrive later (a refreshed block) are covered too.
(function () {
  "use strict";
  document.addEventListener("submit", (event) => {
    const form = event.target;
    // The button pressed may ask its own question ("… verlässt den Tisch?") where the form has several.
    const question = (event.submitter && event.submitter.dataset.confirm) || (form instanceof HTMLFormElement && form.dataset.confirm);
    if (form instanceof HTMLFormElement && question && !window.confirm(question)) {
      event.preventDefault();
    }
  });
})();
