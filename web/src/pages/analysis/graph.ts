// The evaluation graph: White's winning chance after each analysed turn (from the computer's
// analysis), as an inline SVG; the turns it marked are dots to click, the shown turn a line.

import type { ComputerTurn } from "../../api/types";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 300;
const HEIGHT = 80;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** The graph of `turns` (in the order played); `at` is the shown turn's index, if analysed;
 * `go(turn)` is called when a turn's dot is clicked. */
export function evaluationGraph(turns: ComputerTurn[], at: number | null, go: (turn: ComputerTurn) => void): SVGSVGElement {
  const graph = svg("svg", { class: "eval-graph", id: "eval-graph", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img" });
  const last = turns[turns.length - 1];
  graph.setAttribute("aria-label", `White's winning chance after each of ${turns.length} turns analysed`);
  graph.append(svg("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT / 2, class: "black-half" }));
  graph.append(svg("rect", { x: 0, y: HEIGHT / 2, width: WIDTH, height: HEIGHT / 2, class: "white-half" }));
  if (!last) return graph;
  const span = Math.max(1, last.index - (turns[0]?.index ?? 0));
  const x = (t: ComputerTurn) => ((t.index - (turns[0]?.index ?? 0)) / span) * (WIDTH - 8) + 4;
  const y = (t: ComputerTurn) => (1 - t.white_chance) * (HEIGHT - 8) + 4;
  const shown = turns.find((t) => t.index === at);
  if (shown) graph.append(svg("line", { x1: x(shown), x2: x(shown), y1: 0, y2: HEIGHT, class: "at" }));
  graph.append(svg("polyline", { points: turns.map((t) => `${x(t).toFixed(1)},${y(t).toFixed(1)}`).join(" "), class: "chance" }));
  for (const t of turns) {
    if (!t.judgement) continue;
    const dot = svg("circle", { cx: x(t), cy: y(t), r: 3.5, class: `dot ${t.judgement}`, "data-turn": t.index });
    const title = svg("title", {});
    title.textContent = `${t.side} ${t.mark ?? ""}: ${Math.round(t.loss * 100)} points lost`;
    dot.append(title);
    dot.addEventListener("click", () => go(t));
    graph.append(dot);
  }
  return graph;
}
