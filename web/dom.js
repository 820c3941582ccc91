// DOM helpers. Text always goes in as text nodes (textContent): nothing the server returns or
// the user typed is ever parsed as HTML.

// el("a", {href: "/x", class: "c"}, "text", child, ...): an element. Attributes that are
// null/undefined/false are left out; children are nodes or strings (as text).
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

export function append(node, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function replace(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

export function section(title, ...children) {
  return el("section", {}, el("h2", {}, title), ...children);
}

// A table: headers, then rows of cells (nodes or strings).
export function table(headers, rows, caption) {
  return el("div", {class: "scroll"},
    el("table", {},
      caption ? el("caption", {}, caption) : null,
      el("thead", {}, el("tr", {}, headers.map((h) => el("th", {scope: "col"}, h)))),
      el("tbody", {}, rows.map((row) => el("tr", {}, row.map((c) => el("td", {}, c)))))));
}

export function link(href, text) { return el("a", {href}, text); }
export function playerLink(username) {
  return link("/players/" + encodeURIComponent(username), username);
}
export function gameLink(id, text) { return link("/games/" + encodeURIComponent(id), text); }

// "2026-11-27 03:04 UTC" from an RFC 3339 time (null: "").
export function when(text) {
  if (!text) return "";
  const d = new Date(text);
  if (Number.isNaN(d.getTime())) return text;
  return d.toISOString().slice(0, 16).replace("T", " ") + " UTC";
}

// "2 d 3 h", "4 h 5 min", "12 min", "40 s" from seconds.
export function duration(seconds) {
  if (seconds === null || seconds === undefined) return "";
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min`;
  return `${s} s`;
}

// A status line (role=status): errors and confirmations of actions.
export function notice(text, kind) {
  return el("p", {class: "notice " + (kind || ""), role: kind === "error" ? "alert" : "status"},
            text);
}

export function emptyNote(text) { return el("p", {class: "muted"}, text); }
