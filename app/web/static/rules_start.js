// The start page's table rules: one game or a match (a number of deals, or a
// target of points, as the terminal's play --deals / --target), offered for
// games played in matches; and whether the seats may chat.
"use strict";

const StartRules = (() => {
  const kind = () => document.getElementById("match-kind");
  const size = () => document.getElementById("match-size");

  function shown() {
    const label = document.getElementById("match-size-label");
    if (label) label.hidden = !kind().value;
  }

  // The variant chosen: a match only for a game played in matches.
  function offer(variant) {
    const choice = document.getElementById("match-choice");
    if (!choice || !kind()) return;
    choice.hidden = !variant.matches;
    if (!variant.matches) kind().value = "";
    shown();
  }

  // What the request for a new game adds (POST /api/games).
  function asked() {
    const out = {};
    const chat = document.getElementById("chat-on");
    if (chat && !chat.checked) out.chat = false;
    if (kind() && kind().value && !document.getElementById("match-choice").hidden) {
      out[kind().value] = Number(size().value);
    }
    return out;
  }

  document.addEventListener("DOMContentLoaded", () => { if (kind()) kind().addEventListener("change", shown); });
  return { offer, asked };
})();
