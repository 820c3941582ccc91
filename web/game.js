// The game page: board (board.svg), seats with clocks, result, moves, and for a player whose
// turn it is, click-to-move, the notation box, draw offers and resignation. It follows the
// game's stream (Server-Sent Events) and redraws on each new version of the game.
import {ApiProblem, boardSvg, get, post} from "./api.js";
import {BoardPicker, importSvg} from "./board.js";
import {duration, el, emptyNote, link, notice, playerLink, replace, section, when} from "./dom.js";

function seatItem(game, seat) {
  const you = game.your_seat === seat.seat ? " (you)" : "";
  const clock = [];
  if (seat.remaining_s !== null) clock.push(duration(seat.remaining_s) + " left");
  if (seat.deadline) clock.push("deadline " + when(seat.deadline));
  return el("li", {class: "seat" + (seat.to_move ? " turn" : "")},
    el("span", {class: "seat-number"}, "Seat " + seat.seat), " ",
    playerLink(seat.username), you,
    seat.to_move && game.status === "active" ? el("strong", {}, " to move") : "",
    seat.placement !== null ? ` – place ${seat.placement}, score ${seat.score}` : "",
    clock.length ? el("span", {class: "clock"}, " – " + clock.join(", ")) : "");
}

function resultBlock(game) {
  if (game.status === "active") return null;
  const summary = game.result && game.result.summary ? game.result.summary : game.status;
  return el("p", {class: "result", role: "status"}, "Result: " + summary);
}

function movesList(game) {
  if (!game.moves || !game.moves.length) return emptyNote("No moves yet.");
  return el("ol", {class: "moves"}, game.moves.map((m) =>
    el("li", {value: m.ply}, `${m.username} (seat ${m.seat}): `, el("code", {}, m.move))));
}

class GameView {
  constructor(main, id, me) {
    this.id = id;
    this.me = me;
    this.game = null;
    this.title = el("h1", {}, "Game " + id);
    this.status = el("div", {class: "status"});
    this.seats = el("ul", {class: "seats"});
    this.board = el("div", {class: "board", "aria-label": "Board"});
    this.controls = el("div", {class: "controls"});
    this.moves = el("div");
    this.links = el("p", {class: "links"},
      link(`/v1/games/${id}/record`, "Record"), " · ",
      link(`/v1/games/${id}/fairness`, "Fairness proof"), " · ",
      link(`/v1/games/${id}/board.svg`, "Board (SVG)"));
    replace(main, this.title, this.status,
      el("div", {class: "game-layout"},
        el("div", {}, this.board, this.controls),
        el("div", {}, section("Seats", this.seats), section("Moves", this.moves), this.links)));
  }

  async load() {
    const game = await get("/v1/games/" + encodeURIComponent(this.id));
    const svg = await boardSvg(this.id, game.your_seat).catch((e) => e);
    this.game = game;
    this.draw(svg);
  }

  // `svgText`: the board, or the error that kept it from loading (the rest is still drawn and
  // the notation box still works).
  draw(svgText) {
    const game = this.game;
    document.title = `Game ${game.id}: ${game.game} – Hexpost`;
    replace(this.title, `Game ${game.id}: ${game.game}`);
    replace(this.seats, game.seats.map((s) => seatItem(game, s)));
    replace(this.moves, movesList(game));
    replace(this.status, resultBlock(game));
    const detail = svgText instanceof Error ? [] : game.legal_moves_detail || [];
    const svg = svgText instanceof Error ? null : importSvg(svgText);
    if (svg) {
      svg.setAttribute("role", "group");
      svg.setAttribute("aria-label", `${game.game} board at ply ${game.ply}`);
      replace(this.board, svg);
    } else {
      replace(this.board, notice(svgText.message, "error"));
    }
    this.choice = el("div", {class: "choice", "aria-live": "polite"});
    this.picker = svg && new BoardPicker(svg, detail, {
      onMove: (move) => this.play(move),
      onChoice: (moves) => this.showChoice(moves),
    });
    replace(this.controls, this.playControls(), this.choice, this.actions());
  }

  playControls() {
    if (!this.game.your_turn) {
      return this.game.status === "active" && this.game.your_seat !== null
        ? el("p", {class: "muted"}, "Waiting for the other seats.") : null;
    }
    const input = el("input", {id: "move-input", name: "move", autocomplete: "off",
                               spellcheck: "false", required: true});
    const form = el("form", {class: "move-form"},
      el("label", {for: "move-input"}, "Your move (notation, or click the board)"), " ",
      input, " ", el("button", {type: "submit"}, "Play"));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.play(input.value.trim());
    });
    return form;
  }

  showChoice(moves) {
    if (!moves.length) return replace(this.choice);
    replace(this.choice, el("p", {}, "Which move?"),
      el("div", {class: "buttons"}, moves.map((m) =>
        el("button", {type: "button", class: "move-choice", onclick: () => this.play(m)}, m))),
      el("button", {type: "button", class: "link", onclick: () => this.picker.reset()}, "Cancel"));
  }

  async play(move) {
    if (!move) return;
    await this.act(() => post(`/v1/games/${this.id}/moves`, {move, ply: this.game.ply}));
  }

  // Runs a state change; on refusal says why; then shows the game as it now is.
  async act(change) {
    try {
      await change();
    } catch (e) {
      if (!(e instanceof ApiProblem)) throw e;
      await this.load();
      replace(this.status, notice(e.message, "error"));
      return;
    }
    await this.load();
  }

  // Resign and draw buttons, each asking for a confirmation in the page before it acts.
  actions() {
    const game = this.game;
    if (game.status !== "active" || game.your_seat === null) return null;
    const box = el("div", {class: "actions"});
    const confirmThen = (question, label, change) => () => replace(box,
      el("span", {role: "alert"}, question), " ",
      el("button", {type: "button", class: "danger", onclick: () => this.act(change)}, label), " ",
      el("button", {type: "button", onclick: () => replace(box, ...buttons)}, "Cancel"));
    const drawPost = (action) => () => post(`/v1/games/${this.id}/draw`, {action});
    const offered = game.draw_offers.length > 0 && !game.draw_offers.includes(game.your_seat);
    const buttons = [
      el("button", {type: "button", onclick: confirmThen("Resign this game?", "Yes, resign",
        () => post(`/v1/games/${this.id}/resign`))}, "Resign"), " ",
      offered
        ? el("button", {type: "button", onclick: confirmThen("Accept the draw?", "Yes, accept",
            drawPost("accept"))}, "Accept draw")
        : el("button", {type: "button", disabled: game.draw_offers.includes(game.your_seat),
            onclick: confirmThen("Offer a draw?", "Yes, offer", drawPost("offer"))}, "Offer draw"),
    ];
    return replace(box, ...buttons);
  }

  // The game's stream as Server-Sent Events: a state with a newer version redraws the page.
  follow() {
    const source = new EventSource(`/v1/games/${encodeURIComponent(this.id)}/stream`);
    source.addEventListener("game_state", (e) => {
      const state = JSON.parse(e.data).game;
      if (state.status !== "active") source.close();
      if (state.version !== this.game.version) this.load();
    });
  }
}

export async function renderGame(main, {me, params}) {
  const view = new GameView(main, params[0], me);
  await view.load();
  if (view.game.status === "active") view.follow();
}
