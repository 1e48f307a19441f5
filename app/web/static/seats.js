// The starter's friends' links: a seat whose link leaked is given a new one
// (POST .../seats/{seat}/link); the old link stops working at once. The new
// link is shown once, to hand out, and never kept in this browser, which
// keeps only its own seat's link.
"use strict";

const Seats = (() => {
  const W = Page.words, el = Page.el, fmt = Page.fmt;
  let drawn = "";

  function remember(config) {
    // This browser's own seat, so that the start page can offer it again.
    const known = Page.savedGames();
    const mine = "/play/" + encodeURIComponent(config.id) + "?token=" + encodeURIComponent(config.token);
    if (!known[config.id] || known[config.id].mine !== mine) Page.saveGame(config.id, { mine });
  }

  async function reissue(config, friend, slot) {
    const url = "/api/games/" + encodeURIComponent(config.id) + "/seats/" + friend.seat + "/link?token=" +
      encodeURIComponent(config.token) + "&lang=" + encodeURIComponent(config.lang);
    let answer;
    try { answer = await Page.api("POST", url, {}); } catch (e) { answer = { ok: false, data: {} }; }
    if (!answer.ok) {
      slot.replaceChildren(el("p", { class: "error" }, answer.data.error || W.connection_lost));
      return;
    }
    const link = new URL(answer.data.link, location.origin).toString();
    const field = el("input", { value: link, readonly: true, class: "link", "data-seat": friend.seat,
      "aria-label": fmt(W.seat_link, { name: friend.name }) });
    slot.replaceChildren(el("p", {}, W.new_link_given), field, " ",
      el("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(link) },
        W.copy));
    field.focus();
    field.select();
  }

  function draw(view, config) {
    const box = document.getElementById("seat-links");
    if (!box) return;
    if (!drawn) remember(config);
    const friends = view.starter ? view.friends || [] : [];
    const watch = view.starter && view.watch_link ? new URL(view.watch_link, location.origin).toString() : "";
    const key = JSON.stringify([friends, watch]);
    if (key === drawn) return;  // redrawing would drop a link being handed out
    drawn = key;
    box.hidden = !friends.length && !watch;
    box.replaceChildren();
    if (watch) {
      // The watch link, to copy: it sees only what every seat sees.
      const field = el("input", { value: watch, readonly: true, class: "link", id: "watch-link", "aria-label": W.watch_link });
      box.append(el("p", {}, el("label", { for: "watch-link" }, W.watch_link), " ", field, " ",
        el("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(watch) }, W.copy)));
    }
    if (!friends.length) return;
    box.append(el("h2", {}, W.friends_links), el("p", { class: "note" }, W.reissue_note));
    const list = el("ul", {});
    for (const friend of friends) {
      const slot = el("div", { class: "new-link" });
      list.append(el("li", {}, friend.name, " ",
        el("button", { type: "button", class: "reissue", "data-seat": friend.seat,
          onclick: () => reissue(config, friend, slot) }, fmt(W.reissue, { name: friend.name })), slot));
    }
    box.append(list);
  }

  return { draw };
})();
