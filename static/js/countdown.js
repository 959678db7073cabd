// The round's countdown to its time limit (templates/_countdown.html): the time left as h:mm:ss,
// from the server's clock (a tablet's own clock may be wrong by minutes), and at the limit what the
// rule set says happens then.
(function () {
  "use strict";
  document.querySelectorAll(".countdown[data-deadline]").forEach((node) => {
    if (node.dataset.ticking) return;
    node.dataset.ticking = "1";
    const deadline = Date.parse(node.dataset.deadline);
    // Server minus device; a page kept in the cache (the projector) has no server time and trusts the device.
    const offset = node.dataset.now ? Date.parse(node.dataset.now) - Date.now() : 0;
    const time = node.querySelector(".countdown-time");
    const two = (n) => String(n).padStart(2, "0");
    function tick() {
      const left = Math.round((deadline - (Date.now() + offset)) / 1000);
      if (left <= 0) {
        node.classList.add("over");
        time.textContent = node.dataset.over;
        return false;
      }
      time.textContent = `${Math.floor(left / 3600)}:${two(Math.floor(left / 60) % 60)}:${two(left % 60)}`;
      return true;
    }
    if (tick()) {
      const timer = setInterval(() => { if (!tick()) clearInterval(timer); }, 1000);
    }
  });
})();
