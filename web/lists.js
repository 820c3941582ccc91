// The read-only pages: home, tournament, rating list, player. Public: no account needed.
import {ApiProblem, get} from "./api.js";
import {el, emptyNote, gameLink, link, playerLink, replace, section, table, when} from "./dom.js";

// "alice – bob" with links, the seat to move marked.
function seatNames(game) {
  const names = [];
  for (const seat of game.seats) {
    if (names.length) names.push(" – ");
    names.push(playerLink(seat.username));
    if (seat.to_move && game.status === "active") names.push(el("span", {class: "to-move"}, " (to move)"));
  }
  return el("span", {}, names);
}

function resultText(game) {
  if (game.status === "active") return "ply " + game.ply;
  if (game.result && game.result.summary) return game.result.summary;
  return game.status;
}

export function gamesTable(games, caption) {
  if (!games.length) return emptyNote("No games.");
  return table(["Game", "Players", "State", "Updated"], games.map((g) => [
    gameLink(g.id, `#${g.id} ${g.game}`), seatNames(g), resultText(g), when(g.updated_at)]),
  caption);
}

function challengeRow(c) {
  const who = c.participants.map((p) => p.username).join(", ");
  return [c.game, String(c.players), playerLink(c.creator), who, c.rated ? "rated" : "casual",
          when(c.expires_at)];
}

export function challengesTable(list) {
  if (!list.length) return emptyNote("No open challenges.");
  return table(["Game", "Players", "By", "Joined", "Kind", "Expires"], list.map(challengeRow));
}

function tournamentsTable(list) {
  if (!list.length) return emptyNote("No tournaments.");
  return table(["Tournament", "Game", "Format", "Round", "Entrants"], list.map((t) => [
    link("/tournaments/" + t.id, t.name), t.game, t.format, String(t.current_round),
    String(t.entrants)]));
}

// A section whose list needs an account when the server says so (401): a hint instead.
async function optional(loader, title, render) {
  try {
    return section(title, render(await loader()));
  } catch (e) {
    if (e instanceof ApiProblem && e.status === 401) {
      return section(title, el("p", {class: "muted"}, link("/sign-in", "Sign in"), " to see them."));
    }
    throw e;
  }
}

export async function renderHome(main) {
  const [live, recent, running, catalog] = await Promise.all([
    get("/v1/games?status=active&limit=20"), get("/v1/games?status=finished&limit=10"),
    get("/v1/tournaments?status=running&limit=20"), get("/v1/catalog")]);
  const seeks = await optional(() => get("/v1/challenges?limit=20"), "Open challenges",
                               (r) => challengesTable(r.challenges.filter((c) => c.open)));
  replace(main,
    el("h1", {}, "Hexpost"),
    el("p", {class: "lead"}, "Correspondence hex-board games, move by move over days."),
    section("Live games", gamesTable(live.games)),
    seeks,
    section("Running tournaments", tournamentsTable(running.tournaments)),
    section("Recent games", gamesTable(recent.games)),
    section("Rating lists", el("ul", {class: "inline"},
      catalog.games.map((g) => el("li", {}, link("/ratings/" + g.id, g.name))))));
}

// The tie-breaks a standings row may carry, in the order the server ranks by.
const TIEBREAKS = [["buchholz_cut1", "Buchholz cut 1"], ["buchholz", "Buchholz"],
                   ["median_buchholz", "Median Buchholz"], ["sonneborn_berger", "Sonneborn–Berger"],
                   ["direct_encounter", "Direct encounter"]];

function standingsTable(t) {
  const present = TIEBREAKS.filter(([k]) => t.standings.some((s) => k in s));
  const tiebreaks = present.map(([k]) => k);
  const headers = ["Rank", "Player", "Points"].concat(present.map(([, title]) => title));
  if (t.standings.some((s) => "division" in s)) headers.push("Division");
  return table(headers, t.standings.map((s) => {
    const row = [String(s.rank), playerLink(s.username), String(s.score)];
    for (const k of tiebreaks) row.push(String(s[k] ?? ""));
    if ("division" in s) row.push(String(s.division));
    return row;
  }), "Standings");
}

function pairingResult(p) {
  if (p.game_id === null) return p.usernames.length === 1 ? "bye" : "forfeit";
  return p.scores ? p.scores.join(" – ") : "playing";
}

function roundSection(round) {
  return section("Round " + round.number, table(["Board", "Players", "Result", "Game"],
    round.pairings.map((p) => [String(p.board),
      el("span", {}, p.usernames.flatMap((u, i) => (i ? [" – ", playerLink(u)] : [playerLink(u)]))),
      pairingResult(p), p.game_id === null ? "" : gameLink(p.game_id, "#" + p.game_id)])));
}

export async function renderTournament(main, {params}) {
  const t = await get("/v1/tournaments/" + encodeURIComponent(params[0]));
  document.title = t.name + " – Hexpost";
  replace(main,
    el("h1", {}, t.name),
    el("p", {class: "lead"}, `${t.game}, ${t.format}, ${t.status}`,
       t.rated ? ", rated" : "", ` – organised by `, playerLink(t.organiser)),
    t.standings.length ? standingsTable(t) : emptyNote("No standings yet."),
    section("Entrants", el("ul", {class: "inline"},
      t.entrants.map((e) => el("li", {}, playerLink(e.username),
                               e.status === "active" ? "" : ` (${e.status})`)))),
    [...t.rounds].reverse().map(roundSection));
}

export async function renderRatings(main, {params}) {
  const game = params[0];
  const list = await get("/v1/ratings/" + encodeURIComponent(game) + "?limit=100");
  document.title = "Ratings: " + game + " – Hexpost";
  replace(main, el("h1", {}, "Ratings: " + game),
    list.ratings.length ? table(["#", "Player", "Rating", "Deviation", "Games"],
      list.ratings.map((r, i) => [String(i + 1), playerLink(r.username),
        String(r.rating) + (r.provisional ? "?" : ""), String(r.deviation ?? ""), String(r.games)]),
      `${list.system} ratings`) : emptyNote("Nobody is rated yet."));
}

export async function renderPlayer(main, {params}) {
  const username = params[0];
  const profile = await get("/v1/players/" + encodeURIComponent(username));
  document.title = username + " – Hexpost";
  const ratings = profile.ratings || [];
  const tournaments = profile.tournaments || [];
  replace(main, el("h1", {}, profile.username, profile.bot ? " (bot)" : ""),
    el("p", {class: "lead"}, "Playing since " + when(profile.created_at).slice(0, 10)),
    section("Ratings", ratings.length ? table(["Game", "System", "Rating", "Games"],
      ratings.map((r) => [link("/ratings/" + r.game, r.game), r.system, String(r.rating),
                          String(r.games)])) : emptyNote("No ratings yet.")),
    section("Tournaments", tournaments.length ? el("ul", {}, tournaments.map((t) =>
      el("li", {}, link("/tournaments/" + t.id, t.name), ` (${t.status})`)))
      : emptyNote("No tournaments.")),
    section("Recent games", gamesTable(profile.games)));
}
