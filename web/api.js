// The JSON API, same origin. Signed-in requests carry the session cookie (credentials
// "same-origin"); a state change sends Origin by itself, which the server checks.

export class ApiProblem extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.code = problem.code || problem.type || "";
    this.problem = problem;
  }
}

// JSON answers are never taken from the browser's cache ("no-store"): a page shows the state as
// it is now, and redraws on every stream event anyway.
async function send(method, path, body) {
  const init = {method, credentials: "same-origin", cache: "no-store",
                headers: {Accept: "application/json"}};
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  if (res.status === 204) return null;
  const type = res.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await res.json() : await res.text();
  if (!res.ok) throw new ApiProblem(res.status, typeof data === "object" ? data : {detail: data});
  return data;
}

export const get = (path) => send("GET", path);
export const post = (path, body) => send("POST", path, body === undefined ? {} : body);
export const del = (path) => send("DELETE", path);

// The board of a game as SVG text (GET /v1/games/{id}/board.svg).
export async function boardSvg(gameId, seat) {
  const query = seat === null || seat === undefined ? "" : "?seat=" + seat;
  // "no-cache": revalidated each time (board.svg may be kept 30 s; the page redraws on a move).
  const res = await fetch(`/v1/games/${encodeURIComponent(gameId)}/board.svg${query}`,
                          {credentials: "same-origin", cache: "no-cache"});
  if (!res.ok) throw new ApiProblem(res.status, {detail: "The board could not be loaded."});
  return res.text();
}

// The signed-in account ({signed_in, username, ...}) or null (signed out, or a session that
// has ended: 401). Asked once per page.
let sessionPromise = null;
export function session() {
  if (!sessionPromise) {
    sessionPromise = get("/v1/session").then((s) => (s.signed_in ? s : null), (e) => {
      if (e instanceof ApiProblem && e.status === 401) return null;
      throw e;
    });
  }
  return sessionPromise;
}
