// The new-tournament form: the slug (the tournament's links) is filled in from the name and the date as
// they are typed, the way the server forms it (tournament.selectors.free_slug, Django's slugify), until
// the director types a slug of his own. slug_auto tells the server the slug is the filled-in one, so a
// taken one becomes the next free one (…-2) instead of an error.
(function () {
  "use strict";
  var form = document.getElementById("new-tournament");
  if (!form) return;
  var name = form.querySelector("#id_name"), slug = form.querySelector("#id_slug"),
      day = form.querySelector("#id_date"), auto = form.querySelector("#id_slug_auto");
  if (!name || !slug || !auto) return;

  function slugify(text) {
    return text.normalize("NFKD").replace(/[^\x00-\x7F]/g, "").toLowerCase()
      .replace(/[^\w\s-]/g, "").replace(/[-\s]+/g, "-").replace(/^[-_]+|[-_]+$/g, "");
  }

  function fill() {
    if (auto.value !== "True" && slug.value !== "") return;
    var base = slugify(name.value).slice(0, 36).replace(/[-_]+$/, "");
    if (!base) { slug.value = ""; return; }
    slug.value = base + (day && day.value ? "-" + day.value : "");
    auto.value = "True";
  }

  name.addEventListener("input", fill);
  if (day) day.addEventListener("input", fill);
  slug.addEventListener("input", function () { auto.value = slug.value === "" ? "True" : ""; });
  fill();
}());
