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
  // A "Details" link opens its player's data row in place (without script it reloads the
  // page with that row open).
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-toggle]");
    if (!link) return;
    var row = document.getElementById(link.dataset.toggle);
    if (!row) return;
    event.preventDefault();
    var open = row.classList.toggle("open");
    link.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) { var first = row.querySelector("input:not([type=hidden]), select"); if (first) first.focus(); }
  });
  var FOLD = {"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "ı": "i",
              "þ": "th", "ħ": "h"};
  document.addEventListener("input", function (event) {
    var box = event.target;
    if (!box.matches("input[data-filter]")) return;
    // Folded as the server folds data-name (rochade.core.collation.search_text): "ozd"
    // finds "Özdemir", and so does "Özd".
    var needle = box.value.trim().toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "")
      .replace(/[øæœłđðıþħ]/g, function (ch) { return FOLD[ch]; });
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
  var queue = [], sending = false, wanted = {}, answers = 0;
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
    answers += 1;
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
  // A phone's report taken with one tap: the result goes through the queue like a key.
  document.addEventListener("submit", function (event) {
    var form = event.target, button = event.submitter;
    if (!form.matches("form[data-accept]") || !button) return;
    var row = document.getElementById("b" + form.dataset.accept);
    if (!row) return;
    event.preventDefault();
    enter(row, button.value);
    form.closest("li").hidden = true;
  });
  // The results page is live: every few seconds it asks for itself with the version it
  // shows (204 while nothing changed, as the hall display does) and puts in what changed
  // elsewhere (a phone, another device, the CLI, an undo): each row the TD is not busy with
  // (nothing queued or unanswered for it, no conflict to decide, no list open or player
  // ticked in it), the open count, the phones' box, the end of the round and the undo. An
  // answer asked for before one of the TD's own results was answered may be older than that
  // row: it is dropped.
  var results = document.querySelector("table.results[data-version]");
  function busy(row) {
    var active = document.activeElement;
    return row.dataset.board in wanted || row.querySelector(".conflict, input.tick:checked") ||
      (active && active.tagName === "SELECT" && row.contains(active));
  }
  function same(here, fresh) {
    return ["td.w", "td.res", "td.b"].every(function (cell) {
      return here.querySelector(cell).textContent === fresh.querySelector(cell).textContent;
    }) && here.dataset.result === fresh.dataset.result;
  }
  function refresh(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var table = fresh.querySelector("table.results[data-version]");
    if (!table) return;
    table.querySelectorAll("tr.result-row").forEach(function (row) {
      var here = document.getElementById(row.id);
      if (!here || busy(here) || same(here, row)) return;
      var focused = here === document.activeElement;
      here.replaceWith(document.importNode(row, true));
      if (focused) document.getElementById(row.id).focus();
    });
    ["open-count", "reports", "round-end", "undo"].forEach(function (id) {
      var part = fresh.getElementById(id), here = document.getElementById(id);
      if (part && here && !here.contains(document.activeElement)) {
        here.replaceWith(document.importNode(part, true));
      }
    });
    results.dataset.version = table.dataset.version;
  }
  if (results) {
    setInterval(function () {
      var ask = new XMLHttpRequest(), asked = answers;
      ask.open("GET", location.pathname + location.search);
      ask.setRequestHeader("X-Rochade-Version", results.dataset.version);
      ask.onload = function () {
        if (ask.status === 200 && asked === answers && !sending) refresh(ask.responseText);
      };
      ask.send();
    }, Math.max(1, parseFloat(results.dataset.poll)) * 1000);
  }
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
    // Arabic keyboards may type the Arabic-Indic digits: ١ ٢ ٣ (and ٠) work the same.
    var key = { "1": "1", "2": "2", "=": "2", "3": "3", "0": "3",
                "\u0661": "1", "\u0662": "2", "\u0663": "3", "\u0660": "3" }[event.key];
    var button = key && row.querySelector('button[data-key="' + key + '"]');
    if (!button) return;
    event.preventDefault();
    if (!event.repeat) enter(row, button.value);  // a held key enters one board, not all
  });
  // The hall display (body[data-display]): every few seconds ask for the page with the
  // version it shows; the server answers 204 while nothing changed, else the new page, whose
  // content is swapped in. A failed ask (server restarting, Wi-Fi gone) shows "Reconnecting"
  // and the polling simply goes on. A narrow screen shows pairings and standings in turn.
  // Plain XMLHttpRequest and DOMParser: a cheap TV's browser has them.
  var hall = document.body && document.body.dataset.display;
  if (hall) {
    var every = Math.max(1, parseFloat(hall)) * 1000, turn = 0;
    var offline = document.querySelector(".display-offline");
    var poll = function () {
      var ask = new XMLHttpRequest();
      ask.open("GET", location.pathname + location.search);
      ask.setRequestHeader("X-Rochade-Version", document.body.dataset.version);
      ask.timeout = every * 2;
      ask.onload = function () {
        offline.hidden = ask.status < 500 && ask.status !== 0;
        if (ask.status !== 200) return;
        var fresh = new DOMParser().parseFromString(ask.responseText, "text/html");
        var content = fresh.getElementById("display");
        if (!content || !fresh.body.dataset.version) return;
        document.getElementById("display").innerHTML = content.innerHTML;
        document.body.dataset.version = fresh.body.dataset.version;
        fitScreen();
      };
      ask.onerror = ask.ontimeout = function () { offline.hidden = false; };
      ask.send();
    };
    setInterval(poll, every);
    setInterval(function () {
      turn += 1;
      document.body.classList.toggle("show-standings", turn % 2 === 1);
    }, 15000);
  }
  // A hall screen (.screen-set, web/hall.py `screen`): each part (pairings, standings, where
  // do I play) in the largest type at which it fits the screen whole, in one to three
  // columns. Below the smallest readable size, 3.9 % of the screen's height (42 px at 1080,
  // 28 px at 720: the same height on the same TV whatever its resolution), it is shown in
  // pages instead, each in as large a type as fits, with "page 1 of 2"; pages and parts turn
  // every data-seconds. A fixed size (data-font) is kept, paged as needed. Sizes are set
  // through the CSSOM (the Content-Security-Policy forbids style attributes).
  var slides = [], slide = 0, turning = null, turningEvery = 0;
  function rowsOf(part) {
    var table = part.querySelector("table.screen-table");
    if (!table) return null;
    // The names that may take two lines (see `layout`): the longest ones, so that a single
    // long name wraps rather than every name of its column.
    var names = Array.prototype.slice.call(table.querySelectorAll("td.name"));
    var longest = Math.max.apply(null, names.map(function (cell) {
      return cell.textContent.length;
    }).concat([0]));
    names.forEach(function (cell) {
      cell.classList.toggle("long", cell.textContent.length > 0.75 * longest);
    });
    return { model: table.cloneNode(false), head: table.tHead,
             rows: Array.prototype.slice.call(table.tBodies[0].rows) };
  }
  function arrange(part, made, columns, pages, page, said) {
    var body = part.querySelector(".screen-body"), per = Math.ceil(made.rows.length / pages);
    var mine = made.rows.slice(page * per, (page + 1) * per);
    var each = Math.max(1, Math.ceil(mine.length / columns));
    body.textContent = "";
    for (var i = 0; i * each < mine.length; i++) {
      var table = made.model.cloneNode(false);
      table.appendChild(made.head.cloneNode(true));
      var rows = document.createElement("tbody");
      mine.slice(i * each, (i + 1) * each).forEach(function (row) { rows.appendChild(row); });
      table.appendChild(rows);
      body.appendChild(table);
    }
    part.querySelector(".screen-page").textContent = pages > 1 ? said
      .replace("{page}", page + 1).replace("{pages}", pages) : "";
  }
  function fits(part, made, columns, pages, said) {  // every page of the layout
    for (var page = 0; page < pages; page++) {
      if (made) arrange(part, made, columns, pages, page, said);
      if (part.scrollHeight > part.clientHeight || part.scrollWidth > part.clientWidth) {
        return false;
      }
    }
    return true;
  }
  function largest(part, low, high, fitting) {  // the largest size in [low, high] that fits, or 0
    var found = 0;
    while (low <= high) {
      var size = Math.floor((low + high) / 2);
      part.style.fontSize = size + "px";
      if (fitting()) { found = size; low = size + 1; } else { high = size - 1; }
    }
    return found;
  }
  function layout(part, made, fixed, readable, said) {
    // Names on one line; only where that leaves the type below the readable size, the longest
    // names may take two lines.
    part.classList.remove("wrap");
    var best = pagesAndSize(part, made, fixed, readable, said);
    if (fixed || best.size >= readable) return best;
    part.classList.add("wrap");
    var wrapped = pagesAndSize(part, made, fixed, readable, said);
    if (wrapped.size > best.size) { wrapped.wrap = true; return wrapped; }
    part.classList.remove("wrap");
    return best;
  }
  function pagesAndSize(part, made, fixed, readable, said) {
    var rows = made ? made.rows.length : 0, most = Math.max(readable, Math.floor(innerHeight / 5));
    var best = null, before = 0, pages = 1;
    for (; pages <= Math.max(1, Math.min(rows, 30)); pages++) {
      var here = 0;
      for (var columns = 1; columns <= (made ? 3 : 1); columns++) {
        var fitting = fits.bind(null, part, made, columns, pages, said);
        var size = fixed ? largest(part, fixed, fixed, fitting) : largest(part, 8, most, fitting);
        here = Math.max(here, size);
        if (size && (!best || size > best.size)) best = { size: size, columns: columns, pages: pages };
      }
      // Readable now; or another page did not help (the width holds the type back).
      if ((best && best.size >= (fixed || readable)) || (!fixed && here && here <= before)) break;
      before = here;
    }
    return best || { size: fixed || 8, columns: 1, pages: pages - 1 };
  }
  function show(index) {
    if (!slides.length) return;
    slide = index % slides.length;
    var now = slides[slide];
    slides.forEach(function (other) { other.part.hidden = other.part !== now.part; });
    now.part.style.fontSize = now.size + "px";
    now.part.classList.toggle("wrap", !!now.wrap);
    if (now.made) arrange(now.part, now.made, now.columns, now.pages, now.page, now.said);
  }
  function fitScreen() {
    var set = document.querySelector(".screen-set");
    if (!set) return;
    var fixed = parseInt(set.dataset.font, 10) || 0, said = set.dataset.pageOf;
    var readable = Math.max(16, Math.floor(innerHeight * 0.039));
    var parts = set.querySelectorAll(".screen-part");
    var was = slides[slide], fitted = [];
    parts.forEach(function (part) {
      parts.forEach(function (other) { other.hidden = other !== part; });
      var made = rowsOf(part), chosen = layout(part, made, fixed, readable, said);
      for (var page = 0; page < chosen.pages; page++) {
        fitted.push({ part: part, made: made, said: said, size: chosen.size, wrap: chosen.wrap,
                      columns: chosen.columns, pages: chosen.pages, page: page,
                      name: part.dataset.part });
      }
    });
    slides = fitted;
    // The same part and page as before a new result came in: the TV does not jump back.
    var again = was ? fitted.findIndex(function (s) {
      return s.name === was.name && s.page === was.page;
    }) : 0;
    show(Math.max(0, again));
    var every = Math.max(1, parseFloat(set.dataset.seconds) || 15) * 1000;
    if (every !== turningEvery) {  // the first time, or the TD changed it
      clearInterval(turning);
      turning = setInterval(function () { show(slide + 1); }, every);
      turningEvery = every;
    }
  }
  if (hall) {
    window.addEventListener("resize", fitScreen);
    fitScreen();
  }
  // The players' evening page: the evening's code, typed once, is filled in again.
  var code = document.querySelector("input[data-code]");
  if (code) {
    try {
      code.value = localStorage.getItem("rochade-code") || "";
      code.form.addEventListener("submit", function () {
        localStorage.setItem("rochade-code", code.value.trim());
      });
    } catch (ignored) { /* private mode: the player types it each time */ }
  }
})();
