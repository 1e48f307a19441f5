// After the game: a rematch (the same seats and variant, a new deal). Any
// person may ask; each page is then given its own seat's link in its view
// (view.rematch.link), so no seat sees another's link.
"use strict";

const After = (() => {
  const W = Page.words, el = Page.el;

  async function ask(config, box) {
    const url = "/api/games/" + encodeURIComponent(config.id) + "/rematch?token=" +
      encodeURIComponent(config.token) + "&lang=" + encodeURIComponent(config.lang);
    let answer;
    try { answer = await Page.api("POST", url, {}); } catch (e) { answer = { ok: false, data: {} }; }
    if (!answer.ok) box.append(el("p", { class: "error" }, answer.data.error || W.connection_lost));
    else if (answer.data.link) show(box, answer.data.link);
  }

  function show(box, link) {
    box.replaceChildren(el("a", { id: "rematch-link", href: link }, W.play_rematch));
    // The new seat is this browser's own: the start page can offer it again.
    const url = new URL(link, location.origin);
    url.searchParams.delete("lang");
    Page.saveGame(url.pathname.split("/").pop(), { mine: url.pathname + url.search });
  }

  function draw(view, config) {
    const box = document.getElementById("after");
    if (!box) return;
    box.hidden = view.result === null || view.result === undefined;
    if (box.hidden) return;
    if (view.rematch && view.rematch.link) {
      if (!document.getElementById("rematch-link")) show(box, view.rematch.link);
    } else if (!document.getElementById("ask-rematch")) {
      box.replaceChildren(el("button", { type: "button", id: "ask-rematch", onclick: () => ask(config, box) },
        W.ask_rematch));
    }
  }

  return { draw };
})();
