// rochade's few lines of script: the check-in search and keyboard result entry.
// Everything also works without it (plain forms); htmx does the partial updates.
// The pages carry no inline script (the Content-Security-Policy forbids it): behaviour
// is asked for by data- attributes and handled here.
(function () {
  "use strict";
  // A forfeit chosen in the list is sent at once (the row's form, via htmx).
  document.addEventListener("change", function (event) {
    var box = event.target;
    if (box.matches && box.matches("select[data-submit-on-change]")) box.form.requestSubmit();
  });
  document.addEventListener("input", function (event) {
    var box = event.target;
    if (!box.matches("input[data-filter]")) return;
    var needle = box.value.trim().toLowerCase();
    document.querySelectorAll(box.dataset.filter).forEach(function (row) {
      row.hidden = needle !== "" && row.dataset.name.indexOf(needle) === -1;
    });
  });
  // On the results page: 1 = white wins, 2 = draw, 3 = black wins, arrows move.
  document.addEventListener("keydown", function (event) {
    var row = event.target.closest && event.target.closest("tr.result-row");
    if (!row || event.target.tagName === "SELECT") return;
    var next = row.nextElementSibling, prev = row.previousElementSibling;
    if (event.key === "ArrowDown" && next) { next.focus(); event.preventDefault(); return; }
    if (event.key === "ArrowUp" && prev) { prev.focus(); event.preventDefault(); return; }
    var key = { "1": "1", "2": "2", "=": "2", "3": "3", "0": "3" }[event.key];
    if (!key) return;
    var button = row.querySelector('button[data-key="' + key + '"]');
    if (!button) return;
    event.preventDefault();
    var id = next && next.id;
    button.click();
    if (id) {
      document.body.addEventListener("htmx:afterSettle", function focusNext() {
        document.body.removeEventListener("htmx:afterSettle", focusNext);
        var target = document.getElementById(id);
        if (target) target.focus();
      });
    }
  });
})();
