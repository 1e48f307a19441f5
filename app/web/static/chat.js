// The table's chat: the last lines every seat is shown (view.chat, drawn as
// text, never as markup) and a line to send. Absent when the game was
// started without chat. The watch link's page only reads it.
"use strict";

const Chat = (() => {
  const W = Page.words, el = Page.el;
  let shown = "";

  function draw(view, config) {
    const box = document.getElementById("chat");
    if (!box) return;
    box.hidden = !Array.isArray(view.chat);
    if (box.hidden) return;
    if (!box.firstChild) {
      if (config.watching) box.append(el("h2", {}, W.chat), el("ol", { "aria-live": "polite" }));  // read only
      else build(box, config);
    }
    const key = JSON.stringify(view.chat);
    if (key === shown) return;
    shown = key;
    const list = box.querySelector("ol");
    list.replaceChildren(...view.chat.map((line) =>
      el("li", { "data-seat": line.seat }, el("b", {}, line.name + ": "), line.text)));
    list.scrollTop = list.scrollHeight;
  }

  function build(box, config) {
    const url = "/api/games/" + encodeURIComponent(config.id) + "/chat?token=" +
      encodeURIComponent(config.token) + "&lang=" + encodeURIComponent(config.lang);
    const input = el("input", { id: "chat-line", maxlength: 200, autocomplete: "off", "aria-label": W.chat_line });
    const error = el("p", { class: "error", role: "status" });
    const form = el("form", { id: "chat-form" }, input, " ", el("button", { type: "submit" }, W.send), error);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      let answer;
      try { answer = await Page.api("POST", url, { text }); } catch (e) { answer = { ok: false, data: {} }; }
      error.textContent = answer.ok ? "" : answer.data.error || W.connection_lost;
      if (answer.ok) input.value = "";
      input.focus();
    });
    box.append(el("h2", {}, W.chat), el("ol", { "aria-live": "polite" }), form);
  }

  return { draw };
})();
