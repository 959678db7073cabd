// Live standings: refresh the standings block in place (no full page reload). On the projector, page
// through the whole field by itself: as many rows as the screen holds, the next page every few
// seconds, then from the top again; the page number shows where the hall is.
(function () {
  "use strict";
  const box = document.getElementById("standings");
  if (!box) return;
  const seconds = Number(box.dataset.refreshSeconds || 20);
  const paging = Boolean(box.dataset.autoscroll);
  const pageSeconds = Number(box.dataset.pageSeconds || 8);
  let page = 0;

  function showPage() {
    const table = box.querySelector("table.big");
    if (!table) return;
    // The page number's place exists before anything is measured, so every page counts the same rows.
    let label = document.getElementById("projector-page");
    if (!label) {
      label = document.createElement("p");
      label.id = "projector-page";
      label.className = "projector-page";
      label.textContent = "\u00a0";
      const header = document.querySelector("body.projector header");
      if (header) header.append(label);
    }
    const rows = Array.from(table.tBodies[0] ? table.tBodies[0].rows : []);
    rows.forEach((row) => { row.hidden = false; });
    const top = table.tBodies[0] ? table.tBodies[0].getBoundingClientRect().top : 0;
    const rowHeight = rows.length ? rows[0].getBoundingClientRect().height || 40 : 40;
    const perPage = Math.max(3, Math.floor((window.innerHeight - top - 8) / rowHeight));
    const pages = Math.max(1, Math.ceil(rows.length / perPage));
    page = page % pages;
    rows.forEach((row, index) => { row.hidden = Math.floor(index / perPage) !== page; });
    label.textContent = pages > 1 ? `${page + 1} / ${pages}` : "";
    box.dataset.pages = String(pages);
  }

  async function refresh() {
    try {
      const response = await fetch(box.dataset.refreshUrl, { headers: { "X-Requested-With": "fetch" } });
      if (response.ok) {
        box.innerHTML = await response.text();
        if (paging) showPage();
      }
    } catch (error) { /* offline for a moment: keep the last standings, try again later */ }
  }
  setInterval(refresh, seconds * 1000);
  if (paging) {
    showPage();
    window.addEventListener("resize", showPage);
    setInterval(() => { page += 1; showPage(); }, pageSeconds * 1000);
  }
})();
