// The UI's entry: picks the page from the address.

import "./style.css";
import { analysisPage } from "./pages/analysis";
import { homePage } from "./pages/home";
import { playPage } from "./pages/play";
import { rulesPage, rulesRoute } from "./pages/rules";

const root = document.getElementById("app");

function route(root: HTMLElement): void {
  const play = /^\/play\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname);
  const rules = location.pathname === "/" ? rulesRoute(location.hash) : null;
  if (play?.[1]) void playPage(root, play[1]);
  else if (location.pathname.startsWith("/analysis")) void analysisPage(root);
  else if (rules) void rulesPage(root, rules.id, rules.options);
  else void homePage(root);
}

if (root) {
  route(root);
  // The rules pages live in the front page's hash: going to one (or back) draws it.
  window.addEventListener("hashchange", () => {
    if (location.pathname === "/") route(root);
  });
}
