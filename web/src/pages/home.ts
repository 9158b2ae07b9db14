// The front page: start a game (every scenario with a picture of its start and its options,
// the opponent, the side, the time control, an open challenge), the open challenges to join,
// the games this browser plays, the public games, and opening a record on the analysis board.

import * as api from "../api/http";
import type { LevelEntry, Mode, OptionSpec, ScenarioEntry, Side } from "../api/types";
import { picture } from "../board/picture";
import { rememberGame, myGames, setAnalysisLine } from "../core/storage";
import { h, replace } from "../ui/dom";
import { toastError } from "../ui/toast";
import { Limiter } from "../core/limit";
import { lineFromRecord } from "./analysis";
import { challengesPanel } from "./home/challenges";
import { rulesHref } from "./rules";

/** The front page's analysis requests (pictures), two at a time: the server's heavy-request
 * slots are few, and requests beyond them are refused (`429 busy`). The chosen scenario's
 * picture goes ahead of the queue. */
const pictures = new Limiter(2);

/** Renders the front page into `root`. */
export async function homePage(root: HTMLElement): Promise<void> {
  const gallery = h("div", { class: "gallery", id: "scenarios" }, h("p", { class: "muted" }, "Loading scenarios…"));
  const form = h("form", { class: "new-game", id: "new-game" });
  replace(
    root,
    h(
      "div",
      { class: "home" },
      h("section", { class: "panel wide" }, h("h1", {}, "New game"), form, h("h2", { class: "gallery-title" }, "Scenarios"), gallery),
      h("aside", { class: "column" }, challengesPanel(), myGamesPanel(), lobbyPanel(), importPanel()),
    ),
  );
  let list: ScenarioEntry[];
  let levels: LevelEntry[];
  try {
    [list, levels] = await Promise.all([api.scenarios(), api.levels()]);
  } catch (e) {
    toastError(e);
    return;
  }
  replace(gallery);
  // Smaller boards first, then by name.
  const size = (s: ScenarioEntry): number => s.board.files * s.board.ranks;
  list.sort((a, b) => size(a) - size(b) || a.name.localeCompare(b.name));
  const choose = (s: ScenarioEntry, scroll = true): void => {
    for (const card of gallery.querySelectorAll(".card")) card.classList.toggle("chosen", card.getAttribute("data-id") === s.id);
    newGameForm(form, s, levels);
    // The form stands above the cards: bring it into view with the scenario just chosen.
    if (scroll) form.scrollIntoView({ block: "start", behavior: "smooth" });
  };
  for (const s of list) {
    const frame = h("div", { class: "thumb" });
    // A card is chosen by a click (or Enter or Space); its rules link opens the rules page.
    const card = h(
      "div",
      {
        class: "card button",
        role: "button",
        tabindex: 0,
        "data-id": s.id,
        onclick: () => choose(s),
        onkeydown: (e: Event) => {
          if (e instanceof KeyboardEvent && e.target === card && (e.key === "Enter" || e.key === " ")) {
            e.preventDefault();
            choose(s);
          }
        },
      },
      frame,
      h("strong", {}, s.name),
      h("span", { class: "muted game-title" }, s.family_title),
      h("span", { class: "muted size" }, `${s.board.files}×${s.board.ranks}`),
      h("a", { class: "rules-link", href: rulesHref(s.id), onclick: (e: Event) => e.stopPropagation() }, "Rules"),
    );
    gallery.append(card);
    void pictures
      .run(() => api.analysis(s.id, {}, [], "spectator"))
      .then(({ game, state }) => {
        frame.append(picture(game, state.pieces, 150));
        if (state.phase === "setup") card.querySelector(".size")?.append(" · free setup");
      })
      .catch(() => frame.append(h("span", { class: "muted" }, "no picture")));
  }
  if (list[0]) choose(list[0], false);
}

/** A text wrapped at fixed width in its file, as paragraphs: single line breaks become spaces. */
function paragraphs(text: string): string {
  return text.replace(/([^\n])\n(?!\n)/g, "$1 ");
}

