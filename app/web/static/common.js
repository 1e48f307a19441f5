// Shared by the start page and the table: the page's words, settings, requests.
"use strict";

const Page = (() => {
  function block(id) {
    const el = document.getElementById(id);
    return el ? JSON.parse(el.textContent) : {};
  }
  const words = block("words");

  // A message with {name} placeholders filled (values are text, never markup).
  function fmt(template, values) {
    return String(template).replace(/\{(\w+)\}/g, (m, k) => (values && k in values ? String(values[k]) : m));
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  async function api(method, url, body) {
    const options = { method, headers: {} };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const response = await fetch(url, options);
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    return { ok: response.ok, status: response.status, data: data || {} };
  }

  // Language, contrast and the four-colour deck: remembered in this browser.
  function settings() {
    const body = document.body;
    for (const [id, cls] of [["four-colour", "four-colour"], ["contrast", "high-contrast"]]) {
      const box = document.getElementById(id);
      if (!box) continue;
      const key = "machiavelli-" + id;
      box.checked = localStorage.getItem(key) === "1";
      body.classList.toggle(cls, box.checked);
      box.addEventListener("change", () => {
        localStorage.setItem(key, box.checked ? "1" : "0");
        body.classList.toggle(cls, box.checked);
      });
    }
    const language = document.getElementById("language");
    if (language) {
      language.addEventListener("change", () => {
        const url = new URL(location.href);
        url.searchParams.set("lang", language.value);
        location.href = url.toString();
      });
    }
  }

  // -- boxes both tables draw the same way, from the seat's view -----------------------

  // The other seats, the one to play marked; a partner (team games: the game declares teams) says so.
  function drawOthers(view) {
    const box = document.getElementById("others");
    box.replaceChildren(el("h2", {}, words.others));
    const list = el("ul", {});
    const teams = (view.areas || []).some((a) => a.kind === "team");
    for (const o of view.others) {
      const partner = teams && "partner" in o ? (o.partner ? "true" : "false") : null;
      list.append(el("li", { class: o.seat === view.to_play ? "current" : "", "data-seat": o.seat, "data-partner": partner },
        o.name + (o.partner ? " — " + words.partner : "") + ": " + o.cards_text));
    }
    box.append(list);
  }

  // What happened since this seat's last turn.
  function drawSince(view) {
    const box = document.getElementById("since");
    box.replaceChildren(el("h2", {}, words.since));
    if (!view.since.length) { box.append(el("p", {}, words.nothing_since)); return; }
    const list = el("ol", {});
    for (const line of view.since) list.append(el("li", {}, line));
    box.append(list);
  }

  // The result once the deal is over: its text, what the game adds (details(box)), the record.
  function drawResult(view, details) {
    const box = document.getElementById("result");
    if (!view.result) { box.hidden = true; box.replaceChildren(); return; }
    box.hidden = false;
    box.replaceChildren(el("h2", {}, words.result), el("p", { id: "result-text" }, view.result.text));
    if (details) details(box);
    if (view.result.record) box.append(el("p", {}, el("a", { href: view.result.record, download: "" }, words.record)));
    if (view.result.review) box.append(el("p", {}, el("a", { href: view.result.review, id: "review-link" }, words.review)));
  }

  function savedGames() {
    let all;
    try { all = JSON.parse(localStorage.getItem("machiavelli-games") || "{}"); } catch (e) { return {}; }
    // Earlier versions kept the friends' links here too: this browser keeps its own seat's only.
    let cleaned = false;
    for (const entry of Object.values(all)) {
      if (entry && typeof entry === "object" && "links" in entry) { delete entry.links; cleaned = true; }
    }
    if (cleaned) localStorage.setItem("machiavelli-games", JSON.stringify(all));
    return all;
  }

  function saveGame(id, entry) {
    const all = savedGames();
    all[id] = entry;
    localStorage.setItem("machiavelli-games", JSON.stringify(all));
  }

  document.addEventListener("DOMContentLoaded", settings);
  return { words, block, fmt, el, api, savedGames, saveGame, drawOthers, drawSince, drawResult };
})();
