// The start page: variant, players, seats, the rules, and saved games.
"use strict";

(() => {
  const W = Page.words, el = Page.el, fmt = Page.fmt;
  const data = Page.block("data");
  const lang = data.lang;
  const variantBox = document.getElementById("variant");
  const countBox = document.getElementById("player-count");
  const seatsBox = document.getElementById("seats");
  const rules = document.getElementById("rules");
  const errorBox = document.getElementById("start-error");
  const created = document.getElementById("created");

  function variant() {
    return data.variants.find((v) => v.name === variantBox.value) || data.variants[0];
  }

  for (const v of data.variants) {
    const label = v.playable ? v.name : v.name + " (" + W.not_playable + ")";
    variantBox.append(el("option", { value: v.name, disabled: !v.playable }, label));
  }
  variantBox.value = data.variants.some((v) => v.name === data.default && v.playable) ? data.default :
    (data.variants.find((v) => v.playable) || {}).name;

  function seatChoices(seat, chosen) {
    const v = variant();
    const box = el("select", { id: "seat-" + seat, "aria-label": fmt(W.seat, { n: seat + 1 }) });
    box.append(el("option", { value: "human" }, W.you));
    box.append(el("option", { value: "friend" }, W.friend));
    for (const c of v.computers) box.append(el("option", { value: c.name }, fmt(W.computer, { level: c.label })));
    box.value = chosen;
    return box;
  }

  function drawSeats() {
    const v = variant();
    const before = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.querySelectorAll(".seat").forEach((n) => n.remove());
    const count = Number(countBox.value);
    const strongest = v.computer || (v.computers.length ? v.computers[Math.min(2, v.computers.length - 1)].name : "human");
    const teams = (v.teams || {})[String(count)] || null;
    for (let k = 0; k < count; k++) {
      // A choice kept from another variant only if this game has that player too.
      const offered = ["human", "friend", ...v.computers.map((c) => c.name)];
      const chosen = offered.includes(before[k]) ? before[k] : (k === 0 ? "human" : strongest);
      const name = el("input", { id: "name-" + k, "aria-label": W.name + " — " + fmt(W.seat, { n: k + 1 }),
        placeholder: W.name, maxlength: 40 });
      const team = teams ? el("span", { class: "team", "data-team": teams[k] }, " (" + fmt(W.team, { n: teams[k] + 1 }) + ")") : null;
      seatsBox.append(el("div", { class: "seat" + (teams ? " team-" + teams[k] : "") },
        el("label", { for: "seat-" + k }, fmt(W.seat, { n: k + 1 }), team), " ", seatChoices(k, chosen), " ", name));
    }
  }

  function drawVariant() {
    const v = variant();
    document.getElementById("variant-description").textContent = v.description || "";
    const current = Number(countBox.value) || Math.min(3, v.max);
    countBox.replaceChildren();
    for (let n = v.min; n <= v.max; n++) countBox.append(el("option", { value: n }, String(n)));
    countBox.value = String(Math.max(v.min, Math.min(v.max, current)));
    rules.src = "/rules?variant=" + encodeURIComponent(v.name) + "&lang=" + encodeURIComponent(lang);
    rules.title = fmt(W.rules, { variant: v.name });
    // The page names the game about to be played.
    if (W.games && W.games[v.game]) {
      const title = fmt(W.title_of, { game: W.games[v.game] });
      document.title = title;
      document.querySelector("header h1").textContent = title;
    }
    drawSeats();
    if (typeof StartRules !== "undefined") StartRules.offer(v);
  }

  variantBox.addEventListener("change", drawVariant);
  countBox.addEventListener("change", drawSeats);
  drawVariant();

  function absolute(link) { return new URL(link, location.origin).toString(); }

  document.getElementById("new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    errorBox.textContent = "";
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const names = [...seatsBox.querySelectorAll("input")].map((i) => i.value.trim() || null);
    const body = { variant: variantBox.value, seats, names, lang };
    const clock = typeof ClockChoice !== "undefined" ? ClockChoice.value() : null;
    if (clock) body.clock = clock;
    let answer;
    try {
      answer = await Page.api("POST", "/api/games?lang=" + encodeURIComponent(lang),
        Object.assign(body, typeof StartRules !== "undefined" ? StartRules.asked() : {}));
    } catch (e) {
      errorBox.textContent = fmt(W.error, { detail: String(e) });
      return;
    }
    if (!answer.ok) {
      errorBox.textContent = answer.data.error || fmt(W.error, { detail: answer.status });
      return;
    }
    const game = answer.data;
    const people = game.seats.filter((s) => s.link);
    const mine = game.seats.find((s) => s.player === "human" && s.link) || people[0];
    // Only this seat's link is kept in this browser: the friends' links are shown once, to hand out.
    Page.saveGame(game.id, { mine: mine.link, variant: variantBox.value });
    created.replaceChildren();
    created.hidden = false;
    created.append(el("p", {}, el("a", { href: mine.link, id: "open-seat" }, W.open)));
    const friends = people.filter((s) => s !== mine);
    if (friends.length) {
      created.append(el("p", {}, W.links));
      const list = el("ul", {});
      for (const s of friends) {
        const url = absolute(s.link);
        const field = el("input", { value: url, readonly: true, "aria-label": fmt(W.seat_link, { n: s.seat + 1 }),
          class: "link", "data-seat": s.seat });
        list.append(el("li", {}, fmt(W.seat, { n: s.seat + 1 }), " ", field, " ",
          el("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(url),
            "aria-label": W.copy + " — " + fmt(W.seat_link, { n: s.seat + 1 }) }, W.copy)));
      }
      created.append(list);
      if (game.watch && game.watch.page) {
        // The watch link, for anyone else: it sees only what every seat sees (also on the starter's table page).
        const url = absolute(game.watch.page);
        created.append(el("p", {}, el("label", { for: "created-watch" }, W.watch_link), " ",
          el("input", { id: "created-watch", value: url, readonly: true, class: "link" }), " ",
          el("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(url) },
            W.copy)));
      }
    } else {
      location.href = mine.link;
    }
  });

  // Games saved on the server; this browser knows the links of the ones it started.
  const known = Page.savedGames();
  const list = document.getElementById("saved-list");
  if (!data.games.length) list.append(el("li", {}, W.no_games));
  for (const g of data.games) {
    const state = g.over ? W.over : fmt(W.turn, { n: String(g.turn) });
    const item = el("li", {}, g.variant + " — " + state + " ");
    const mine = known[g.id] || null;
    if (mine) {
      const url = new URL(mine.mine, location.origin);
      url.searchParams.set("lang", lang);
      item.append(el("a", { href: url.pathname + url.search, class: "resume" }, W.resume));
    }
    list.append(item);
  }
})();