function newGameForm(form: HTMLFormElement, s: ScenarioEntry, levels: LevelEntry[]): void {
  const preview = h("div", { class: "thumb large" });
  const options = h("fieldset", { class: "options" }, h("legend", {}, "Options"));
  const values = new Map<string, () => string>();
  const initial: Record<string, string> = {};
  for (const spec of s.options) {
    initial[spec.name] = spec.default;
    const [input, value] = optionInput(spec);
    values.set(spec.name, value);
    input.addEventListener("change", () => void showPreview());
    const check = input instanceof HTMLInputElement && input.type === "checkbox";
    // The help is written under the option (a tooltip cannot be seen on a phone).
    options.append(
      h(
        "div",
        { class: "option" },
        h("label", { class: check ? "check" : "" }, input, " ", spec.label),
        spec.help ? h("small", { class: "option-help" }, spec.help) : null,
      ),
    );
  }
  const formError = h("p", { class: "error form-error", id: "form-error", role: "alert", hidden: true });
  const showError = (message: string | null): void => {
    formError.hidden = message === null;
    formError.textContent = message ?? "";
  };
  const chosen = (): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [name, get] of values) if (get() !== initial[name]) out[name] = get();
    return out;
  };
  const showPreview = async (): Promise<void> => {
    try {
      const { game, state } = await pictures.run(() => api.analysis(s.id, chosen(), [], "spectator"), true);
      replace(preview, picture(game, state.pieces, Math.min(300, window.innerWidth - 60)));
      if (state.phase === "setup") preview.append(h("p", { class: "muted" }, "Each side places its army at the start."));
      showError(null);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      replace(preview, h("p", { class: "error" }, message));
      showError(message);
    }
  };
  const radio = (name: string, value: string, label: string, checked = false) =>
    h("label", { class: "check" }, h("input", { type: "radio", name, value, checked }), " ", label);
  const strongest = levels.at(-1)?.number ?? 6;
  const level = h("input", { type: "range", name: "level", min: 1, max: strongest, value: 3 });
  const levelText = h("span", { id: "level-text" });
  const describeLevel = (): void => {
    const chosenLevel = levels.find((l) => l.number === Number(level.value));
    levelText.textContent = chosenLevel ? `${level.value}: ${chosenLevel.summary}` : level.value;
  };
  describeLevel();
  level.addEventListener("input", describeLevel);
  const minutes = h("input", { type: "number", name: "minutes", min: 1, max: 1440, value: 10 });
  const increment = h("input", { type: "number", name: "increment", min: 0, max: 600, value: 5 });
  const isPublic = h("input", { type: "checkbox", name: "public" });
  const isChallenge = h("input", { type: "checkbox", name: "challenge", id: "open-challenge" });
  const challengeName = h("input", { type: "text", name: "challenge-name", id: "challenge-name", maxlength: 32, placeholder: "Your name", value: "Player" });
  replace(
    form,
    h("h2", {}, s.name),
    h("p", { class: "rules-line" }, h("a", { class: "rules-link", id: "form-rules-link", href: rulesHref(s.id) }, `The rules of ${s.name}`)),
    h("div", { class: "form-top" }, preview, h("p", { class: "description" }, paragraphs(s.description))),
    s.options.length > 0 ? options : null,
    formError,
    h(
      "fieldset",
      {},
      h("legend", {}, "Opponent"),
      radio("opponent", "ai", "The computer", true),
      h("label", { class: "indent" }, "Level ", level, " ", levelText),
      radio("opponent", "human", "A person: you get a link to send them"),
    ),
    h(
      "fieldset",
      {},
      h("legend", {}, "Your side"),
      radio("side", "white", "White", true),
      radio("side", "black", "Black"),
      radio("side", "random", "Random"),
    ),
    h(
      "fieldset",
      { class: "human-only" },
      h("legend", {}, "Time"),
      radio("time", "correspondence", "Correspondence: no clock", true),
      radio("time", "live", "Live with a clock"),
      h("label", { class: "indent" }, minutes, " minutes + ", increment, " seconds a turn"),
      h("label", { class: "check" }, isPublic, " List it among the games to watch"),
      h("label", { class: "check" }, isChallenge, " Open challenge: wait in the lobby for anyone to join (instead of sending a link)"),
      h("label", { class: "indent" }, "Name shown ", challengeName),
    ),
    h("button", { type: "submit", class: "primary", id: "create" }, "Create game"),
  );
  const field = (name: string): string => (form.querySelector(`input[name=${name}]:checked`) as HTMLInputElement | null)?.value ?? "";
  const sync = (): void => {
    form.classList.toggle("vs-ai", field("opponent") === "ai");
  };
  form.onchange = sync;
  sync();
  void showPreview();
  form.onsubmit = (event) => {
    event.preventDefault();
    const sidePick = field("side");
    const side: Side = sidePick === "random" ? (Math.random() < 0.5 ? "white" : "black") : (sidePick as Side);
    const other: Side = side === "white" ? "black" : "white";
    const ai = field("opponent") === "ai";
    const mode: Mode = ai ? "ai" : (field("time") as Mode);
    const request: api.NewGame = { scenario: s.id, options: chosen(), mode, public: !ai && isPublic.checked };
    if (ai) request.ai = { side: other, level: Number(level.value) };
    if (!ai && isChallenge.checked) request.challenge = { name: challengeName.value.trim() || "Player", side };
    if (mode === "live") request.clock = { initial_seconds: Number(minutes.value) * 60, increment_seconds: Number(increment.value) };
    void create(request, side, s.name, showError);
  };
}

