// The web client's entry point: draws the navigation and the page the path names. Every page
// reads the JSON API under /v1; the server serves this same shell for each page path.
import {ApiProblem, del, session} from "./api.js";
import {el, notice, replace} from "./dom.js";
import {renderGame} from "./game.js";
import {renderHome, renderPlayer, renderRatings, renderTournament} from "./lists.js";
import {renderMe, renderSignIn, renderSignUp} from "./account.js";

const routes = [
  [/^\/$/, () => renderHome],
  [/^\/games\/(\d+)$/, () => renderGame],
  [/^\/tournaments\/(\d+)$/, () => renderTournament],
  [/^\/ratings\/([A-Za-z0-9_-]+)$/, () => renderRatings],
  [/^\/players\/([^/]+)$/, () => renderPlayer],
  [/^\/sign-in$/, () => renderSignIn],
  [/^\/sign-up$/, () => renderSignUp],
  [/^\/me$/, () => renderMe],
];

async function drawNav(nav, me) {
  const signOut = async () => {
    await del("/v1/session");
    location.assign("/");
  };
  if (me) {
    replace(nav, el("a", {href: "/me"}, "My games"), " ",
            el("span", {class: "who"}, me.username), " ",
            el("button", {type: "button", class: "link", onclick: signOut}, "Sign out"));
  } else {
    replace(nav, el("a", {href: "/sign-in"}, "Sign in"), " ", el("a", {href: "/sign-up"}, "Sign up"));
  }
}

async function main() {
  const target = document.getElementById("main");
  const nav = document.getElementById("nav");
  const path = location.pathname;
  try {
    const me = await session();
    await drawNav(nav, me);
    for (const [pattern, page] of routes) {
      const match = path.match(pattern);
      if (!match) continue;
      await page()(target, {me, params: match.slice(1).map(decodeURIComponent)});
      return;
    }
    replace(target, el("h1", {}, "Not found"), notice("No page at " + path + ".", "error"));
  } catch (e) {
    const text = e instanceof ApiProblem ? e.message : "Something went wrong: " + e;
    replace(target, el("h1", {}, "Sorry"), notice(text, "error"));
  }
}

main();
