// A new table: 3-6 seats; each other seat is a friend (invite link) or an AI level.
import { api } from "../api.js";
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { appHeader } from "./chrome.js";

export const AI_LEVELS = ["random", "easy", "normal", "swift", "hard"];
// Live speeds, then correspondence from an hour to three days a move (docs/correspondence.md: speeds and clocks).
const TIMES = [[30, "time.30s"], [120, "time.2m"], [3600, "time.1h"], [86400, "time.1d"], [259200, "time.3d"]];

// The API fills AI seats last, so friends' seats come first.
export function createOptions(players, seatChoices, timePerMove, publicTable) {
  const ai = seatChoices.filter((c) => c !== "friend");
  const friends = seatChoices.length - ai.length;
  return { players, ai, time_per_move: timePerMove, private: friends > 0 && !publicTable };
}

export function renderNewGame(params) {
  const friendsMode = params.get("mode") === "friends";
  let players = 3;
  let choices = Array(5).fill(friendsMode ? "friend" : "normal");
  const seatsBox = h("div", { class: "seat-choices" });
  const error = h("p", { class: "form-error", role: "alert" });
  const publicBox = h("div", { class: "field checkbox" },
    h("input", { type: "checkbox", id: "public-table", name: "public" }),
    h("label", { for: "public-table" }, t("new.public")));

  function drawSeats() {
    seatsBox.replaceChildren(
      h("p", { class: "seat-row you" }, h("span", { class: "seat-label" }, t("new.seat", { n: 1 })), h("strong", {}, t("seat.you"))),
      ...Array.from({ length: players - 1 }, (_, i) => {
        const id = `seat-${i + 2}`;
        const select = h("select", { id, name: id, onchange: (e) => { choices[i] = e.target.value; drawPublic(); } },
          h("option", { value: "friend" }, t("new.friend")),
          AI_LEVELS.map((level) => h("option", { value: level }, t("seat.ai", { level: t(`level.${level}`) }))));
        select.value = choices[i];
        return h("p", { class: "seat-row" }, h("label", { class: "seat-label", for: id }, t("new.seat", { n: i + 2 })), select);
      }),
    );
    drawPublic();
  }
  function drawPublic() {
    const friends = choices.slice(0, players - 1).some((c) => c === "friend");
    publicBox.hidden = !friends;
  }

  const playerRadios = h("fieldset", { class: "segmented" },
    h("legend", {}, t("new.players")),
    [3, 4, 5, 6].map((n) => h("label", {},
      h("input", { type: "radio", name: "players", value: n, checked: n === players,
        onchange: () => { players = n; drawSeats(); } }),
      h("span", {}, String(n)))),
  );
  const deckNote = h("p", { class: "hint" }, t("new.deckNote"));
  const timeRadios = h("fieldset", { class: "segmented" },
    h("legend", {}, t("new.time")),
    TIMES.map(([seconds, key]) => h("label", {},
      // Against the AI nobody waits a day: two minutes a move unless friends are asked.
      h("input", { type: "radio", name: "time", value: seconds, checked: seconds === (friendsMode ? 86400 : 120) }),
      h("span", {}, t(key)))),
  );
  const submit = h("button", { class: "btn primary wide", type: "submit" }, t("new.create"));
  const form = h("form", { class: "card-panel" }, playerRadios, deckNote, seatsBox, timeRadios, publicBox, error, submit);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    submit.disabled = true;
    error.textContent = "";
    const data = new FormData(form);
    const options = createOptions(players, choices.slice(0, players - 1), Number(data.get("time")), data.get("public") === "on");
    try {
      const game = await api.create(options);
      location.hash = `#/game/${game.id}`;
    } catch (err) {
      error.textContent = err.status === 0 ? t("error.offline") : err.detail || t("error.generic");
      submit.disabled = false;
    }
  });
  drawSeats();
  mount(
    appHeader({ title: t("new.title") }),
    h("section", { class: "screen" },
      h("h1", {}, friendsMode ? t("home.playFriends") : t("home.playAi")),
      form),
  );
}