/**
 * The input of an option, built from its spec: a checkbox for a bool, a number input with its
 * bounds for an integer, a list for a choice; with a function reading its value as text.
 */
function optionInput(spec: OptionSpec): [HTMLInputElement | HTMLSelectElement, () => string] {
  const name = `option-${spec.name}`;
  switch (spec.kind.type) {
    case "bool": {
      const box = h("input", { type: "checkbox", name, checked: spec.default === "true" });
      return [box, () => String(box.checked)];
    }
    case "integer": {
      const number = h("input", { type: "number", name, value: spec.default, min: spec.kind.min, max: spec.kind.max, step: 1 });
      return [number, () => number.value.trim()];
    }
    case "choice": {
      const select = h("select", { name });
      for (const choice of spec.kind.choices) select.append(h("option", { value: choice, selected: choice === spec.default }, choice));
      return [select, () => select.value];
    }
  }
}

async function create(request: api.NewGame, side: Side, scenario: string, showError: (message: string | null) => void): Promise<void> {
  try {
    const created = await api.createGame(request);
    const mine = created[side];
    if (!mine) throw new Error("the server gave no seat for your side");
    const other = created[side === "white" ? "black" : "white"];
    rememberGame({
      id: created.id,
      token: mine.token,
      scenario,
      seat: side,
      invite: other ? location.origin + other.path : undefined,
      watch: location.origin + created.spectator.path,
      at: Date.now(),
    });
    location.assign(mine.path);
  } catch (e) {
    showError(e instanceof Error ? e.message : String(e));
    toastError(e);
  }
}

function myGamesPanel(): HTMLElement {
  const games = myGames();
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, "Your games"),
    games.length === 0
      ? h("p", { class: "muted" }, "None yet.")
      : h(
          "ul",
          { class: "links" },
          ...games
            .slice(0, 12)
            .map((g) => h("li", {}, h("a", { href: `/play/${g.id}#${g.token}` }, g.scenario), ` · ${g.seat} · ${new Date(g.at).toLocaleDateString()}`)),
        ),
  );
}

function lobbyPanel(): HTMLElement {
  const list = h("ul", { class: "links" }, h("li", { class: "muted" }, "Loading…"));
  void api
    .lobby()
    .then((games) => {
      const open = games.filter((g) => g.status !== "over").slice(0, 12);
      replace(
        list,
        ...(open.length === 0
          ? [h("li", { class: "muted" }, "No public game is being played.")]
          : open.map((g) => h("li", {}, h("a", { href: `/play/${g.id}` }, g.scenario_name), ` · ${g.mode} · ${g.status}`))),
      );
    })
    .catch(() => replace(list, h("li", { class: "muted" }, "The lobby is not available.")));
  return h("section", { class: "panel" }, h("h2", {}, "Games to watch"), list);
}

function importPanel(): HTMLElement {
  const text = h("textarea", { name: "record", rows: 6, placeholder: "A record file: its [Scenario] tag, then its turns" });
  const file = h("input", { type: "file", accept: ".rec,.txt,text/plain" });
  file.addEventListener("change", () => {
    const f = file.files?.[0];
    if (f) void f.text().then((t) => (text.value = t));
  });
  const open = async (): Promise<void> => {
    try {
      const line = await lineFromRecord(text.value, "Imported record");
      setAnalysisLine(line);
      location.assign("/analysis");
    } catch (e) {
      toastError(e);
    }
  };
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, "Open a record"),
    h("p", { class: "muted" }, "Paste a record file or choose one: it opens on the analysis board, where any line can be tried."),
    text,
    file,
    h("button", { type: "button", id: "import", onclick: () => void open() }, "Open on the analysis board"),
  );
}
