// Clocks: the start page's choice (ClockChoice) and the table's clocks
// (Clocks). The server keeps the time; each view carries every person's
// time left ("clock": seats [{seat, left, running}], answers), and the page
// counts down from those figures by its own clock until the next view, so
// that a page reconnected or reloaded shows the server's time again.
"use strict";

const ClockChoice = (() => {
  function box(id) { return document.getElementById(id); }

  function value() {
    const kind = box("clock-kind");
    if (!kind || !kind.value) return null;
    const clock = { kind: kind.value, seconds: Number(box("clock-seconds").value) };
    if (kind.value === "game") clock.increment = Number(box("clock-increment").value || 0);
    return clock;
  }

  function show() {
    const kind = box("clock-kind");
    if (!kind) return;
    for (const node of document.querySelectorAll("#clock-choice .clock-detail")) {
      node.hidden = !kind.value || (node.classList.contains("clock-bank") && kind.value !== "game");
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    const kind = box("clock-kind");
    if (!kind) return;
    kind.addEventListener("change", () => {
      // A bank for the whole game starts at ten minutes, a move at one.
      const seconds = box("clock-seconds");
      if (kind.value === "game" && seconds.value === "60") seconds.value = "600";
      if (kind.value === "move" && seconds.value === "600") seconds.value = "60";
      show();
    });
    show();
  });
  return { value };
})();

const Clocks = (() => {
  const W = Page.words, el = Page.el, fmt = Page.fmt;
  const NOTICE_MS = 20000;  // how long a time-out stays said above the clocks (the log keeps it)
  let shown = null, stamp = 0, ticking = null, warned = "";
  let noticeKey = null, noticeText = "", noticeUntil = 0;
  // One live region for the whole page's life: a region made anew with its words is often not read.
  const warning = el("p", { id: "clock-alert", class: "visually-hidden", "aria-live": "assertive" }, "");

  function time(seconds) {
    const s = Math.max(0, Math.ceil(seconds));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    const two = (n) => String(n).padStart(2, "0");
    return h ? h + ":" + two(m) + ":" + two(r) : m + ":" + two(r);
  }

  function left(figure) { return figure - (performance.now() - stamp) / 1000; }

  function name(view, seat) {
    if (seat === view.seat) return view.name;
    return (view.names || [])[seat] || String(seat + 1);
  }

  function tick() {
    if (!shown) return;
    const clock = shown.clock, box = document.getElementById("clocks");
    let running = false;
    for (const entry of clock.seats) {
      const item = box.querySelector('.clock[data-seat="' + entry.seat + '"]');
      if (!item) continue;
      const now = entry.running ? left(entry.left) : entry.left;
      running = running || entry.running;
      const low = entry.running && now <= clock.low;
      item.classList.toggle("low", low);
      item.querySelector(".clock-time").textContent = (low ? "⚠ " : "") + time(now);
      if (low && entry.seat === shown.seat && warned !== key(shown)) {
        warned = key(shown);
        warning.textContent = fmt(W.low_time, { time: time(now) });
      }
    }
    const answers = box.querySelector(".clock-answers");
    if (answers && clock.answers !== null) {
      running = true;
      const now = left(clock.answers);
      answers.classList.toggle("low", now <= clock.low);
      answers.textContent = fmt(W.answer_time, { time: time(now) });
    }
    const notice = box.querySelector(".clock-notice");
    if (notice && performance.now() >= noticeUntil) notice.remove();
    if (!running && !notice && ticking) { clearInterval(ticking); ticking = null; }
  }

  // One warning per move: the view's turn and who is to play.
  function key(view) { return view.turn + "/" + view.to_play; }

  function draw(view) {
    const box = document.getElementById("clocks");
    if (!box) return;
    box.hidden = !view.clock;
    if (!view.clock) { shown = null; return; }
    shown = view;
    stamp = performance.now();
    const clock = view.clock;
    const title = clock.kind === "game" ? fmt(W.clock_game, { time: time(clock.seconds), n: clock.increment })
      : fmt(W.clock_move, { time: time(clock.seconds) });
    const list = el("div", { class: "clock-list" });
    for (const entry of clock.seats) {
      const mine = entry.seat === view.seat;
      list.append(el("div", { class: "clock" + (entry.running ? " running" : "") + (mine ? " mine" : ""),
        "data-seat": entry.seat, role: "timer" },
        el("span", { class: "clock-name" }, name(view, entry.seat) + ": "),
        el("span", { class: "clock-time" }, time(entry.left)),
        entry.running ? el("span", { class: "clock-state" }, " ▶ " + W.clock_running) : null));
    }
    const parts = [el("h2", {}, W.clocks), el("p", { class: "note" }, title), list];
    if (clock.answers !== null) parts.push(el("p", { class: "clock-answers", role: "timer" }, ""));
    // A new time-out is said for a while, even once the next turn has begun (the computers may play at once).
    const told = (view.log || []).filter((e) => e.clock);
    const last = told[told.length - 1];
    const latest = last ? last.turn + ":" + last.seat + ":" + told.length : "";
    if (latest !== noticeKey && last && (noticeKey !== null || last.turn >= view.turn - 2)) {
      noticeText = last.text;
      noticeUntil = performance.now() + NOTICE_MS;
    }
    noticeKey = latest;
    if (noticeText && performance.now() < noticeUntil) parts.push(el("p", { class: "clock-notice", role: "status" }, noticeText));
    parts.push(warning);
    box.replaceChildren(...parts);
    tick();
    if (!ticking && !view.result) ticking = setInterval(tick, 250);
  }

  return { draw };
})();
