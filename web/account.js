// Sign-in, sign-up and the signed-in player's page: my games (my turn first), the challenges
// waiting for me (accept / decline) and a form to create one.
import {ApiProblem, get, post} from "./api.js";
import {el, emptyNote, notice, playerLink, replace, section, table, when} from "./dom.js";
import {gamesTable} from "./lists.js";

function field(label, attrs) {
  const id = "f-" + attrs.name;
  return el("p", {class: "field"}, el("label", {for: id}, label), el("input", {id, ...attrs}));
}

// A form whose submit runs `action(values)`; a refusal is shown above the button, in words.
function form(title, fields, button, action) {
  const status = el("div", {"aria-live": "polite"});
  const node = el("form", {class: "card"}, el("h1", {}, title), fields, status,
                  el("button", {type: "submit"}, button));
  node.addEventListener("submit", async (e) => {
    e.preventDefault();
    const values = Object.fromEntries(new FormData(node).entries());
    try {
      await action(values);
    } catch (err) {
      if (!(err instanceof ApiProblem)) throw err;
      replace(status, notice(err.message, "error"));
    }
  });
  return node;
}

async function signIn(username, password) {
  await post("/v1/session", {username, password});
  location.assign("/me");
}

export async function renderSignIn(main) {
  document.title = "Sign in – Hexpost";
  replace(main, form("Sign in", [
    field("Username", {name: "username", autocomplete: "username", required: true}),
    field("Password", {name: "password", type: "password", autocomplete: "current-password",
                       required: true}),
  ], "Sign in", (v) => signIn(v.username, v.password)));
}

export async function renderSignUp(main) {
  document.title = "Sign up – Hexpost";
  replace(main, form("Sign up", [
    field("Username", {name: "username", autocomplete: "username", required: true}),
    field("Email", {name: "email", type: "email", autocomplete: "email", required: true}),
    field("Password", {name: "password", type: "password", autocomplete: "new-password",
                       required: true, minlength: 8}),
  ], "Create account", async (v) => {
    await post("/v1/accounts", {username: v.username, email: v.email, password: v.password});
    await signIn(v.username, v.password);
  }));
}

function challengeActions(c, me, refresh) {
  const act = (verb) => async () => {
    const done = await post(`/v1/challenges/${c.id}/${verb}`);
    if (done && done.game_id) location.assign("/games/" + done.game_id);
    else refresh();
  };
  if (c.creator === me.username) {
    return el("button", {type: "button", onclick: act("cancel")}, "Cancel");
  }
  const invited = !c.open;
  return el("span", {},
    el("button", {type: "button", class: "accept", onclick: act("accept")}, "Accept"),
    invited ? " " : "",
    invited ? el("button", {type: "button", onclick: act("decline")}, "Decline") : "");
}

function challengesTable(list, me, refresh) {
  if (!list.length) return emptyNote("No open challenges.");
  return table(["Game", "By", "Players", "Kind", "Expires", ""], list.map((c) => [
    c.game, playerLink(c.creator), c.participants.map((p) => p.username).join(", "),
    (c.open ? "open seek" : "direct") + (c.rated ? ", rated" : ""), when(c.expires_at),
    challengeActions(c, me, refresh)]));
}

function challengeForm(catalog, refresh) {
  const games = el("select", {id: "f-game", name: "game"},
    catalog.games.map((g) => el("option", {value: g.id}, g.name)));
  const players = el("select", {id: "f-players", name: "players"});
  const fillCounts = () => {
    const game = catalog.games.find((g) => g.id === games.value);
    replace(players, game.player_counts.map((n) => el("option", {value: n}, String(n))));
  };
  games.addEventListener("change", fillCounts);
  fillCounts();
  const node = form("New challenge", [
    el("p", {class: "field"}, el("label", {for: "f-game"}, "Game"), games),
    el("p", {class: "field"}, el("label", {for: "f-players"}, "Players"), players),
    field("Opponents (comma-separated; empty: an open seek)", {name: "opponents"}),
    el("p", {class: "field"}, el("label", {}, el("input", {type: "checkbox", name: "rated"}),
                                 " Rated")),
  ], "Create challenge", async (v) => {
    const opponents = (v.opponents || "").split(",").map((s) => s.trim()).filter(Boolean);
    await post("/v1/challenges", {game: v.game, players: Number(v.players), opponents,
                                  rated: v.rated === "on"});
    refresh();
  });
  node.querySelector("h1").replaceWith(el("h2", {}, "New challenge"));
  return node;
}

export async function renderMe(main, {me}) {
  if (!me) {
    location.assign("/sign-in");
    return;
  }
  document.title = "My games – Hexpost";
  const refresh = () => renderMe(main, {me});
  const [mine, challenges, catalog] = await Promise.all([
    get("/v1/me/games?status=active&limit=50"), get("/v1/challenges?limit=50"),
    get("/v1/catalog")]);
  const finished = await get("/v1/me/games?status=finished&limit=20");
  replace(main, el("h1", {}, "My games"),
    section("Active (my turn first)", gamesTable(mine.games)),
    section("Challenges", challengesTable(challenges.challenges, me, refresh)),
    challengeForm(catalog, refresh),
    section("Finished", gamesTable(finished.games)));
}
