// rochade's few lines of script: the check-in search and the results queue.
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
  // The results page. Every result is bound to its board when it is tapped or typed: a queue
  // of posts, sent one after another, each carrying the result the TD saw on that board (or
  // that the queue will have put there). If the board holds another result by the time a post
  // is written (another device, the CLI, an undo), the server answers a conflict (409) and
  // saves nothing; the row then offers to keep that result or replace it. Each row says
  // saving…, saved or failed; keys: 1 = white wins, 2 (=) = draw, 3 (0) = black wins, arrows
  // move, and the next board is selected at once, before the server answers.
  var queue = [], sending = false, wanted = {};
  function say(board, what) {
    var box = document.getElementById("s" + board), texts = document.querySelector("table.results");
    if (box && texts) box.textContent = what ? texts.dataset[what] : "";
  }
  function pending(board) {
    return queue.filter(function (job) { return job.board === board; }).pop();
  }
  function showPending(row, job) {
    var cell = row.querySelector("td.res");
    if (!("shown" in row.dataset)) row.dataset.shown = cell.textContent;
    cell.textContent = job.label;
    row.classList.add("pending");
    say(job.board, "saving");
  }
  function labelOf(row, value) {
    var shown = Array.prototype.find.call(row.querySelectorAll("button[data-key], option"),
      function (choice) { return choice.value === value; });
    return shown ? shown.textContent : value;
  }
  function enter(row, value) {
    var board = row.dataset.board;
    var seen = board in wanted ? wanted[board] : row.dataset.result;
    var next = row.nextElementSibling;
    if (next && row.contains(document.activeElement)) next.focus();
    if (value === seen) return;  // the board has (or will have) it already
    var form = row.querySelector("form[data-result-form]");
    var job = { board: board, url: form.action, csrf: form.elements.csrf.value,
                value: value, seen: seen, label: labelOf(row, value) };
    var conflict = row.querySelector(".conflict");
    if (conflict) conflict.remove();
    wanted[board] = value;
    queue.push(job);
    showPending(row, job);
    send();
  }
  function send() {
    if (sending || !queue.length) return;
    sending = true;
    var job = queue.shift();
    var body = new URLSearchParams({ csrf: job.csrf, result: job.value, expected: job.seen });
    fetch(job.url, { method: "POST", body: body, headers: { "HX-Request": "true" } })
      .then(function (response) {
        return response.text().then(function (html) { return [response, html]; });
      })
      .then(function (got) { answered(job, got[0], got[1]); },
            function () { answered(job, null, ""); })  // no answer: the network
      .catch(function (error) { console.error(error); })
      .then(function () { sending = false; send(); });
  }
  function answered(job, response, html) {
    var row = document.getElementById("b" + job.board);
    var later = pending(job.board);
    if (!later) delete wanted[job.board];
    var status = response ? response.status : 0;
    if ((status === 200 || status === 409) && !response.headers.get("HX-Reswap")) {
      htmx.swap(row, html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 });
      row = document.getElementById("b" + job.board);
      if (later) showPending(row, later);
      else say(job.board, status === 200 ? "saved" : "failed");
      return;
    }
    if (status && response.headers.get("HX-Reswap") === "none") {
      htmx.swap(row, html, { swapStyle: "none", swapDelay: 0, settleDelay: 0 });  // the message
    }
    if (later || !row) return;
    row.querySelector("td.res").textContent = row.dataset.shown;
    delete row.dataset.shown;
    row.classList.remove("pending");
    say(job.board, "failed");
  }
  // Leaving the page while results are still being sent would lose them: the browser asks.
  window.addEventListener("beforeunload", function (event) {
    if (sending || queue.length) { event.preventDefault(); event.returnValue = ""; }
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form[data-result-form]")) return;
    event.preventDefault();
    var button = event.submitter, choice = form.elements.forfeit;
    var row = form.closest("tr");
    if (button && button.name === "result") enter(row, button.value);
    else if (choice.value) enter(row, choice.value);
  });
  document.addEventListener("click", function (event) {
    var keep = event.target.closest && event.target.closest("button[data-keep]");
    if (!keep) return;
    var row = keep.closest("tr");
    keep.closest(".conflict").remove();
    say(row.dataset.board, "");
    row.focus();
  });
  document.addEventListener("keydown", function (event) {
    var row = event.target.closest && event.target.closest("tr.result-row");
    if (!row || event.target.tagName === "SELECT" || event.ctrlKey || event.metaKey || event.altKey) return;
    var next = row.nextElementSibling, prev = row.previousElementSibling;
    if (event.key === "ArrowDown" && next) { next.focus(); event.preventDefault(); return; }
    if (event.key === "ArrowUp" && prev) { prev.focus(); event.preventDefault(); return; }
    var key = { "1": "1", "2": "2", "=": "2", "3": "3", "0": "3" }[event.key];
    var button = key && row.querySelector('button[data-key="' + key + '"]');
    if (!button) return;
    event.preventDefault();
    if (!event.repeat) enter(row, button.value);  // a held key enters one board, not all
  });
})();
