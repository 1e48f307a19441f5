// Keyboard and screen readers: each area of cards is one Tab stop with the
// arrow keys inside (roving tabindex); after every redrawing the focus stays
// on the control the reader was on, or moves to the next sensible one (never
// the page's body); the skip links go to an area's Tab stop.
"use strict";

(() => {
  const ITEMS = "button.card, button.handle";
  const remembered = new Map();   // area key -> the item last focused there (its description)

  // The area an item belongs to: the hand, the table, a zone beside it, the result.
  function areaOf(node) {
    const area = node.closest("#hand, #table, #dock-zones > .zone, #extras > .zone, #result");
    return area ? (area.id || area.dataset.area) : null;
  }
  function container(key) {
    return document.getElementById(key) || document.querySelector('.zone[data-area="' + key + '"]');
  }
  function items(key) {
    const box = container(key);
    return box ? [...box.querySelectorAll(ITEMS)].filter((b) => areaOf(b) === key) : [];
  }

  // What identifies a control across a redrawing (the page's nodes are all new).
  function describe(node) {
    if (!node || node === document.body || !node.closest || !node.closest("main")) return null;
    const d = node.dataset || {};
    return { id: node.id || null, command: d.command || null, target: d.target || null, code: d.code || null,
      from: d.from || null, meld: d.meld || null, order: d.order || null, cls: node.classList[0] || null,
      area: areaOf(node), index: node.closest("#hand, #table, .zone") ? items(areaOf(node)).indexOf(node) : -1 };
  }
  function usable(node) { return node && !node.disabled && node.offsetParent !== null; }
  function find(d) {
    if (!d) return null;
    if (d.id) { const n = document.getElementById(d.id); if (usable(n)) return n; }
    const attrs = [["command", "data-command"], ["target", "data-target"], ["order", "data-order"]];
    for (const [k, a] of attrs) {
      if (d[k]) { const n = document.querySelector("main [" + a + '="' + CSS.escape(d[k]) + '"]'); if (usable(n)) return n; }
    }
    if (d.code) {
      const same = items(d.area).find((n) => n.dataset.code === d.code && (n.dataset.meld || null) === d.meld);
      if (usable(same)) return same;
    }
    return null;
  }

  // The Tab stop of an area: the item last focused there, else a selected one, else the first.
  function stop(key) {
    const list = items(key);
    if (!list.length) return null;
    const d = remembered.get(key);
    return (d && list.find((n) => n.dataset.code === d.code && (n.dataset.meld || null) === d.meld)) ||
      list.find((n) => n.getAttribute("aria-pressed") === "true") || list[Math.min(d ? Math.max(d.index, 0) : 0, list.length - 1)];
  }

  function rove() {
    const keys = new Set([...document.querySelectorAll(ITEMS)].map(areaOf).filter(Boolean));
    for (const key of keys) {
      const first = stop(key);
      for (const item of items(key)) item.tabIndex = item === first ? 0 : -1;
    }
  }

  // Where the focus goes when its control is gone or disabled: the same area's stop,
  // then the first usable action, then the hand, then the command line.
  // A card gone: its area's stop. A button done with: an answer the game now asks for, the
  // zone's next button (Put here, then Lay down), the hand, the actions, the command line.
  function fallback(d) {
    const candidates = [];
    if ((d.cls === "card" || d.cls === "handle") && d.area && d.area !== "result") candidates.push(stop(d.area));
    candidates.push(document.querySelector("#area-answers button.answer"));
    if (d.cls === "put-here" && d.target) {
      const zone = document.querySelector('.zone[data-area="' + d.target + '"]');
      if (zone) candidates.push(zone.querySelector("button:not([disabled])"));
    }
    candidates.push(stop("hand"), document.querySelector("#controls button:not([disabled])"), document.getElementById("command"));
    return candidates.find(usable) || null;
  }

  function lost() { const a = document.activeElement; return !a || a === document.body || !a.isConnected; }

  Front.register({
    before: () => describe(document.activeElement),
    after: (d) => {
      rove();
      if (!d || !lost()) return;
      const node = find(d) || fallback(d);
      if (node) { node.focus({ preventScroll: true }); remembered.set(areaOf(node) || "", describe(node)); }
    },
  });

  // A control removed while it had the focus (an answer once given, a choice taken) without a redrawing.
  document.addEventListener("focusout", (event) => {
    const d = describe(event.target);
    if (!d) return;
    setTimeout(() => { if (lost() && !event.target.isConnected) { const n = find(d) || fallback(d); if (n) n.focus(); } }, 0);
  });

  document.addEventListener("focusin", (event) => {
    const item = event.target.closest && event.target.closest(ITEMS);
    if (!item) return;
    const key = areaOf(item);
    if (!key) return;
    remembered.set(key, describe(item));
    for (const other of items(key)) other.tabIndex = other === item ? 0 : -1;
  });

  // Arrows inside an area (Alt with an arrow is the hand's own reordering).
  document.addEventListener("keydown", (event) => {
    const item = event.target.closest && event.target.closest(ITEMS);
    if (!item || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = areaOf(item);
    const list = items(key);
    const at = list.indexOf(item);
    const rtl = document.documentElement.dir === "rtl";
    let to = null;
    if (event.key === "ArrowRight") to = at + (rtl ? -1 : 1);
    else if (event.key === "ArrowLeft") to = at + (rtl ? 1 : -1);
    else if (event.key === "ArrowDown") to = at + 1;
    else if (event.key === "ArrowUp") to = at - 1;
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = list.length - 1;
    if (to === null) return;
    event.preventDefault();
    const next = list[Math.max(0, Math.min(list.length - 1, to))];
    if (next) next.focus();
  });

  // Skip links: to the area's Tab stop (or the area itself when it holds no card yet).
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a.skip-link");
    if (!link) return;
    event.preventDefault();
    const key = link.getAttribute("href").slice(1);
    const target = key === "controls" ? document.querySelector("#controls button:not([disabled]), #command")
      : stop(key === "hand-area" ? "hand" : key);
    const node = target || document.getElementById(key);
    if (node) { node.focus(); node.scrollIntoView({ block: "nearest" }); }
  });
})();
