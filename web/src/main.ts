// The UI's entry: picks the page from the address.

import "./style.css";
import { analysisPage } from "./pages/analysis";
import { homePage } from "./pages/home";
import { playPage } from "./pages/play";

const root = document.getElementById("app");
if (root) {
  const play = /^\/play\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname);
  if (play?.[1]) void playPage(root, play[1]);
  else if (location.pathname.startsWith("/analysis")) void analysisPage(root);
  else void homePage(root);
}
