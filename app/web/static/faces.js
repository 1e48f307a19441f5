// Drawn card faces: each card the page shows is drawn as an SVG from the
// small description its game gives (view.cards[code].look, see
// core/faces.py), naming no game: a French card (pips, court markers,
// four-colour on request), an Italian one (coins, cups, swords, batons), a
// narrow four-colour Chinese card (its character in the script the player
// chose, and the letters typed for it), a tile, a joker. All shapes are drawn
// here (no font glyphs, no borrowed art). The button keeps its own name (the
// card's name in the player's language): the drawing is aria-hidden. Colours
// come from classes (faces.css) so that high-contrast settings and forced
// colours can repaint every part: "fc-ink" parts become the text colour,
// "fc-cut" parts the paper's.
"use strict";

const Faces = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const SCRIPT_KEY = "machiavelli-script";

  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) node.setAttribute(k, String(v));
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  }

  // -- suit signs, each in a 100 x 100 box: [tag, attributes] ------------------------------
  const FRENCH = {
    H: [["path", { d: "M50 92C22 70 4 52 4 30C4 14 16 4 29 4C39 4 46 10 50 19C54 10 61 4 71 4C84 4 96 14 96 30C96 52 78 70 50 92Z" }]],
    D: [["path", { d: "M50 2L86 50L50 98L14 50Z" }]],
    S: [["path", { d: "M50 4C40 24 6 40 6 62C6 76 16 86 29 86C38 86 44 82 47 76C46 86 42 92 34 98L66 98C58 92 54 86 53 76C56 82 62 86 71 86C84 86 94 76 94 62C94 40 60 24 50 4Z" }]],
    C: [["circle", { cx: 50, cy: 27, r: 21 }], ["circle", { cx: 27, cy: 60, r: 21 }], ["circle", { cx: 73, cy: 60, r: 21 }],
      ["circle", { cx: 50, cy: 54, r: 13 }], ["path", { d: "M45 50L55 50L55 70C55 84 59 92 67 98L33 98C41 92 45 84 45 70Z" }]],
  };
  const ITALIAN = {
    coins: [["circle", { cx: 50, cy: 50, r: 46, class: "i-gold fc-ink" }], ["circle", { cx: 50, cy: 50, r: 32, class: "i-rim fc-cut-line" }],
      ["circle", { cx: 50, cy: 50, r: 11, class: "i-dark fc-cut" }]],
    cups: [["path", { d: "M12 8L88 8C88 40 72 56 50 56C28 56 12 40 12 8Z", class: "i-red fc-ink" }],
      ["rect", { x: 16, y: 15, width: 68, height: 6, class: "i-gold fc-cut" }],
      ["path", { d: "M44 55L56 55L54 80L46 80Z", class: "i-gold fc-ink" }], ["ellipse", { cx: 50, cy: 69, rx: 10, ry: 5, class: "i-gold fc-ink" }],
      ["path", { d: "M24 97C24 84 76 84 76 97Z", class: "i-gold fc-ink" }]],
    swords: [["path", { d: "M50 1L59 15L59 66L41 66L41 15Z", class: "i-blue fc-ink" }], ["path", { d: "M50 12L50 62", class: "i-shine fc-cut-line" }],
      ["rect", { x: 22, y: 65, width: 56, height: 9, rx: 3, class: "i-gold fc-ink" }],
      ["rect", { x: 44, y: 73, width: 12, height: 17, class: "i-brown fc-ink" }], ["circle", { cx: 50, cy: 92, r: 7, class: "i-gold fc-ink" }]],
    batons: [["path", { d: "M38 97L33 22C32 6 68 6 67 22L62 97Z", class: "i-green fc-ink" }],
      ["ellipse", { cx: 50, cy: 17, rx: 13, ry: 6, class: "i-darkgreen fc-cut" }],
      ["ellipse", { cx: 43, cy: 40, rx: 4, ry: 3, class: "i-darkgreen fc-cut" }], ["ellipse", { cx: 57, cy: 58, rx: 4, ry: 3, class: "i-darkgreen fc-cut" }],
      ["ellipse", { cx: 45, cy: 77, rx: 4, ry: 3, class: "i-darkgreen fc-cut" }]],
  };
  // Court markers, each in a 100 x 50 box.
  const MARKERS = {
    king: [["path", { d: "M8 48L4 8L28 28L50 2L72 28L96 8L92 48Z" }]],
    queen: [["path", { d: "M10 48C10 22 30 14 50 14C70 14 90 22 90 48Z" }], ["circle", { cx: 50, cy: 8, r: 7 }]],
    jack: [["path", { d: "M8 48L14 28L80 28L90 48Z" }], ["path", { d: "M72 28C92 12 90 0 68 4C80 10 80 18 64 28Z" }]],
    knight: [["path", { d: "M20 49L20 26C20 4 80 4 80 26L80 49L64 49L64 28C64 16 36 16 36 28L36 49Z" }]],
  };
  const FRENCH_COURTS = { J: "jack", Q: "queen", K: "king" };

  function shape(parts, cls) {
    return parts.map(([tag, attrs]) => svg(tag, { ...attrs, class: attrs.class || cls }));
  }
  // A sign of ``parts`` centred on (x, y), ``size`` wide, upside down when ``flip``.
  function sign(parts, cls, x, y, size, flip) {
    const k = size / 100;
    const turn = flip ? ` rotate(180 ${x} ${y})` : "";
    return svg("g", { transform: `${turn} translate(${x - size / 2} ${y - size / 2}) scale(${k})`.trim() }, ...shape(parts, cls));
  }

  // Where the pips of 1 to 10 sit on a 60 x 88 card (x, y); the lower half upside down.
  const L = 20, M = 30, R = 40;
  const PIPS = {
    1: [[M, 44]], 2: [[M, 20], [M, 68]], 3: [[M, 20], [M, 44], [M, 68]],
    4: [[L, 20], [R, 20], [L, 68], [R, 68]], 5: [[L, 20], [R, 20], [M, 44], [L, 68], [R, 68]],
    6: [[L, 20], [R, 20], [L, 44], [R, 44], [L, 68], [R, 68]],
    7: [[L, 20], [R, 20], [M, 32], [L, 44], [R, 44], [L, 68], [R, 68]],
    8: [[L, 20], [R, 20], [M, 32], [L, 44], [R, 44], [M, 56], [L, 68], [R, 68]],
    9: [[L, 20], [R, 20], [L, 36], [R, 36], [M, 44], [L, 52], [R, 52], [L, 68], [R, 68]],
    10: [[L, 20], [R, 20], [M, 28], [L, 36], [R, 36], [L, 52], [R, 52], [M, 60], [L, 68], [R, 68]],
  };
  function pipSize(n) { return n === 1 ? 28 : n <= 3 ? 13 : 10; }

  function text(content, attrs) {
    const node = svg("text", { "text-anchor": "middle", "font-weight": 700, ...attrs });
    node.textContent = content;
    return node;
  }

  // The index in two corners: the rank, and the suit's sign under it.
  function index(rank, parts, cls) {
    const label = () => text(rank, { x: 7.5, y: 14, "font-size": rank.length > 1 ? 12 : 14, class: "idx " + cls,
      textLength: rank.length > 1 ? 13 : null, lengthAdjust: rank.length > 1 ? "spacingAndGlyphs" : null });
    const corner = () => [label(), sign(parts, cls, 7.5, 22, 8, false)];
    return [svg("g", {}, ...corner()), svg("g", { transform: "rotate(180 30 44)" }, ...corner())];
  }

  // A numbered card's pips, or a court's frame with its marker and a large sign.
  // ``upright``: signs never turned (Italian decks print cups and swords upright).
  function middle(rank, parts, cls, court, upright) {
    const n = rank === "A" ? 1 : Number(rank);
    if (!court && PIPS[n]) return PIPS[n].map(([x, y]) => sign(parts, cls, x, y, pipSize(n), y > 44 && !upright));
    const marker = MARKERS[court] || MARKERS.king;
    const k = 0.26;
    return [svg("rect", { x: 15, y: 13, width: 30, height: 62, rx: 3, class: "frame fc-line" }),
      svg("g", { transform: `translate(17 19) scale(${k})` }, ...shape(marker, court === "king" ? "mark-gold fc-ink" : "mark-ink fc-ink")),
      sign(parts, cls, 30, 50, 20, false)];
  }

  function french(look) {
    const parts = FRENCH[look.suit] || FRENCH.S;
    const cls = "s-" + look.suit + " fc-ink";
    return svg("svg", { viewBox: "0 0 60 88" }, ...index(look.rank, parts, cls),
      ...middle(look.rank, parts, cls, FRENCH_COURTS[look.rank] || "", false));
  }

  function italian(look) {
    const parts = ITALIAN[look.suit] || ITALIAN.coins;
    return svg("svg", { viewBox: "0 0 60 88" }, ...index(look.rank, parts, "i-index fc-ink"),
      ...middle(look.rank, parts, "", look.court || "", true));
  }

  function joker(look) {
    const cls = "t-" + look.colour + " fc-ink";
    const star = [["path", { d: "M50 4L61 38L97 38L68 59L79 94L50 72L21 94L32 59L3 38L39 38Z" }]];
    const hat = svg("path", { d: "M12 56L19 26L27 46L30 18L33 46L41 26L48 56Z", class: cls });
    const bells = [[19, 24], [30, 16], [41, 24]].map(([x, y]) => svg("circle", { cx: x, cy: y, r: 3.2, class: cls }));
    return svg("svg", { viewBox: "0 0 60 88" }, sign(star, cls, 8, 9, 11, false), sign(star, cls, 52, 79, 11, true),
      hat, ...bells, svg("rect", { x: 11, y: 56, width: 38, height: 5, rx: 2, class: cls }),
      text("JOKER", { x: 30, y: 74, "font-size": 8.5, "letter-spacing": 0.5, class: cls }));
  }

  function tile(look) {
    const cls = "t-" + look.colour + " fc-ink";
    const n = String(look.number);
    return svg("svg", { viewBox: "0 0 60 88" },
      svg("rect", { x: 4, y: 5, width: 52, height: 78, rx: 7, class: "tile-face fc-line" }),
      text(n, { x: 30, y: 52, "font-size": n.length > 1 ? 26 : 32, class: cls, textLength: n.length > 1 ? 34 : null,
        lengthAdjust: n.length > 1 ? "spacingAndGlyphs" : null }),
      svg("circle", { cx: 30, cy: 67, r: 5, class: "t-ring-" + look.colour + " tile-dot fc-line" }),
      // Shown in forced colours only, where the number's colour is gone (faces.css).
      look.letter ? text(look.letter, { x: 30, y: 72, "font-size": 12, class: "tile-letter fc-ink" }) : null);
  }

  function jokerTile(look) {
    const cls = "t-" + look.colour;
    return svg("svg", { viewBox: "0 0 60 88" },
      svg("rect", { x: 4, y: 5, width: 52, height: 78, rx: 7, class: "tile-face fc-line" }),
      svg("circle", { cx: 30, cy: 42, r: 15, class: "t-ring-" + look.colour + " fc-line" }),
      svg("circle", { cx: 24.5, cy: 38, r: 2.4, class: cls + " fc-ink" }), svg("circle", { cx: 35.5, cy: 38, r: 2.4, class: cls + " fc-ink" }),
      svg("path", { d: "M22 46C25 53 35 53 38 46", class: "t-ring-" + look.colour + " fc-line" }),
      svg("circle", { cx: 30, cy: 70, r: 5, class: "t-ring-" + look.colour + " fc-line" }));
  }

  // A narrow four-colour card: its colour's band, the character in both scripts (CSS shows one), the letters.
  function chinese(look) {
    const c = look.colour;
    const band = look.char === look.simplified && look.char === "花"
      ? flower() : [svg("rect", { x: 3, y: 3, width: 30, height: 9, rx: 2, class: "band-" + c + " fc-ink" })];
    const chars = look.char === look.simplified
      ? [text(look.char, { x: 18, y: 54, "font-size": 25, class: "ink-" + c + " fc-ink hanzi" })]
      : [text(look.char, { x: 18, y: 54, "font-size": 25, class: "ink-" + c + " fc-ink hanzi hanzi-traditional", lang: "zh-Hant" }),
        text(look.simplified, { x: 18, y: 54, "font-size": 25, class: "ink-" + c + " fc-ink hanzi hanzi-simplified", lang: "zh-Hans" })];
    return svg("svg", { viewBox: "0 0 36 88" }, ...band, ...chars,
      svg("rect", { x: 3, y: 76, width: 30, height: 9, rx: 2, class: "band-" + c + " fc-ink" }),
      text(look.letter, { x: 18, y: 71, "font-size": 10, class: "letter fc-ink", textLength: look.letter.length > 2 ? 28 : null,
        lengthAdjust: look.letter.length > 2 ? "spacingAndGlyphs" : null }));
  }
  function flower() {
    const petals = [0, 72, 144, 216, 288].map((a) => {
      const r = a * Math.PI / 180;
      return svg("circle", { cx: (18 + 4.2 * Math.sin(r)).toFixed(2), cy: (9 - 4.2 * Math.cos(r)).toFixed(2), r: 3, class: "ink-red fc-ink" });
    });
    return [...petals, svg("circle", { cx: 18, cy: 9, r: 2.2, class: "i-gold fc-cut" })];
  }

  const KINDS = { french, italian, tile, "si-se-pai": chinese,
    joker: (look) => (look.tile ? jokerTile(look) : joker(look)) };

  const drawings = new Map();
  // Put the drawn face of ``card`` (an entry of view.cards) into ``button``; a card without one keeps its letters.
  function dress(button, card) {
    const look = card && card.look;
    const draw = look && KINDS[look.face];
    if (!draw) return button;
    // Drawn once per look, then copied: a page redraws every card after each move.
    const key = JSON.stringify(look);
    let drawn = drawings.get(key);
    if (!drawn) {
      drawn = draw(look);
      drawn.setAttribute("aria-hidden", "true");
      drawn.setAttribute("focusable", "false");
      drawn.setAttribute("class", "drawn");
      drawings.set(key, drawn);
    }
    const drawing = drawn.cloneNode(true);
    button.classList.add("drawn-face", "face-" + look.face);
    if (look.face === "si-se-pai") document.body.classList.add("has-hanzi");
    button.prepend(drawing);
    return button;
  }

  // -- the Chinese script chosen in this browser (none: as the page's language writes) ---
  function script() {
    const chosen = localStorage.getItem(SCRIPT_KEY);
    if (chosen === "traditional" || chosen === "simplified") return chosen;
    const lang = (document.documentElement.lang || "").toLowerCase();
    return lang.startsWith("zh") && !/hant|tw|hk|mo/.test(lang) ? "simplified" : "traditional";
  }
  function applyScript() {
    const chosen = script();
    document.body.classList.toggle("script-simplified", chosen === "simplified");
    document.body.classList.toggle("script-traditional", chosen === "traditional");
  }
  function settings() {
    const select = document.getElementById("script");
    if (select) {
      select.value = localStorage.getItem(SCRIPT_KEY) || "";
      select.addEventListener("change", () => {
        if (select.value) localStorage.setItem(SCRIPT_KEY, select.value); else localStorage.removeItem(SCRIPT_KEY);
        applyScript();
      });
    }
    applyScript();
  }
  document.addEventListener("DOMContentLoaded", settings);
  return { dress, script };
})();
