// The one table script: every game's table drawn from the areas it declares
// (view.areas): numbered melds with their marks, rows of cards, labelled groups
// of cards, a working area, a new meld being gathered, teams, answers as
// buttons, lines of text, the hand and the result; each card as the game draws
// and names it when it says so (``text``, ``name``); the game's buttons
// (view.layout.buttons, each with its state and the command it sends).
//
// Two ways of playing, as the game declares:
// - view.compose (Machiavelli): cards picked (by clicks, Space or drag) and put
//   on a target (a meld, an area) become the command the matching rule writes,
//   in the game's notation ({cards}, {from}, {to}); a rule that gathers keeps
//   the cards in the new meld until its own command sends them all.
// - view.moves (Cicera, Sì Sè Pái): a hand card put on a target area (or on one
//   of its cards) is the move the engine lists for it; when several fit, the
//   page lists them to choose from.
"use strict";

const Areas = (() => {
  const W = Page.words, el = Page.el, fmt = Page.fmt;
  let view = null, tools = null;
  // Picked cards: {code, from: "hand"|"meld"|an area's key, meld, index}; or a whole meld.
  let selection = [];
  let selectedMeld = null;
  // Cards gathered for a new meld (not yet sent): {code, from}.
  let pending = [];
  let choices = [];      // [{command, text}] offered now
  let hinted = new Set();

  function composed() { return Boolean(view && view.compose && view.compose.length); }
  function info(code) {
    return view.cards[code] || { symbol: code, rank: code, suit_symbol: "", suit: "", colour: "black", name: code };
  }
  function area(key) { return view.areas.find((a) => a.key === key) || null; }
  function areaOf(kind) { return view.areas.find((a) => a.kind === kind) || null; }

  // -- the hand as the player arranged it (kept in this browser) ------------------------
  function handOrder(hand) {
    if (!tools || !tools.orderKey) return hand.slice();
    let custom;
    try { custom = JSON.parse(localStorage.getItem(tools.orderKey) || "null"); } catch (e) { custom = null; }
    if (!Array.isArray(custom)) return hand.slice();
    const left = hand.slice(), out = [];
    for (const code of custom) {
      const k = left.indexOf(code);
      if (k >= 0) { out.push(code); left.splice(k, 1); }
    }
    return out.concat(left);
  }
  function keepOrder(codes) { if (tools && tools.orderKey) localStorage.setItem(tools.orderKey, JSON.stringify(codes)); }
  function forgetOrder() { if (tools && tools.orderKey) localStorage.removeItem(tools.orderKey); }

  // -- composing commands from the cards picked (view.compose) -------------------------
  function symbol(code) { return info(code).symbol || code; }
  function cardWord(item) { const a = area(item.from); return ((a && a.prefix) || "") + symbol(item.code); }
  function fill(template, values) { return template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m)).trim(); }
  function sourceOf(items) { return items[0].whole ? "whole" : items[0].from; }
  function targetOf(target) { return target.meld !== undefined ? "meld" : target.area; }

  // Put ``items`` on ``target`` ({meld: n} or {area: key}): the rule's command, or a gathering.
  async function place(items, target) {
    if (!items.length) return;
    const source = sourceOf(items);
    if (items.some((i) => sourceOf([i]) !== source || (source === "meld" || source === "whole") && i.meld !== items[0].meld)) return;
    const rule = view.compose.find((r) => r.source === source && r.target === targetOf(target));
    if (!rule) return;
    const from = items[0].meld;
    if (target.meld !== undefined && from !== undefined && from !== null && target.meld === from) return;
    const codes = source === "whole" ? ((view.table.find((m) => m.number === from) || {}).cards || []) : items.map((i) => i.code);
    const command = rule.command ? fill(rule.command, { cards: items.filter((i) => !i.whole).map(cardWord).join(" "),
      from: from === undefined || from === null ? "" : from, to: target.meld === undefined ? "" : target.meld }) : "";
    clearSelection();
    if (!command) {
      if (rule.gather) { pending = pending.concat(items); draw(view); }
      return;
    }
    const ok = await tools.send(command);
    if (ok && rule.gather) {
      // Off the table first: the cards are now the working area's (they must go back by the end of the turn).
      const working = areaOf("working");
      pending = pending.concat(codes.map((code) => ({ code, from: working ? working.key : "" })));
      draw(view);
    }
  }

  function clearSelection() { selection = []; selectedMeld = null; }

  function clickCard(item) {
    // With cards chosen elsewhere, a click on a meld's card places them on that meld.
    if (item.from === "meld" && (selection.length || selectedMeld !== null)) {
      const chosen = selectedMeld !== null ? [{ whole: true, meld: selectedMeld }] : selection;
      const elsewhere = chosen.some((c) => c.whole ? c.meld !== item.meld : (c.from !== "meld" || c.meld !== item.meld));
      if (elsewhere) { place(chosen, { meld: item.meld }); return; }
    }
    selectedMeld = null;
    const k = selection.findIndex((s) => s.code === item.code && s.from === item.from && s.meld === item.meld && s.index === item.index);
    if (k >= 0) selection.splice(k, 1);
    else {
      if (selection.length && (selection[0].from === "meld") !== (item.from === "meld")) selection = [];
      selection.push(item);
    }
    draw(view);
  }

  // -- playing the moves the engine lists (view.moves) -----------------------------------
  function selectedCard() { return selection.length === 1 && selection[0].from === "hand" ? selection[0].code : null; }

  // Play ``card`` on the target (on its card ``onto`` when given): the move
  // if the engine lists one, a choice if several, else the engine's refusal.
  async function play(card, onto) {
    const fits = view.moves.filter((m) => m.card === card && (!onto || m.takes.includes(onto)));
    selection = [];
    if (fits.length === 1) { choices = []; await tools.send(fits[0].command); return; }
    if (fits.length > 1) { choices = fits.map((m) => ({ command: m.command, text: m.text })); draw(view); return; }
    choices = [];
    draw(view);
    // Nothing fits: the engine says why in its own words (a move of another card, with this one).
    const like = view.moves.find((m) => m.card);
    if (onto) await tools.send("play " + card + " take " + onto);
    else if (like) await tools.send(like.command.split(/\s+/).map((w) => (w === like.card ? card : w)).join(" "));
  }

  // -- cards and drop targets ------------------------------------------------------------
  // ``from``: "hand", "meld", an area's key, "target" (a card of a target area: moves),
  // "pending" (gathered), "final"; ``extra``: {mark, classes, meld, index, moved}.
  function cardButton(code, from, extra) {
    const i = info(code);
    const marks = extra.marks || [];
    const classes = ["card", "suit-" + i.suit, i.colour === "red" ? "red" : "dark", "colour-" + i.colour, ...(extra.classes || [])];
    if (hinted.has(code) && from !== "meld") classes.push("hinted");
    const pickable = from === "hand" || (composed() && from !== "pending" && from !== "final");
    const pressed = pickable && selection.some((s) => s.code === code && s.from === from && s.meld === (extra.meld === undefined ? null : extra.meld) &&
      s.index === extra.index);
    const label = [i.name, ...marks].join(", ");
    const button = el("button", { type: "button", class: classes.join(" "), draggable: pickable ? "true" : null,
      "data-code": code, "data-from": from, "data-meld": extra.meld === undefined ? null : extra.meld,
      "aria-label": label, title: label, "aria-pressed": pickable ? (pressed ? "true" : "false") : null },
    ...(i.text ? [el("span", { class: "face", "aria-hidden": "true" }, i.text)]
      : [el("span", { class: "rank", "aria-hidden": "true" }, i.rank), el("span", { class: "suit", "aria-hidden": "true" }, i.suit_symbol)]));
    if (typeof Faces !== "undefined") Faces.dress(button, i);  // its drawn face, when its game says how it looks
    const item = { code, from, meld: extra.meld === undefined ? null : extra.meld, index: extra.index };
    button.addEventListener("click", (event) => {
      event.stopPropagation();
      if (composed()) { if (pickable) clickCard(item); return; }
      if (from === "hand") { selection = pressed ? [] : [item]; choices = []; draw(view); }
      else if (from === "target" && selectedCard()) play(selectedCard(), code);
    });
    if (pickable) {
      button.addEventListener("dragstart", (event) => {
        const chosen = pressed ? selection : [item];
        event.dataTransfer.setData("application/x-machiavelli", JSON.stringify(chosen));
        if (from === "hand") event.dataTransfer.setData("application/x-machiavelli-card", code);
        event.dataTransfer.setData("text/plain", chosen.map((c) => c.code).join(" "));
        event.dataTransfer.effectAllowed = "move";
      });
    }
    return button;
  }

  // ``target``: {meld: n} or {area: key} (composed), {onto: code|null} (moves), {hand: true}.
  function dropTarget(node, target) {
    node.addEventListener("dragover", (event) => { event.preventDefault(); node.classList.add("drop-over"); });
    node.addEventListener("dragleave", () => node.classList.remove("drop-over"));
    node.addEventListener("drop", (event) => {
      event.preventDefault();
      event.stopPropagation();
      node.classList.remove("drop-over");
      let items = [];
      try { items = JSON.parse(event.dataTransfer.getData("application/x-machiavelli") || "[]"); } catch (e) { items = []; }
      if (target.hand) {
        // A hand card dropped on another: the hand in the player's own order.
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
      if (composed()) { place(items, target); return; }
      const card = event.dataTransfer.getData("application/x-machiavelli-card");
      if (card) play(card, target.onto || null);
    });
  }

  // What a click on a target area, or its button, does with the cards picked.
  function putHere(target) {
    if (composed()) {
      if (selectedMeld !== null) place([{ whole: true, meld: selectedMeld }], target);
      else if (selection.length) place(selection, target);
    } else if (selectedCard()) play(selectedCard(), null);
  }

  function putButton(node, key, label, enabled, target, words) {
    node.addEventListener("click", () => putHere(target));
    const button = el("button", { type: "button", class: "put-here", "data-target": key,
      disabled: enabled ? null : true, "aria-label": words + " — " + label }, words);
    button.addEventListener("click", (event) => { event.stopPropagation(); putHere(target); });
    node.append(button);
  }

  // -- the status and the areas ------------------------------------------------------------
  function drawStatus() {
    const status = document.getElementById("status");
    let text = view.turn_text + " — ";
    if (view.result) text += view.result.text;
    else if (view.status) text += view.status;
    else text += view.my_turn ? W.your_turn : fmt(W.waiting, { player: view.to_play_name });
    status.replaceChildren(el("p", { id: "turn-line" }, text));
    for (const line of view.lines || []) status.append(el("p", { id: line.key + "-line" }, line.text));
  }

  function zone(a, extraClass) {
    const node = el("section", { class: "zone area-" + a.kind + (extraClass || "") + (a.mine ? " mine" : ""), id: "area-" + a.key,
      "data-area": a.key, "aria-label": a.label });
    node.append(el("h2", {}, a.label));
    return node;
  }

  // ``codes`` less the cards gathered from ``from``.
  function notPending(codes, from) {
    const out = codes.slice();
    for (const p of pending) {
      if (p.from !== from) continue;
      const k = out.indexOf(p.code);
      if (k >= 0) out.splice(k, 1);
    }
    return out;
  }

  function cardsArea(a) {
    const node = zone(a, a.target ? " target" : "");
    const cards = el("div", { class: "cards" });
    const from = composed() ? a.key : (a.target ? "target" : "area");
    const shown = composed() ? notPending(a.cards, a.key) : a.cards;
    shown.forEach((code, k) => {
      const marked = a.marked.includes(code);
      const classes = marked ? [a.kind === "working" ? "moved" : a.prefix ? "help-card" : "left-card"] : [];
      const button = cardButton(code, from, { marks: marked && a.mark ? [a.mark] : [], classes, index: k });
      if (a.target && !composed()) dropTarget(button, { onto: code });
      cards.append(button);
    });
    node.append(cards);
    for (const line of a.lines) node.append(el("p", { class: "note" }, line));
    if (a.kind === "working") {
      dropTarget(node, { area: a.key });
      putButton(node, a.key, a.label, selection.length || selectedMeld !== null, { area: a.key }, W.put_here);
    } else if (a.target) {
      dropTarget(node, { onto: null });
      putButton(node, a.key, a.label, selectedCard() && view.my_turn, { onto: null }, W.put_card);
    }
    return node;
  }

  // Numbered melds: each with its marks (changed, moved cards, invalid and why) and a handle
  // that picks the whole meld; each a drop target.
  function meldsArea(melds, a, box) {
    const row = el("div", { class: "melds", id: "area-" + a.key, "data-area": a.key, role: "group", "aria-label": a.label });
    for (const meld of melds) {
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
          place(chosen, { meld: meld.number });
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
      meld.cards.forEach((code, k) => cards.append(cardButton(code, "meld", { meld: meld.number, index: k,
        classes: meld.moved[k] ? ["moved"] : [], marks: meld.moved[k] ? [W.moved] : [] })));
      group.append(handle, cards);
      if (!meld.valid) group.append(el("p", { class: "reason" }, "✗ " + fmt(W.invalid, { reason: meld.reason })));
      if (meld.jokers) group.append(el("p", { class: "note" }, meld.jokers));  // what its jokers stand for
      dropTarget(group, { meld: meld.number });
      row.append(group);
    }
    if (!melds.length) row.append(el("p", { class: "note" }, W.drop_here));
    box.append(row);
  }

  // The new meld: the gathered cards, sent together with the area's command (those no longer held are dropped).
  function newArea(a) {
    const held = {};
    for (const x of view.areas) if (x.kind !== "melds") held[x.key] = x.kind === "hand" ? handOrder(view.hand) : x.cards.slice();
    held.hand = handOrder(view.hand);
    pending = pending.filter((p) => {
      const left = held[p.from] || [];
      const k = left.indexOf(p.code);
      if (k < 0) return false;
      left.splice(k, 1);
      return true;
    });
    const node = zone(a, " target");
    const cards = el("div", { class: "cards" });
    pending.forEach((p, k) => cards.append(cardButton(p.code, "pending", { index: k })));
    node.append(cards);
    dropTarget(node, { area: a.key });
    putButton(node, a.key, a.label, selection.length || selectedMeld !== null, { area: a.key }, W.put_here);
    const lay = el("button", { type: "button", id: "lay-down", disabled: pending.length ? null : true }, W.play_new);
    lay.addEventListener("click", async (event) => {
      event.stopPropagation();
      if (await tools.send(fill(a.command, { cards: pending.map(cardWord).join(" ") }))) { pending = []; draw(view); }
    });
    const back = el("button", { type: "button", id: "put-back", disabled: pending.length ? null : true }, W.clear);
    back.addEventListener("click", (event) => { event.stopPropagation(); pending = []; draw(view); });
    node.append(lay, " ", back);
    return node;
  }

  // Labelled groups of face-up cards (a seat's open melds, its cards set aside).
  function groupsArea(a) {
    const node = zone(a, "");
    const row = el("div", { class: "groups" });
    a.groups.forEach((group, k) => {
      const box = el("div", { class: "group", role: "group", "aria-label": group.label, "data-group": k },
        el("span", { class: "group-label" }, group.label));
      const cards = el("div", { class: "cards" });
      for (const code of group.cards) cards.append(cardButton(code, "area", {}));
      box.append(cards);
      row.append(box);
    });
    node.append(row);
    for (const line of a.lines) node.append(el("p", { class: "note" }, line));
    return node;
  }

  // The moves that play no hand card (answers such as take, win, pass), as buttons.
  function movesArea(a) {
    const node = zone(a, "");
    for (const line of a.lines) node.append(el("p", { class: "note" }, line));
    const buttons = el("div", { class: "answers", role: "group", "aria-label": a.label });
    for (const move of view.moves.filter((m) => !m.card)) {
      const b = el("button", { type: "button", class: "answer", "data-command": move.command }, move.text);
      b.addEventListener("click", async () => { choices = []; selection = []; await tools.send(move.command); });
      buttons.append(b);
    }
    node.append(buttons);
    return node;
  }

  function textArea(a) {
    const node = zone(a, "");
    if (a.names.length) {
      const who = el("ul", { class: "members" });
      a.seats.forEach((s, k) => who.append(el("li", { "data-seat": s, class: s === view.to_play ? "current" : "" }, a.names[k])));
      node.append(who);
    }
    for (const line of a.lines) node.append(el("p", {}, line));
    return node;
  }

  function drawHand(a) {
    const box = document.getElementById("hand-area");
    const cards = el("div", { class: "cards", id: "hand" });
    const marked = a ? a.marked.slice() : [];
    const used = pending.filter((p) => p.from === "hand").map((p) => p.code);
    let k = 0;
    const add = (into, code, index) => {
      const u = used.indexOf(code);
      if (u >= 0) { used.splice(u, 1); return; }
      const d = marked.indexOf(code);
      if (d >= 0) marked.splice(d, 1);
      const button = cardButton(code, "hand", { index, classes: d >= 0 ? ["drawn"] : [], marks: d >= 0 && a.mark ? [a.mark] : [] });
      button.dataset.index = index;
      button.id = "hand-card-" + k;
      k += 1;
      into.append(button);
      return button;
    };
    const bar = [];
    if (view.layout.orders) {
      const row = el("div", { class: "hand-tools", role: "group", "aria-label": W.order }, W.order + ":");
      for (const o of view.layout.orders) {
        const b = el("button", { type: "button", "data-order": o.order, "aria-pressed": view.order === o.order ? "true" : "false" }, o.label);
        b.addEventListener("click", () => { forgetOrder(); sendCommand("sort " + o.order); });
        row.append(b);
      }
      bar.push(row);
    }
    if (a && a.groups.length) {
      // The game arranges the hand (by colour...): one labelled group each.
      cards.classList.add("grouped");
      let index = 0;
      for (const group of a.groups) {
        const box = el("div", { class: "group", role: "group", "aria-label": group.label },
          el("span", { class: "group-label" }, group.label));
        const row = el("div", { class: "cards" });
        group.cards.forEach((code) => { add(row, code, index); index += 1; });
        box.append(row);
        cards.append(box);
      }
    } else {
      // The player's own order: drop a card on another, or Alt with an arrow key.
      const order = handOrder(view.hand);
      order.forEach((code, index) => {
        const button = add(cards, code, index);
        if (!button) return;
        button.addEventListener("keydown", (event) => {
          if (!event.altKey || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
          event.preventDefault();
          const rtl = document.documentElement.dir === "rtl";
          const step = (event.key === "ArrowRight") !== rtl ? 1 : -1;
          const to = index + step;
          if (to < 0 || to >= order.length) return;
          const again = order.slice();
          [again[index], again[to]] = [again[to], again[index]];
          keepOrder(again);
          draw(view);
          const next = document.querySelector('#hand .card[data-index="' + to + '"]');
          if (next) next.focus();
        });
      });
      dropTarget(cards, { hand: true });
    }
    box.replaceChildren(el("h2", {}, a ? a.label : ""), ...bar, cards);
  }

  function sendCommand(command) { return tools.send(command); }

  function drawControls() {
    const box = document.getElementById("controls");
    box.replaceChildren();
    if (choices.length) {
      const list = el("div", { id: "choices", role: "group", "aria-label": W.choose }, el("p", {}, W.choose));
      for (const c of choices) {
        const b = el("button", { type: "button", class: "choice", "data-command": c.command }, c.text);
        b.addEventListener("click", async () => { choices = []; await tools.send(c.command); });
        list.append(b);
      }
      const cancel = el("button", { type: "button", id: "cancel-choice" }, W.cancel);
      cancel.addEventListener("click", () => { choices = []; draw(view); });
      list.append(cancel);
      box.append(list);
    }
    // The game's buttons; one that acts on a picked meld card (``needs``) carries its key as id.
    const chosen = selection.length === 1 && selection[0].from === "meld" ? selection[0] : null;
    for (const b of view.layout.buttons || []) {
      const needs = b.needs === "table-card";
      const enabled = Boolean((view.enabled || {})[b.key]) && !view.result && (!needs || chosen);
      const button = el("button", { type: "button", "data-command": b.key, id: needs ? b.key : null,
        disabled: enabled ? null : true }, b.label);
      button.addEventListener("click", () => {
        if (!needs) { tools.send(b.command); return; }
        if (!chosen) return;
        clearSelection();
        tools.send(fill(b.command, { from: chosen.meld, cards: symbol(chosen.code) }));
      });
      box.append(button);
    }
    const names = selection.map((s) => info(s.code).name);
    box.append(el("p", { id: "selection", class: "note", "aria-live": "polite" },
      names.length ? fmt(W.selection, { cards: names.join(", ") }) : W.none_selected));
    // Other ways of drawing the cards that the game offers (its letters, the characters printed on them).
    const faces = view.faces || { choices: [] };
    if (faces.choices.length) {
      const select = el("select", { id: "faces" });
      for (const c of faces.choices) {
        select.append(el("option", { value: c.key, selected: c.key === faces.chosen ? true : null }, c.label));
      }
      select.addEventListener("change", () => {
        const url = new URL(location.href);
        if (select.value) url.searchParams.set("faces", select.value); else url.searchParams.delete("faces");
        location.href = url.toString();
      });
      box.append(el("label", { class: "faces" }, W.faces + " ", select));
    }
  }

  // The result: its lines, and every hand at the end when the game shows them.
  function drawResult() {
    Page.drawResult(view, (box) => {
      for (const line of view.result.lines || []) box.append(el("p", {}, line));
      if (!view.result.hands || !view.result.hands.length) return;
      box.append(el("h3", {}, W.final_hands));
      for (const h of view.result.hands) {
        const cards = el("div", { class: "cards" });
        h.cards.forEach((code, k) => cards.append(cardButton(code, "final", { index: k })));
        box.append(el("p", {}, h.name), cards);
      }
    });
  }

  function draw(next) {
    const kept = typeof Front !== "undefined" ? Front.before(view, next) : null;  // layout, motion, keys (layout.js)
    const focused = document.activeElement && document.activeElement.id;
    if (view && next.turn !== view.turn && !composed()) { selection = []; choices = []; }
    view = next;
    if (!composed() && selectedCard() && !view.hand.includes(selectedCard())) selection = [];
    document.body.classList.add("areas");
    drawStatus(); Page.drawOthers(view);
    const table = document.getElementById("table"), extras = document.getElementById("extras");
    table.replaceChildren(); extras.replaceChildren();
    let hand = null;
    for (const a of view.areas) {
      if (a.kind === "hand") hand = a;
      else if (a.kind === "melds") meldsArea(view.table, a, table);
      else if (a.kind === "new") extras.append(newArea(a));
      else if (a.kind === "cards" || a.kind === "working") (a.target || a.key === "table" ? table : extras).append(cardsArea(a));
      else if (a.kind === "groups") extras.append(groupsArea(a));
      else if (a.kind === "moves") table.append(movesArea(a));
      else if (a.kind !== "result") extras.append(textArea(a));
    }
    drawHand(hand); drawControls(); Page.drawSince(view); drawResult();
    document.body.classList.toggle("my-turn", Boolean(view.my_turn));
    if (focused) { const again = document.getElementById(focused); if (again) again.focus(); }
    if (typeof Front !== "undefined") Front.after(kept, next);
  }

  // Choices the server offers for a typed line (e.g. ``play 7D take``).
  function offer(list) { choices = list || []; if (view) draw(view); }
  // The hand cards a hint puts down, marked.
  function hint(codes) { hinted = new Set(codes || []); }
  function clear() { clearSelection(); pending = []; choices = []; if (view) draw(view); }

  function use(api) { tools = api; }
  return { draw, offer, hint, clear, use };
})();
