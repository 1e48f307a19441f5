// The game-over summary, drawn from the view's ``scores``: the score table
// (each seat's points deal by deal and its total), a link to step through the
// game move by move (the review), and for a match its next deal, or who won
// it. The rematch (after.js) sits below. The watch link's page is shown the
// same, with the next deal's watch page and no buttons.
"use strict";

const Summary = (() => {
  const W = Page.words, el = Page.el, fmt = Page.fmt;
  let drawn = "";

  async function deal(config, slot) {
    const url = "/api/games/" + encodeURIComponent(config.id) + "/next?token=" +
      encodeURIComponent(config.token) + "&lang=" + encodeURIComponent(config.lang);
    let answer;
    try { answer = await Page.api("POST", url, {}); } catch (e) { answer = { ok: false, data: {} }; }
    if (!answer.ok) slot.replaceChildren(el("p", { class: "error" }, answer.data.error || W.connection_lost));
    else if (answer.data.link) slot.replaceChildren(nextLink(answer.data.link, config));
  }

  function nextLink(link, config) {
    if (!config.watching) {
      // The next deal's seat is this browser's own: the start page can offer it again.
      const url = new URL(link, location.origin);
      url.searchParams.delete("lang");
      Page.saveGame(url.pathname.split("/").pop(), { mine: url.pathname + url.search });
    }
    return el("a", { id: "next-deal-link", href: link }, config.watching ? W.watch_next : W.play_next);
  }

  function table(scores) {
    const head = el("tr", {}, el("th", { scope: "col" }, W.player));
    scores.deals.forEach((_d, k) => head.append(el("th", { scope: "col" }, fmt(W.deal_n, { n: k + 1 }))));
    head.append(el("th", { scope: "col" }, W.total));
    const body = el("tbody", {});
    scores.names.forEach((name, seat) => {
      const row = el("tr", { "data-seat": seat }, el("th", { scope: "row" }, name));
      for (const points of scores.deals) row.append(el("td", {}, String(points[seat])));
      row.append(el("td", { class: "total" }, String(scores.totals[seat])));
      body.append(row);
    });
    return el("table", { id: "score-table" }, el("caption", {}, W.score_table), el("thead", {}, head), body);
  }

  function draw(view, config) {
    const box = document.getElementById("summary");
    const into = document.getElementById("summary-body");
    if (!box || !into) return;
    const scores = view.scores || null;
    const heading = document.getElementById("match-line");
    if (scores && scores.heading) {
      // During a match, the running score stays over the table.
      const status = document.getElementById("status");
      if (heading) heading.textContent = scores.heading;
      else if (status) status.append(el("p", { id: "match-line" }, scores.heading));
    } else if (heading) heading.remove();
    const over = view.result !== null && view.result !== undefined && scores && scores.names;
    box.hidden = !over;
    if (!over) { into.replaceChildren(); drawn = ""; return; }
    const review = view.result.review || null;
    const key = JSON.stringify([scores, review]);
    if (key === drawn) return;  // redrawing would drop a next deal's link being shown
    drawn = key;
    const parts = [el("h2", { id: "summary-title" }, W.summary), table(scores),
      el("p", { class: "note" }, scores.higher_wins ? W.highest_wins : W.lowest_wins)];
    if (review) parts.push(el("p", {}, el("a", { href: review, id: "summary-review" }, W.step_review)));
    for (const line of scores.end || []) parts.push(el("p", { class: "match-end" }, line));
    if (scores.match && !scores.over) {
      const slot = el("div", { id: "next-deal" });
      if (scores.next && scores.next.link) slot.append(nextLink(scores.next.link, config));
      else if (config.watching) slot.append(el("p", {}, W.next_wait));
      else slot.append(el("button", { type: "button", id: "deal-next", onclick: () => deal(config, slot) }, W.next_deal));
      parts.push(slot);
    }
    into.replaceChildren(...parts);
  }

  return { draw };
})();
