// The review page: a finished game turn by turn, from GET /api/games/{id}/review.
// Each turn shows its finding, marked by its verdict, the table and the hand as
// the turn began and, when a better play was found, the table after it.
"use strict";

(() => {
  const { words, block, fmt, el, api } = Page;
  const config = block("config");
  let review = null;
  let turns = [];
  let at = 0;

  function cards(list, cls) {
    return el("span", { class: "review-cards " + (cls || "") }, ...list.map((c) => el("span", { class: "review-card" }, c)));
  }

  function groups(title, melds, cls) {
    const box = el("div", { class: "review-table " + cls }, el("h3", {}, title));
    const list = el("ol", {});
    for (const meld of melds) if (meld.length) list.append(el("li", {}, cards(meld)));
    box.append(list);
    return box;
  }

  function mark(verdict) {
    return el("span", { class: "review-mark verdict-" + verdict }, words["verdict_" + verdict] || verdict);
  }

  function show() {
    const box = document.getElementById("review-turn");
    const position = document.getElementById("review-position");
    document.getElementById("review-previous").disabled = at <= 0;
    document.getElementById("review-next").disabled = at >= turns.length - 1;
    if (!turns.length) { box.replaceChildren(el("p", {}, words.empty)); position.textContent = ""; return; }
    const turn = turns[at];
    position.textContent = fmt(words.position, { n: at + 1, total: turns.length });
    const parts = [
      el("p", { class: "review-finding", "data-verdict": turn.verdict }, mark(turn.verdict), " ", turn.text),
      groups(words.before, turn.shown.table, "before"),
      el("p", { class: "review-hand" }, words.hand + ": ", cards(turn.shown.hand)),
    ];
    if (turn.shown.best.length) parts.push(groups(words.best, turn.shown.best, "best"));
    box.replaceChildren(...parts);
    for (const item of document.querySelectorAll("#review-list li")) {
      item.classList.toggle("current", Number(item.dataset.index) === at);
    }
  }

  function list() {
    const box = document.getElementById("review-list");
    box.replaceChildren();
    turns.forEach((turn, index) => {
      const button = el("button", { type: "button", onclick: () => { at = index; show(); } }, turn.text);
      box.append(el("li", { "data-index": index, "data-verdict": turn.verdict, class: "verdict-" + turn.verdict },
        mark(turn.verdict), " ", button));
    });
  }

  function choose(seat) {
    turns = review.turns.filter((t) => seat === "" || t.seat === Number(seat));
    at = 0;
    list();
    show();
    const summary = document.getElementById("review-summary");
    summary.replaceChildren(...review.seats.filter((s) => seat === "" || s.seat === Number(seat))
      .map((s) => el("p", { class: "review-seat" }, s.text)));
  }

  async function load() {
    const status = document.getElementById("review-status");
    const query = new URLSearchParams({ token: config.token, lang: config.lang });
    const answer = await api("GET", `/api/games/${encodeURIComponent(config.id)}/review?${query}`);
    if (!answer.ok) { status.textContent = answer.data.error || fmt(words.error, { detail: answer.status }); return; }
    review = answer.data;
    status.textContent = "";
    const select = document.getElementById("review-seat");
    select.append(el("option", { value: "" }, words.all_seats));
    review.seats.forEach((s) => select.append(el("option", { value: String(s.seat) }, review.names[s.seat])));
    select.addEventListener("change", () => choose(select.value));
    document.getElementById("review-previous").addEventListener("click", () => { if (at > 0) { at -= 1; show(); } });
    document.getElementById("review-next").addEventListener("click", () => { if (at < turns.length - 1) { at += 1; show(); } });
    document.addEventListener("keydown", (event) => {
      if (event.target.closest && event.target.closest("select")) return;
      if (event.key === "ArrowLeft" && at > 0) { at -= 1; show(); }
      if (event.key === "ArrowRight" && at < turns.length - 1) { at += 1; show(); }
    });
    choose("");
  }

  document.addEventListener("DOMContentLoaded", load);
})();
