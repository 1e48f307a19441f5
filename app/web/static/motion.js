// Motion and story: a card that arrives on the table travels there from the
// hand it left, or from the place of the seat that played it (FLIP: drawn at
// its new place, then moved from the old one), unless the reader asks for
// reduced motion; the whole game's log; a clear turn signal (a banner, the
// tab's title, a beep and a notification when the reader turned them on).
"use strict";

(() => {
  const W = Page.words, el = Page.el;
  const MAX_MOVING = 40;   // more at once reads as noise, and costs frames
  const baseTitle = document.title;
  const still = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };

  // -- where every card was ------------------------------------------------------------------
  function snapshot() {
    const hand = new Map(), table = new Map();
    for (const card of document.querySelectorAll(".card[data-code]")) {
      if (card.closest("#result")) continue;
      const into = card.closest("#hand") ? hand : table;
      const list = into.get(card.dataset.code) || [];
      list.push(card.getBoundingClientRect());
      into.set(card.dataset.code, list);
    }
    return { hand, table };
  }

  // The seat whose move the new view shows (the last entry of the log that is not this seat's).
  function mover(view, next) {
    const log = next.log || [];
    const last = log[log.length - 1];
    if (last && last.seat !== next.seat) return last.seat;
    return view && view.to_play !== next.seat ? view.to_play : null;
  }

  function travel(card, from) {
    const to = card.getBoundingClientRect();
    const dx = from.left - to.left, dy = from.top - to.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
    card.animate([{ transform: "translate(" + dx + "px," + dy + "px)", opacity: 0.6 }, { transform: "none", opacity: 1 }],
      { duration: 420, easing: "cubic-bezier(.2,.7,.3,1)" });
  }

  function animate(kept, view, next) {
    if (!kept || still.matches || !view) return;
    const seat = mover(view, next);
    const plate = seat === null ? null : document.querySelector('#others li[data-seat="' + seat + '"]');
    const origin = plate ? plate.getBoundingClientRect() : null;
    const table = new Map([...kept.table].map(([k, v]) => [k, v.slice()]));
    const hand = new Map([...kept.hand].map(([k, v]) => [k, v.slice()]));
    let moving = 0;
    for (const card of document.querySelectorAll(".card[data-code]")) {
      if (moving >= MAX_MOVING) break;
      if (card.closest("#hand") || card.closest("#result")) continue;
      const code = card.dataset.code;
      const was = table.get(code);
      let from = null;
      if (was && was.length) from = was.shift();                       // already out: it may have moved
      else if (hand.get(code) && hand.get(code).length) from = hand.get(code).shift();  // from this hand
      else if (origin) from = origin;                                   // from the seat that played it
      if (!from) continue;
      travel(card, from);
      moving += 1;
    }
  }

  // -- the whole game's log ------------------------------------------------------------------
  function drawLog(next) {
    const list = document.getElementById("log-list");
    if (!list || !next.log) return;
    const entries = next.log;
    if (list.childElementCount === entries.length && list.dataset.last === (entries.length ? entries[entries.length - 1].text : "")) return;
    list.replaceChildren(...entries.map((e) => el("li", { "data-seat": e.seat, class: e.seat === next.seat ? "mine" : "" }, e.text)));
    list.dataset.last = entries.length ? entries[entries.length - 1].text : "";
    const count = document.getElementById("log-count");
    if (count) count.textContent = "(" + entries.length + ")";
    const box = document.getElementById("log-scroll");
    if (box) box.scrollTop = box.scrollHeight;
  }

  // -- the turn signal ---------------------------------------------------------------------
  function option(id) {
    const box = document.getElementById(id);
    if (!box) return { checked: false };
    const key = "machiavelli-" + id;
    box.checked = localStorage.getItem(key) === "1";
    box.addEventListener("change", () => {
      localStorage.setItem(key, box.checked ? "1" : "0");
      if (id === "notify" && box.checked && window.Notification && Notification.permission === "default") {
        Notification.requestPermission();
      }
    });
    return box;
  }
  let sound = { checked: false }, notify = { checked: false };
  document.addEventListener("DOMContentLoaded", () => { sound = option("sound"); notify = option("notify"); });

  let audio = null;
  function beep() {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const tone = audio.createOscillator(), gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.35);
      document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
    } catch (e) { /* no sound on this browser: the banner and the title still say it */ }
  }

  function signal(view, next) {
    const mine = Boolean(next.my_turn) && !next.result;
    const banner = document.getElementById("turn-banner");
    document.title = mine ? "▶ " + W.your_turn + " — " + baseTitle : baseTitle;
    if (!banner) return;
    const began = mine && (!view || !view.my_turn);
    if (!mine) { banner.hidden = true; return; }
    if (!began) return;
    banner.hidden = false;
    banner.textContent = W.your_turn;
    if (!view) return;  // the page just opened: no sound for a turn already there
    if (sound.checked) beep();
    if (notify.checked && document.hidden && window.Notification && Notification.permission === "granted") {
      new Notification(baseTitle, { body: W.your_turn, tag: "machiavelli-turn" });
    }
  }

  let shown = null;
  Front.register({
    before: () => snapshot(),
    after: (kept, next) => { const view = shown; shown = next; animate(kept, view, next); drawLog(next); signal(view, next); },
  });
})();
