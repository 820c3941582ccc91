// The board: the server's SVG (board.svg), imported into the page, and click-to-move over the
// legal moves the server lists with their cells (legal_moves_detail). No game logic here: a
// click narrows the list to the moves whose cells begin with the cells clicked so far, in order.

const SVG_TYPE = "image/svg+xml";

// The board's own style sheet (the <style> inside the SVG). The page's Content-Security-Policy
// refuses inline <style> elements, so the sheet's text is adopted through the CSSOM instead
// (CSS cannot run script); one sheet at a time, replaced by each board drawn.
const boardSheet = new CSSStyleSheet();
document.adoptedStyleSheets = [...document.adoptedStyleSheets, boardSheet];

// The SVG text parsed as SVG (never as HTML) and imported into this document, its <style>
// adopted as above (taken out of the text before parsing: even a parsed, unused <style> is
// reported as a violation); throws when the text is not well-formed SVG.
export function importSvg(text) {
  const sheets = [];
  const bare = text.replace(/<style\b[^>]*>([^<]*)<\/style>/g, (_, css) => {
    sheets.push(css);
    return "";
  });
  const doc = new DOMParser().parseFromString(bare, SVG_TYPE);
  const root = doc.documentElement;
  if (root.localName !== "svg" || doc.getElementsByTagName("parsererror").length) {
    throw new Error("The board is not valid SVG.");
  }
  boardSheet.replaceSync(sheets.join("\n"));
  return document.importNode(root, true);
}

// The moves of `detail` ([{move, cells}]) whose cells start with `clicked`, in order.
export function movesStartingWith(detail, clicked) {
  return detail.filter((d) => clicked.every((cell, i) => d.cells[i] === cell));
}

// The cells that may be clicked next: the next cell of each remaining move.
export function nextCells(remaining, clicked) {
  const next = new Set();
  for (const d of remaining) if (d.cells.length > clicked.length) next.add(d.cells[clicked.length]);
  return next;
}

// Click-to-move on an imported board. `detail`: the legal moves with their cells (empty when it
// is not the viewer's turn: cells are then only named). `onMove(move)` plays a move;
// `onChoice(moves)` shows the remaining moves when more than one is left (empty: none).
export class BoardPicker {
  constructor(svg, detail, {onMove, onChoice}) {
    this.svg = svg;
    this.detail = detail || [];
    this.onMove = onMove;
    this.onChoice = onChoice;
    this.clicked = [];
    this.cells = new Map();
    for (const node of svg.querySelectorAll("[data-cell]")) this.prepare(node);
    this.listen();
    this.mark();
  }

  prepare(node) {
    const name = node.getAttribute("data-cell");
    this.cells.set(name, node);
    const title = node.querySelector("title");
    node.setAttribute("aria-label", title ? title.textContent : "cell " + name);
    if (!this.detail.length) return;
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      this.click(name);
    });
  }

  // The cell under a click: the clicked element's own cell, else the topmost cell at the point
  // (a piece or a label drawn over a cell is not part of it).
  cellAt(event) {
    const own = event.target.closest("[data-cell]");
    if (own) return own.getAttribute("data-cell");
    const under = document.elementsFromPoint(event.clientX, event.clientY)
      .find((node) => node.hasAttribute("data-cell") && this.svg.contains(node));
    return under ? under.getAttribute("data-cell") : null;
  }

  listen() {
    if (!this.detail.length) return;
    this.svg.addEventListener("click", (event) => {
      const cell = this.cellAt(event);
      if (cell !== null) this.click(cell);
    });
  }

  // A click on `cell`: extends the selection when a move continues with it, else starts over
  // from it (or clears the selection when no move starts there either).
  click(cell) {
    let clicked = this.clicked.concat([cell]);
    let remaining = movesStartingWith(this.detail, clicked);
    if (!remaining.length) {
      clicked = [cell];
      remaining = movesStartingWith(this.detail, clicked);
    }
    this.clicked = remaining.length ? clicked : [];
    if (remaining.length === 1) {
      this.clicked = [];
      this.mark();
      this.onChoice([]);
      this.onMove(remaining[0].move);
      return;
    }
    this.mark();
    this.onChoice(this.clicked.length ? remaining.map((d) => d.move) : []);
  }

  reset() {
    this.clicked = [];
    this.mark();
    this.onChoice([]);
  }

  // Classes for the stylesheet: selected cells, and the cells a move can continue with.
  mark() {
    const remaining = movesStartingWith(this.detail, this.clicked);
    const next = this.detail.length ? nextCells(remaining, this.clicked) : new Set();
    for (const [name, node] of this.cells) {
      node.classList.toggle("picked", this.clicked.includes(name));
      node.classList.toggle("next", next.has(name));
    }
  }
}
