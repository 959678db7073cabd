// Live standings: refresh the standings block in place (no full page reload); on the projector,
// scroll slowly through long tables and start again at the top.
(function () {
  "use strict";
  const box = document.getElementById("standings");
  if (!box) return;
  const seconds = Number(box.dataset.refreshSeconds || 20);
  async function refresh() {
    try {
      const response = await fetch(box.dataset.refreshUrl, { headers: { "X-Requested-With": "fetch" } });
      if (response.ok) box.innerHTML = await response.text();
    } catch (error) { /* offline for a moment: keep the last standings, try again later */ }
  }
  setInterval(refresh, seconds * 1000);
  if (box.dataset.autoscroll) {
    let direction = 1;
    setInterval(() => {
      const bottom = window.innerHeight + window.scrollY >= document.body.scrollHeight - 2;
      if (bottom) { direction = 0; setTimeout(() => { window.scrollTo({ top: 0 }); direction = 1; }, 4000); }
      if (direction) window.scrollBy(0, 1);
    }, 40);
  }
})();
