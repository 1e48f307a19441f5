// The table of a game that declares its own areas (view.layout.kind === "areas"):
// rows of cards, labelled groups of cards, teams, answers as buttons, lines of
// text, the hand and the result, drawn as the game names them; each card as the
// game draws and names it when it says so (``text``, ``name``). A hand card is played by dropping it on a target area (or on
// one of its cards), or by selecting it and then the place; when the engine
// lists several moves for that, the page lists them to choose from.
"use strict";

const Areas = (() => {
  const W = Page.words, el = Page.el, fmt = Page.fmt;
  let view = null, tools = null;
  let selected = null;   // the code of the selected hand card
  let choices = [];      // [{command, text}] offered now

  function info(code) {
    return view.cards[code] || { symbol: code, rank: code, suit_symbol: "", suit: "", colour: "black", name: code };
  }

  function cardButton(code, from, extra) {
    const i = info(code);
    const marks = extra.mark ? [extra.mark] : [];
    const classes = ["card", "suit-" + i.suit, i.colour === "red" ? "red" : "dark", "colour-" + i.colour];
    if (extra.mark) classes.push("left-card");
    const pressed = from === "hand" && selected === code;
    const label = [i.name, ...marks].join(", ");
    const button = el("button", { type: "button", class: classes.join(" "), draggable: from === "hand" ? "true" : null,
      "data-code": code, "data-from": from, "aria-label": label, title: label,
      "aria-pressed": from === "hand" ? (pressed ? "true" : "false") : null },
    ...(i.text ? [el("span", { class: "face", "aria-hidden": "true" }, i.text)]
      : [el("span", { class: "rank", "aria-hidden": "true" }, i.rank), el("span", { class: "suit", "aria-hidden": "true" }, i.suit_symbol)]));
    button.addEventListener("click", (event) => {
      event.stopPropagation();
      if (from === "hand") { selected = selected === code ? null : code; choices = []; draw(view); }
      else if (from === "target" && selected) play(selected, code);
    });
    if (from === "hand") {
      button.addEventListener("dragstart", (event) => {
        event.dataTransfer.setData("application/x-machiavelli-card", code);
        event.dataTransfer.setData("text/plain", code);
        event.dataTransfer.effectAllowed = "move";
      });
    }
    return button;
  }

  // Play ``card`` on the target (on its card ``onto`` when given): the move
  // if the engine lists one, a choice if several, else the engine's refusal.
  async function play(card, onto) {
    const fits = view.moves.filter((m) => m.card === card && (!onto || m.takes.includes(onto)));
    selected = null;
    if (fits.length === 1) { choices = []; await tools.send(fits[0].command); return; }
    if (fits.length > 1) { choices = fits.map((m) => ({ command: m.command, text: m.text })); draw(view); return; }
    choices = [];
    draw(view);
    // Nothing fits: the engine says why in its own words (a move of another card, with this one).
    const like = view.moves.find((m) => m.card);
    if (onto) await tools.send("play " + card + " take " + onto);
    else if (like) await tools.send(like.command.split(/\s+/).map((w) => (w === like.card ? card : w)).join(" "));
  }

  function dropTarget(node, onto) {
    node.addEventListener("dragover", (event) => { event.preventDefault(); node.classList.add("drop-over"); });
    node.addEventListener("dragleave", () => node.classList.remove("drop-over"));
    node.addEventListener("drop", (event) => {
      event.preventDefault();
      event.stopPropagation();
      node.classList.remove("drop-over");
      const card = event.dataTransfer.getData("application/x-machiavelli-card");
      if (card) play(card, onto);
    });
  }

  function drawStatus() {
    const status = document.getElementById("status");
    let text = view.turn_text + " — ";
    if (view.result) text += view.result.text;
    else if (view.status) text += view.status;
    else text += view.my_turn ? W.your_turn : fmt(W.waiting, { player: view.to_play_name });
    status.replaceChildren(el("p", { id: "turn-line" }, text));
  }

  function cardsArea(area) {
    const node = el("section", { class: "zone area-cards" + (area.target ? " target" : ""), id: "area-" + area.key,
      "data-area": area.key, "aria-label": area.label });
    node.append(el("h2", {}, area.label));
    const cards = el("div", { class: "cards" });
    for (const code of area.cards) {
      const marked = area.marked.includes(code);
      const button = cardButton(code, area.target ? "target" : "area", { mark: marked ? area.mark : "" });
      if (area.target) dropTarget(button, code);
      cards.append(button);
    }
    node.append(cards);
    for (const line of area.lines) node.append(el("p", { class: "note" }, line));
    if (area.target) {
      dropTarget(node, null);
      node.addEventListener("click", () => { if (selected) play(selected, null); });
      const button = el("button", { type: "button", class: "put-here", "data-target": area.key,
        disabled: selected && view.my_turn ? null : true, "aria-label": W.put_card + " — " + area.label }, W.put_card);
      button.addEventListener("click", (event) => { event.stopPropagation(); if (selected) play(selected, null); });
      node.append(button);
    }
    return node;
  }

  // Labelled groups of face-up cards (a seat's open melds, its cards set aside).
  function groupsArea(area) {
    const node = el("section", { class: "zone area-groups" + (area.mine ? " mine" : ""), id: "area-" + area.key,
      "data-area": area.key, "aria-label": area.label });
    node.append(el("h2", {}, area.label));
    const row = el("div", { class: "groups" });
    area.groups.forEach((group, k) => {
      const box = el("div", { class: "group", role: "group", "aria-label": group.label, "data-group": k },
        el("span", { class: "group-label" }, group.label));
      const cards = el("div", { class: "cards" });
      for (const code of group.cards) cards.append(cardButton(code, "area", {}));
      box.append(cards);
      row.append(box);
    });
    node.append(row);
    for (const line of area.lines) node.append(el("p", { class: "note" }, line));
    return node;
  }

  // The moves that play no hand card (answers such as take, win, pass), as buttons.
  function movesArea(area) {
    const node = el("section", { class: "zone area-moves", id: "area-" + area.key, "data-area": area.key,
      "aria-label": area.label });
    node.append(el("h2", {}, area.label));
    for (const line of area.lines) node.append(el("p", { class: "note" }, line));
    const buttons = el("div", { class: "answers", role: "group", "aria-label": area.label });
    for (const move of view.moves.filter((m) => !m.card)) {
      const b = el("button", { type: "button", class: "answer", "data-command": move.command }, move.text);
      b.addEventListener("click", async () => { choices = []; selected = null; await tools.send(move.command); });
      buttons.append(b);
    }
    node.append(buttons);
    return node;
  }

  function textArea(area) {
    const node = el("section", { class: "zone area-" + area.kind + (area.mine ? " mine" : ""), id: "area-" + area.key,
      "data-area": area.key, "aria-label": area.label });
    node.append(el("h2", {}, area.label));
    if (area.names.length) {
      const who = el("ul", { class: "members" });
      area.seats.forEach((s, k) => who.append(el("li", { "data-seat": s, class: s === view.to_play ? "current" : "" }, area.names[k])));
      node.append(who);
    }
    for (const line of area.lines) node.append(el("p", {}, line));
    return node;
  }

  function drawHand(area) {
    const box = document.getElementById("hand-area");
    const cards = el("div", { class: "cards", id: "hand" });
    let k = 0;
    const add = (into, code) => {
      const button = cardButton(code, "hand", {});
      button.dataset.index = k;
      button.id = "hand-card-" + k;
      k += 1;
      into.append(button);
    };
    if (area && area.groups.length) {
      // The game arranges the hand (by colour...): one labelled group each.
      cards.classList.add("grouped");
      for (const group of area.groups) {
        const box = el("div", { class: "group", role: "group", "aria-label": group.label },
          el("span", { class: "group-label" }, group.label));
        const row = el("div", { class: "cards" });
        group.cards.forEach((code) => add(row, code));
        box.append(row);
        cards.append(box);
      }
    } else view.hand.forEach((code) => add(cards, code));
    box.replaceChildren(el("h2", {}, area ? area.label : ""), cards);
  }

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
    box.append(el("p", { id: "selection", class: "note", "aria-live": "polite" },
      selected ? fmt(W.selection, { cards: info(selected).name }) : W.none_selected));
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

  function draw(next) {
    const focused = document.activeElement && document.activeElement.id;
    if (view && next.turn !== view.turn) { selected = null; choices = []; }
    view = next;
    if (selected && !view.hand.includes(selected)) selected = null;
    document.body.classList.add("areas");
    drawStatus(); Page.drawOthers(view);
    const table = document.getElementById("table"), extras = document.getElementById("extras");
    table.replaceChildren(); extras.replaceChildren();
    let hand = null;
    for (const area of view.areas) {
      if (area.kind === "hand") hand = area;
      else if (area.kind === "cards") (area.target || area.key === "table" ? table : extras).append(cardsArea(area));
      else if (area.kind === "groups") extras.append(groupsArea(area));
      else if (area.kind === "moves") table.append(movesArea(area));
      else if (area.kind !== "result") extras.append(textArea(area));
    }
    drawHand(hand); drawControls(); Page.drawSince(view);
    Page.drawResult(view, (box) => { for (const line of view.result.lines) box.append(el("p", {}, line)); });
    document.body.classList.toggle("my-turn", Boolean(view.my_turn));
    if (focused) { const again = document.getElementById(focused); if (again) again.focus(); }
  }

  // Choices the server offers for a typed line (e.g. ``play 7D take``).
  function offer(list) { choices = list || []; if (view) draw(view); }
  function clear() { selected = null; choices = []; if (view) draw(view); }

  function use(api) { tools = api; }
  return { draw, offer, clear, use };
})();
