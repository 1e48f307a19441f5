// The page of one seat: its JSON view (see /api/games/{id}/view) comes by
// answers and by the live socket and is drawn by the one table script
// (areas.js) from the areas the game declares. Every move becomes one of the
// game's commands, sent to the server: the engine decides, and its reason is
// shown when it refuses.
"use strict";

(() => {
  const W = Page.words, el = Page.el;
  const config = Page.block("config");
  const base = "/api/games/" + encodeURIComponent(config.id);
  // The way of drawing cards chosen on this page (for games that offer several).
  const faces = new URLSearchParams(location.search).get("faces");
  const query = "?token=" + encodeURIComponent(config.token) + "&lang=" + encodeURIComponent(config.lang) +
    (faces ? "&faces=" + encodeURIComponent(faces) : "");
  let view = null;
  // The hand in the player's own order, kept in this browser for this seat.
  const orderKey = config.watching ? null : "machiavelli-order-" + config.id + "-" + config.token.slice(0, 8);

  const messages = document.getElementById("messages");
  function say(lines, isError) {
    messages.replaceChildren();
    for (const line of lines) messages.append(el("p", { class: isError ? "error" : "" }, line));
  }

  async function send(command) {
    if (config.watching) return false;  // the watch link moves nothing
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
    Areas.hint(answer.data.hint || []);
    Areas.offer(answer.data.choices || []);
    if (answer.data.rules) window.open(answer.data.rules, "_blank", "noopener");
    say(answer.data.messages || [], false);
    if (answer.data.view) draw(answer.data.view);
    return true;
  }

  // The watch link's view (see app/web/watch.py) as the table script draws a seat's: no hand,
  // the players as everyone sees them, nothing to pick or send.
  function watched(v) {
    const players = v.players || [];
    const playing = players.find((p) => p.seat === v.to_play);
    return Object.assign({}, v, {
      hand: [], table: v.table || [], others: players, my_turn: false, since: [], moves: [], compose: [], enabled: {},
      to_play_name: playing ? playing.name : "",
      areas: (v.areas || []).filter((a) => a.kind !== "hand").map((a) => Object.assign({}, a, { target: false })),
      layout: Object.assign({}, v.layout || {}, { buttons: [], orders: null }),
    });
  }

  function draw(next) {
    // Views come by two roads (answers and the live socket): an older one never replaces a newer.
    if (view && next.version !== undefined && view.version !== undefined && next.version < view.version) return;
    view = next;
    Areas.draw(config.watching ? watched(next) : next);
    if (typeof Seats !== "undefined" && !config.watching) Seats.draw(next, config);
    if (typeof Summary !== "undefined") Summary.draw(next, config);
    if (typeof After !== "undefined" && !config.watching) After.draw(next, config);
    if (typeof Chat !== "undefined") Chat.draw(next, config);
    if (typeof Clocks !== "undefined") Clocks.draw(next, config);
  }

  // -- keyboard: the terminal's commands --------------------------------------------------
  const form = document.getElementById("command-form");
  const input = document.getElementById("command");
  if (form) form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const line = input.value.trim();
    if (!line) return;
    if (await send(line)) input.value = "";
    input.focus();
  });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") Areas.clear(); });

  Areas.use({ send, say, orderKey });

  // -- live updates -----------------------------------------------------------------------
  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + location.host + base + "/live" + query);
    socket.addEventListener("message", (event) => { draw(JSON.parse(event.data)); });
    socket.addEventListener("open", () => { if (messages.dataset.lost) { messages.replaceChildren(); delete messages.dataset.lost; } });
    socket.addEventListener("close", (event) => {
      messages.dataset.lost = "1";
      // 4403: this link is not (or no longer) valid; trying again would not help.
      if (event.code === 4403) { say([W.link_withdrawn], true); return; }
      say([W.connection_lost], true);
      setTimeout(connect, 1500);
    });
  }
  connect();
})();
