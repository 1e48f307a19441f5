// The table of one seat, drawn from the seat's JSON view (see /api/games/{id}/view).
// Every move becomes one of the terminal's commands, sent to the server: the
// engine decides, and its reason is shown when it refuses.
"use strict";

(() => {
  const W = Page.words, el = Page.el, fmt = Page.fmt;
  const config = Page.block("config");
  const base = "/api/games/" + encodeURIComponent(config.id);
  // The way of drawing cards chosen on this page (for games that offer several).
  const faces = new URLSearchParams(location.search).get("faces");
  const query = "?token=" + encodeURIComponent(config.token) + "&lang=" + encodeURIComponent(config.lang) +
    (faces ? "&faces=" + encodeURIComponent(faces) : "");
  let view = null;
  // Selected cards: {code, from: "hand"|"taken"|"help"|"table", meld}; or a whole meld.
  let selection = [];
  let selectedMeld = null;
  // Cards gathered for a new meld (not yet sent).
  let pending = [];
  let hinted = new Set();
  const orderKey = "machiavelli-order-" + config.id + "-" + config.token.slice(0, 8);

  // -- the hand as the player arranged it --------------------------------------------
  function handOrder(hand) {
    let custom;
    try { custom = JSON.parse(localStorage.getItem(orderKey) || "null"); } catch (e) { custom = null; }
    if (!Array.isArray(custom)) return hand.slice();
    const left = hand.slice(), out = [];
    for (const code of custom) {
      const k = left.indexOf(code);
      if (k >= 0) { out.push(code); left.splice(k, 1); }
    }
    return out.concat(left);
  }
  function keepOrder(codes) { localStorage.setItem(orderKey, JSON.stringify(codes)); }

  // -- sending commands ---------------------------------------------------------------
  const messages = document.getElementById("messages");
  function say(lines, isError) {
    messages.replaceChildren();
    for (const line of lines) messages.append(el("p", { class: isError ? "error" : "" }, line));
  }

  async function send(command) {
    let answer;
    try {
      answer = await Page.api("POST", base + "/actions" + query, { command });
    } catch (e) {
      say([W.connection_lost], true);
      return false;
    }
    if (!answer.ok) {
      say([answer.data.error || String(answer.status), ...(answer.data.details || [])], true);
      return false;
    }
    hinted = new Set(answer.data.hint || []);
    if (declared()) Areas.offer(answer.data.choices || []);
    if (answer.data.rules) window.open(answer.data.rules, "_blank", "noopener");
    say(answer.data.messages || [], false);
    if (answer.data.view) draw(answer.data.view);
    return true;
  }

  // A game that declares its own areas is drawn by areas.js.
  function declared(next) { const v = next || view; return Boolean(v && v.layout && v.layout.kind === "areas"); }

  function cardWord(item) { return (item.from === "help" ? "*" : "") + symbol(item.code); }
  function symbol(code) { return (view.cards[code] || {}).symbol || code; }

  // What putting ``items`` on a target means, as a command (null: nothing).
  function commandFor(items, target) {
    if (!items.length) return null;
    if (items[0].whole) {
      const m = items[0].meld;
      if (target.kind === "meld" && target.meld !== m) return "join " + target.meld + " " + m;
      if (target.kind === "taken") return "take " + m;
      return null;
    }
    const fromTable = items.filter((i) => i.from === "table");
    if (fromTable.length) {
      if (fromTable.length !== items.length) return null;
      const source = fromTable[0].meld;
      if (fromTable.some((i) => i.meld !== source)) return null;
      const cards = fromTable.map((i) => symbol(i.code)).join(" ");
      if (target.kind === "meld" && target.meld !== source) return "move " + cards + " " + source + " " + target.meld;
      if (target.kind === "taken") return "take " + source + " " + cards;
      return null;
    }
    if (target.kind === "meld") return "add " + target.meld + " " + items.map(cardWord).join(" ");
    if (target.kind === "new") { pending = pending.concat(items); clearSelection(); draw(view); return null; }
    return null;
  }

  async function place(items, target) {
    if (declared()) return;
    if (target.kind === "new" && items.length && items.every((i) => i.whole || i.from === "table")) {
      // Table cards into a new meld: taken off the table first (they must go back by the end of the turn).
      const source = items[0].meld;
      if (items.some((i) => i.meld !== source)) return;
      const meld = view.table.find((m) => m.number === source);
      const codes = items[0].whole ? (meld ? meld.cards : []) : items.map((i) => i.code);
      const command = items[0].whole ? "take " + source : "take " + source + " " + codes.map(symbol).join(" ");
      clearSelection();
      if (await send(command)) {
        pending = pending.concat(codes.map((code) => ({ code, from: "taken" })));
        draw(view);
      }
      return;
    }
    const command = commandFor(items, target);
    if (command === null) return;
    clearSelection();
    await send(command);
  }

  function clearSelection() { selection = []; selectedMeld = null; }

  // -- drawing ------------------------------------------------------------------------------
  function cardButton(code, from, extra) {
    const info = view.cards[code] || { symbol: code, rank: code, suit_symbol: "", suit: "", colour: "black", name: code };
    const marks = [];
    const classes = ["card", "suit-" + info.suit, info.colour === "red" ? "red" : "dark"];
    if (extra.moved) { classes.push("moved"); marks.push(W.moved); }
    if (extra.drawn) { classes.push("drawn"); marks.push(W.new_card); }
    if (from === "help") { classes.push("help-card"); marks.push(W.help_mark); }
    if (from === "taken") { classes.push("moved"); marks.push(W.taken_mark); }
    if (hinted.has(code) && from !== "table") classes.push("hinted");
    const isSelected = selection.some((s) => s.code === code && s.from === from && s.meld === (extra.meld || null) &&
      s.index === extra.index);
    const label = [info.name, ...marks].join(", ");
    const button = el("button", { type: "button", class: classes.join(" "), draggable: "true", "data-code": code,
      "data-from": from, "data-meld": extra.meld || null, "aria-label": label, "aria-pressed": isSelected ? "true" : "false",
      title: label },
    el("span", { class: "rank", "aria-hidden": "true" }, info.rank), el("span", { class: "suit", "aria-hidden": "true" }, info.suit_symbol));
    const item = { code, from, meld: extra.meld || null, index: extra.index };
    button.addEventListener("click", (event) => { event.stopPropagation(); clickCard(item); });
    button.addEventListener("dragstart", (event) => {
      const chosen = isSelected ? selection : [item];
      event.dataTransfer.setData("application/x-machiavelli", JSON.stringify(chosen));
      event.dataTransfer.setData("text/plain", chosen.map((c) => c.code).join(" "));
      event.dataTransfer.effectAllowed = "move";
    });
    return button;
  }

  function clickCard(item) {
    // With cards chosen elsewhere, a click on a meld's card places them on that meld.
    if (item.from === "table" && (selection.length || selectedMeld !== null)) {
      const chosen = selectedMeld !== null ? [{ whole: true, meld: selectedMeld }] : selection;
      const elsewhere = chosen.some((c) => c.whole ? c.meld !== item.meld : (c.from !== "table" || c.meld !== item.meld));
      if (elsewhere) { place(chosen, { kind: "meld", meld: item.meld }); return; }
    }
    selectedMeld = null;
    const k = selection.findIndex((s) => s.code === item.code && s.from === item.from && s.meld === item.meld && s.index === item.index);
    if (k >= 0) selection.splice(k, 1);
    else {
      if (selection.length && (selection[0].from === "table") !== (item.from === "table")) selection = [];
      selection.push(item);
    }
    draw(view);
  }

  function dropTarget(node, target) {
    node.addEventListener("dragover", (event) => { event.preventDefault(); node.classList.add("drop-over"); });
    node.addEventListener("dragleave", () => node.classList.remove("drop-over"));
    node.addEventListener("drop", (event) => {
      event.preventDefault();
      event.stopPropagation();
      node.classList.remove("drop-over");
      let items = [];
      try { items = JSON.parse(event.dataTransfer.getData("application/x-machiavelli") || "[]"); } catch (e) { items = []; }
      if (target.kind === "hand") {
        const to = event.target.closest(".card");
        if (items.length === 1 && items[0].from === "hand" && to && to.dataset.from === "hand") {
          const order = handOrder(view.hand);
          const from = items[0].index, at = Number(to.dataset.index);
          const [moved] = order.splice(from, 1);
          order.splice(at > from ? at - 1 : at, 0, moved);
          keepOrder(order);
          draw(view);
        }
        return;
      }
      place(items, target);
    });
  }

  function drawStatus() {
    const status = document.getElementById("status");
    status.replaceChildren();
    let text = view.turn_text + " — ";
    if (view.result) text += view.result.text;
    else text += view.my_turn ? W.your_turn : fmt(W.waiting, { player: view.to_play_name });
    status.append(el("p", { id: "turn-line" }, text));
    status.append(el("p", { id: "deck-line" }, W.deck + ": " + view.deck_text));
    if (view.just_drawn.length) {
      status.append(el("p", { id: "drawn-line" }, fmt(W.drawn, { cards: view.just_drawn.map((c) => (view.cards[c] || {}).name || c).join(", ") })));
    }
  }

  function drawTable() {
    const box = document.getElementById("table");
    box.replaceChildren();
    for (const meld of view.table) {
      const label = meld.label;
      const state = meld.valid ? (meld.kind || "") : fmt(W.invalid, { reason: meld.reason });
      const group = el("div", { class: "meld" + (meld.valid ? "" : " invalid") + (meld.changed ? " changed" : "") +
        (selectedMeld === meld.number ? " chosen" : ""), role: "group", "aria-label": label + (state ? ": " + state : "") +
        (meld.changed ? ", " + W.changed : ""), "data-meld": meld.number });
      const handle = el("button", { type: "button", class: "handle", draggable: "true", "data-meld": meld.number,
        "aria-pressed": selectedMeld === meld.number ? "true" : "false",
        "aria-label": label + ", " + W.take_meld }, label + (meld.valid ? "" : " ✗"));
      handle.addEventListener("click", () => {
        if (selection.length || (selectedMeld !== null && selectedMeld !== meld.number)) {
          const chosen = selectedMeld !== null ? [{ whole: true, meld: selectedMeld }] : selection;
          place(chosen, { kind: "meld", meld: meld.number });
          return;
        }
        selectedMeld = selectedMeld === meld.number ? null : meld.number;
        selection = [];
        draw(view);
      });
      handle.addEventListener("dragstart", (event) => {
        event.dataTransfer.setData("application/x-machiavelli", JSON.stringify([{ whole: true, meld: meld.number }]));
        event.dataTransfer.setData("text/plain", label);
      });
      const cards = el("div", { class: "cards" });
      meld.cards.forEach((code, k) => cards.append(cardButton(code, "table", { meld: meld.number, moved: meld.moved[k], index: k })));
      group.append(handle, cards);
      if (!meld.valid) group.append(el("p", { class: "reason" }, "✗ " + fmt(W.invalid, { reason: meld.reason })));
      if (meld.jokers) group.append(el("p", { class: "note" }, meld.jokers));  // what its jokers stand for
      dropTarget(group, { kind: "meld", meld: meld.number });
      box.append(group);
    }
    if (!view.table.length) box.append(el("p", { class: "note" }, W.drop_here));
  }

  // Cards dropped on the table between melds start a new meld.
  dropTarget(document.getElementById("table"), { kind: "new" });

  // ``codes`` less the cards gathered for the new meld from ``from``.
  function notPending(codes, from) {
    const out = codes.slice();
    for (const p of pending) {
      if (p.from !== from) continue;
      const k = out.indexOf(p.code);
      if (k >= 0) out.splice(k, 1);
    }
    return out;
  }

  function zone(id, title, codes, from, target) {
    const node = el("section", { class: "zone", id, "aria-label": title });
    node.append(el("h2", {}, title));
    const cards = el("div", { class: "cards" });
    codes.forEach((code, k) => cards.append(cardButton(code, from, { index: k })));
    node.append(cards);
    if (target) {
      dropTarget(node, target);
      const put = () => {
        if (selectedMeld !== null) place([{ whole: true, meld: selectedMeld }], target);
        else if (selection.length) place(selection, target);
      };
      node.addEventListener("click", put);
      // The same without a mouse: select cards, then this button.
      const button = el("button", { type: "button", class: "put-here", "data-target": target.kind,
        disabled: selection.length || selectedMeld !== null ? null : true,
        "aria-label": W.put_here + " — " + title }, W.put_here);
      button.addEventListener("click", (event) => { event.stopPropagation(); put(); });
      node.append(button);
    }
    return node;
  }

  function drawExtras() {
    const box = document.getElementById("extras");
    box.replaceChildren();
    const areas = Object.fromEntries(view.layout.areas.map((a) => [a.key, a]));
    // The new meld: the gathered cards, sent together as one ``play`` (those no longer held are dropped).
    const held = { hand: handOrder(view.hand), taken: view.taken.slice(), help: view.help.slice() };
    pending = pending.filter((p) => {
      const left = held[p.from] || [];
      const k = left.indexOf(p.code);
      if (k < 0) return false;
      left.splice(k, 1);
      return true;
    });
    if (view.help.length) box.append(zone("help-cards", areas.help.label, notPending(view.help, "help"), "help", null));
    box.append(zone("taken", areas.taken.label, notPending(view.taken, "taken"), "taken", { kind: "taken" }));
    const fresh = zone("new-meld", areas.new.label, pending.map((p) => p.code), "pending", { kind: "new" });
    const lay = el("button", { type: "button", id: "lay-down", disabled: pending.length ? null : true }, W.play_new);
    lay.addEventListener("click", async (event) => {
      event.stopPropagation();
      const command = "play " + pending.map(cardWord).join(" ");
      if (await send(command)) { pending = []; draw(view); }
    });
    const back = el("button", { type: "button", id: "put-back", disabled: pending.length ? null : true }, W.clear);
    back.addEventListener("click", (event) => { event.stopPropagation(); pending = []; draw(view); });
    fresh.append(lay, " ", back);
    box.append(fresh);
  }

  function drawHand() {
    const box = document.getElementById("hand-area");
    box.replaceChildren();
    const title = el("h2", {}, view.layout.areas.find((a) => a.key === "hand").label);
    const tools = el("div", { class: "hand-tools", role: "group", "aria-label": W.order }, W.order + ":");
    for (const o of view.layout.orders) {
      const b = el("button", { type: "button", "data-order": o.order, "aria-pressed": view.order === o.order ? "true" : "false" }, o.label);
      b.addEventListener("click", () => { localStorage.removeItem(orderKey); send("sort " + o.order); });
      tools.append(b);
    }
    const cards = el("div", { class: "cards", id: "hand" });
    const drawn = view.just_drawn.slice();
    const used = pending.filter((p) => p.from === "hand").map((p) => p.code);
    handOrder(view.hand).forEach((code, k) => {
      const u = used.indexOf(code);
      if (u >= 0) { used.splice(u, 1); return; }
      const d = drawn.indexOf(code);
      if (d >= 0) drawn.splice(d, 1);
      const button = cardButton(code, "hand", { index: k, drawn: d >= 0 });
      button.dataset.index = k;
      button.id = "hand-card-" + k;
      // Alt+arrow keys move the card in the hand (the player's own order), without a mouse.
      button.addEventListener("keydown", (event) => {
        if (!event.altKey || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
        event.preventDefault();
        const rtl = document.documentElement.dir === "rtl";
        const step = (event.key === "ArrowRight") !== rtl ? 1 : -1;
        const order = handOrder(view.hand);
        const to = k + step;
        if (to < 0 || to >= order.length) return;
        [order[k], order[to]] = [order[to], order[k]];
        keepOrder(order);
        draw(view);
        const again = document.getElementById("hand-card-" + to);
        if (again) again.focus();
      });
      cards.append(button);
    });
    dropTarget(cards, { kind: "hand" });
    box.append(title, tools, cards);
  }

  function drawControls() {
    const box = document.getElementById("controls");
    box.replaceChildren();
    for (const b of view.layout.buttons) {
      const enabled = !view.result && Boolean(view[b.enabled]);
      const button = el("button", { type: "button", "data-command": b.command, disabled: enabled ? null : true }, b.label);
      button.addEventListener("click", () => send(b.command));
      box.append(button);
    }
    const chosen = selection.length === 1 && selection[0].from === "table" ? selection[0] : null;
    const split = el("button", { type: "button", id: "split", disabled: chosen && view.my_turn ? null : true }, W.split);
    split.addEventListener("click", () => { if (chosen) { clearSelection(); send("split " + chosen.meld + " " + symbol(chosen.code)); } });
    box.append(split);
    const names = selection.map((s) => (view.cards[s.code] || {}).name || s.code);
    box.append(el("p", { id: "selection", class: "note", "aria-live": "polite" },
      names.length ? fmt(W.selection, { cards: names.join(", ") }) : W.none_selected));
  }

  // The final hands under the result.
  function finalHands(box) {
    box.append(el("h3", {}, W.final_hands));
    for (const h of view.result.hands) {
      const cards = el("div", { class: "cards" });
      h.cards.forEach((code, k) => cards.append(cardButton(code, "final", { index: k })));
      box.append(el("p", {}, h.name), cards);
    }
  }

  function draw(next) {
    // Views come by two roads (answers and the live socket): an older one never replaces a newer.
    if (view && next.version !== undefined && view.version !== undefined && next.version < view.version) return;
    if (declared(next)) { view = next; Areas.draw(next); return; }
    const focused = document.activeElement && document.activeElement.id;
    view = next;
    drawStatus(); Page.drawOthers(view); drawTable(); drawExtras(); drawHand(); drawControls();
    Page.drawSince(view); Page.drawResult(view, finalHands);
    document.body.classList.toggle("my-turn", Boolean(view.my_turn));
    if (focused) { const again = document.getElementById(focused); if (again) again.focus(); }
  }

  // -- keyboard: the terminal's commands --------------------------------------------------
  const form = document.getElementById("command-form");
  const input = document.getElementById("command");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const line = input.value.trim();
    if (!line) return;
    if (await send(line)) input.value = "";
    input.focus();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && declared()) { Areas.clear(); return; }
    if (event.key === "Escape") { clearSelection(); pending = []; if (view) draw(view); }
  });

  Areas.use({ send, say });

  // -- live updates -----------------------------------------------------------------------
  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + location.host + base + "/live" + query);
    socket.addEventListener("message", (event) => { draw(JSON.parse(event.data)); });
    socket.addEventListener("open", () => { if (messages.dataset.lost) { messages.replaceChildren(); delete messages.dataset.lost; } });
    socket.addEventListener("close", () => {
      messages.dataset.lost = "1";
      say([W.connection_lost], true);
      setTimeout(connect, 1500);
    });
  }
  connect();
})();
