// The table's layout on any screen: the hand and the actions docked at the
// bottom (the table scrolls above them), empty zones collapsed, each other
// seat with its card count and what it just did, the page scrolled while a
// card is dragged near an edge, and drags by touch (pointer events) that
// reuse the table's own drop handlers.
//
// Also the hooks (Front) that motion.js and keys.js use around every drawing
// of the table: before(view, next) keeps what must be known of the old page,
// after(kept, next) works on the new one.
"use strict";

const Front = (() => {
  const hooks = [];
  function register(hook) { hooks.push(hook); }
  function before(view, next) { return hooks.map((h) => (h.before ? h.before(view, next) : null)); }
  function after(kept, next) { hooks.forEach((h, k) => { if (h.after) h.after(kept ? kept[k] : null, next); }); }
  return { register, before, after };
})();

(() => {
  const EDGE = 64;    // px from an edge where a drag scrolls the page
  const STEP = 18;    // px scrolled per move event there

  // -- the dock: the new meld and the working area go with the hand ------------------------
  function dockZones() {
    const slot = document.getElementById("dock-zones");
    if (!slot) return;
    const zones = [...document.querySelectorAll("#extras > .area-new, #extras > .area-working")];
    slot.replaceChildren(...zones);
    slot.hidden = !zones.length;
  }

  // A zone with nothing in it (no card, no line) shrinks to its title.
  function collapse() {
    for (const zone of document.querySelectorAll(".zone")) {
      const empty = !zone.querySelector(".card") && ![...zone.querySelectorAll("p, li")].some((p) => p.textContent.trim());
      zone.classList.toggle("empty", empty);
    }
    const extras = document.getElementById("extras");
    if (extras) extras.hidden = !extras.children.length;
  }

  // Each other seat: what it did last, under its name and card count (drawn by the style sheet
  // from data-last, so that the seat's own line keeps its words for the scripts that read it).
  function seats(view) {
    for (const o of view.others || []) {
      const item = document.querySelector('#others li[data-seat="' + o.seat + '"]');
      if (item && o.last) item.dataset.last = o.last;
    }
  }

  Front.register({ after: (kept, view) => { dockZones(); collapse(); seats(view); } });

  // -- auto-scroll while dragging near the top or the dock ---------------------------------
  function dockTop() {
    const dock = document.getElementById("dock");
    return dock ? dock.getBoundingClientRect().top : window.innerHeight;
  }
  function edgeScroll(y) {
    if (y < EDGE) window.scrollBy(0, -STEP);
    else if (y > dockTop() - EDGE / 2 && y < dockTop() + 8) window.scrollBy(0, STEP);
  }
  document.addEventListener("dragover", (event) => edgeScroll(event.clientY));

  // -- touch: a card dragged by a finger is a drag and drop ----------------------------------
  // The table's handlers read event.dataTransfer: the same events are sent with one of our own.
  let touch = null;
  function targetAt(x, y) {
    const under = document.elementFromPoint(x, y);
    return under && under.closest("[data-meld], .zone, #hand, .melds");
  }
  document.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    const card = event.target.closest('[draggable="true"]');
    if (!card) return;
    touch = { card, x: event.clientX, y: event.clientY, moving: false, data: null, ghost: null, over: null };
  });
  document.addEventListener("pointermove", (event) => {
    if (!touch) return;
    const far = Math.hypot(event.clientX - touch.x, event.clientY - touch.y) > 12;
    if (!touch.moving && far) {
      touch.moving = true;
      touch.data = new DataTransfer();
      touch.card.dispatchEvent(new DragEvent("dragstart", { bubbles: true, dataTransfer: touch.data }));
      touch.ghost = touch.card.cloneNode(true);
      touch.ghost.className += " touch-ghost";
      touch.ghost.removeAttribute("id");
      touch.ghost.setAttribute("aria-hidden", "true");
      document.body.append(touch.ghost);
    }
    if (!touch.moving) return;
    event.preventDefault();
    touch.ghost.style.left = event.clientX - 20 + "px";
    touch.ghost.style.top = event.clientY - 30 + "px";
    const over = targetAt(event.clientX, event.clientY);
    if (over !== touch.over) {
      if (touch.over) touch.over.classList.remove("drop-over");
      if (over) over.classList.add("drop-over");
      touch.over = over;
    }
    edgeScroll(event.clientY);
  }, { passive: false });
  function endTouch(event, drop) {
    if (!touch) return;
    const t = touch;
    touch = null;
    if (!t.moving) return;
    t.ghost.remove();
    if (t.over) t.over.classList.remove("drop-over");
    const under = drop && document.elementFromPoint(event.clientX, event.clientY);
    if (under) under.dispatchEvent(new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: t.data,
      clientX: event.clientX, clientY: event.clientY }));
    // The click the finger's lifting makes is not a selection.
    const swallow = (e) => { e.stopPropagation(); e.preventDefault(); };
    document.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => document.removeEventListener("click", swallow, { capture: true }), 350);
  }
  document.addEventListener("pointerup", (event) => endTouch(event, true));
  document.addEventListener("pointercancel", (event) => endTouch(event, false));
})();
