// "About this game" on the game page: the scenario's description, its family and board, a
// link to its rules page (with this game's options), and every option with the value this game uses, each with the rules' label and help (the option
// schema of `GET /api/scenarios`).

import * as api from "../../api/http";
import type { GameInfo, OptionSpec } from "../../api/types";
import { h } from "../../ui/dom";
import { rulesHref } from "../rules";

/** The scenarios' option schemas, read once per page. */
let schemas: Promise<Map<string, OptionSpec[]>> | null = null;

function optionSchemas(): Promise<Map<string, OptionSpec[]>> {
  schemas ??= api.scenarios().then((list) => new Map(list.map((s) => [s.id, s.options])));
  return schemas;
}

/** The folded section about game `info`; its options are filled in once read. */
export function aboutGame(info: GameInfo): HTMLElement {
  const options = h("ul", { class: "about-options" }, h("li", { class: "muted" }, "Reading the options…"));
  void optionSchemas().then(
    (all) => {
      const specs = all.get(info.scenario.id) ?? [];
      options.replaceChildren(...specs.map((spec) => optionLine(spec, info.options[spec.name])));
      if (specs.length === 0) options.replaceChildren(h("li", { class: "muted" }, "This scenario has no options."));
    },
    () => options.replaceChildren(h("li", { class: "muted" }, "The options could not be read.")),
  );
  return h(
    "details",
    { class: "about", id: "about" },
    h("summary", {}, "About this game: scenario and options"),
    h("p", { class: "description" }, info.scenario.description),
    h("p", {}, `${info.scenario.family_title} · ${info.board.files}×${info.board.ranks} board`),
    h("p", {}, h("a", { id: "rules-link", href: rulesHref(info.scenario.id, info.options), target: "_blank", rel: "noopener" }, "The rules of this game: pieces, moves, turns, victory")),
    h("strong", {}, "Options"),
    options,
  );
}

/** One option: its label, the value this game uses (marked when it is not the default), and its help. */
function optionLine(spec: OptionSpec, chosen: string | undefined): HTMLElement {
  const value = chosen ?? spec.default;
  const shown = value === "true" ? "yes" : value === "false" ? "no" : value;
  return h(
    "li",
    { "data-option": spec.name, class: chosen !== undefined && chosen !== spec.default ? "chosen" : "" },
    h("span", {}, `${spec.label}: `),
    h("strong", {}, shown),
    chosen !== undefined && chosen !== spec.default ? h("span", { class: "muted" }, " (chosen for this game)") : null,
    h("div", { class: "option-help" }, spec.help),
  );
}
