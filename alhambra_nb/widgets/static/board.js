// Pure helpers for any board view: cell keys, keyboard steps, and drawing what Python computed
// (the static board picture, the ARIA grid over it, ghosts and violation highlights).
// No rule lives here: every verdict, message and highlight arrives ready from Python.

/**
 * @typedef {[number, number, number, number]} Extent  min x, min y, max x, max y (inclusive)
 * @typedef {{rule: string, message: string, tag: string, look: string, tone?: string,
 *            marker?: [number, number] | null, cells: [number, number][],
 *            edges: [number, number, string][]}} Violation
 * @typedef {{ok: boolean, action: string | null, text: string, violations: Violation[]}} Verdict
 * @typedef {{svg: string, unit: number, size: number, extent: Extent,
 *            labels: Record<string, string>, wall: number, counts: Record<string, number>,
 *            buildings: string[], palette: Palette, legend?: string}} Board
 * @typedef {Record<string, string> | {light: Record<string, string>,
 *            dark: Record<string, string>}} Palette  colour by role, per theme or for both
 */

export const SVG_NS = "http://www.w3.org/2000/svg";
const SIDES = ["N", "E", "S", "W"];
/** Distance from a cell border to an outlined side, as in the static pictures. */
const EDGE_MARK = 11;
/** Radius of a numbered violation marker, as in the static pictures. */
const MARKER_RADIUS = 14;

/** @param {number} x @param {number} y */
export function cellKey(x, y) {
  return `${x},${y}`;
}

/** @param {string} key @returns {[number, number]} */
export function parseKey(key) {
  const [x, y] = key.split(",").map(Number);
  return [x, y];
}

const STEPS = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  Home: null,
};

/**
 * The cell an arrow key moves to from `key`, staying on the board.
 * @param {string} key @param {string} keyName @param {Extent} extent
 * @returns {string | null} null when the key is not an arrow
 */
export function step(key, keyName, extent) {
  if (!(keyName in STEPS)) return null;
  const [minX, minY, maxX, maxY] = extent;
  if (keyName === "Home") return cellKey(0, 0);
  const [dx, dy] = STEPS[keyName];
  const [x, y] = parseKey(key);
  const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
  return cellKey(clamp(x + dx, minX, maxX), clamp(y + dy, minY, maxY));
}

/**
 * The line `offset` inside `side` of cell (x, y), in board units.
 * @returns {[number, number, number, number]}
 */
export function sideLine(x, y, side, unit, offset = EDGE_MARK) {
  const left = x * unit;
  const top = y * unit;
  const right = left + unit;
  const bottom = top + unit;
  switch (side) {
    case "N":
      return [left, top + offset, right, top + offset];
    case "E":
      return [right - offset, top, right - offset, bottom];
    case "S":
      return [left, bottom - offset, right, bottom - offset];
    default:
      return [left + offset, top, left + offset, bottom];
  }
}

/**
 * An SVG element with a class and attributes.
 * @param {string} tag @param {string} cls @param {Record<string, string | number>} [attrs]
 */
export function svgEl(tag, cls, attrs = {}) {
  const el = document.createElementNS(SVG_NS, tag);
  if (cls) el.setAttribute("class", cls);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  return el;
}

/** Parse an SVG fragment (one `<g>`) sent by Python into a node of this document. */
export function parseFragment(markup) {
  const doc = new DOMParser().parseFromString(
    `<svg xmlns="${SVG_NS}">${markup}</svg>`,
    "image/svg+xml",
  );
  return document.importNode(doc.documentElement.firstElementChild, true);
}

/** The selectors under which a view follows a dark theme: JupyterLab's, VS Code's, or the
 * system's where the host says nothing. */
const DARK_HOSTS = 'body[data-jp-theme-light="false"] .alh-view, body.vscode-dark .alh-view';
const UNKNOWN_HOST = "body:not([data-jp-theme-light]):not(.vscode-light):not(.vscode-dark)";

/**
 * Palette roles as CSS custom properties (`--alh-wall`, …) for every view, in a stylesheet put
 * at the start of `el`: the light values, and the dark ones where the page shows a dark theme,
 * so a theme switch recolours the views without Python.
 * @param {HTMLElement} el @param {Palette} palette
 */
export function applyPalette(el, palette) {
  const themes = palette && "light" in palette ? palette : { light: palette || {}, dark: {} };
  const rules = (colours) =>
    Object.entries(colours || {})
      .map(([role, colour]) => `--alh-${role}: ${colour};`)
      .join(" ");
  const dark = rules(themes.dark);
  const css = [
    `.alh-view { ${rules(themes.light)} }`,
    `${DARK_HOSTS} { ${dark} }`,
    `@media (prefers-color-scheme: dark) { ${UNKNOWN_HOST} .alh-view { ${dark} } }`,
  ].join("\n");
  let sheet = el.querySelector(":scope > style.alh-palette");
  if (!sheet) {
    sheet = document.createElement("style");
    sheet.className = "alh-palette";
    el.prepend(sheet);
  }
  if (sheet.textContent !== css) sheet.textContent = css;
}

/**
 * The root of a view: a `div` with the shared class `alh-view` (board.css keys on it) and the
 * view's own, holding `template`, appended to `el`.
 * @param {HTMLElement} el @param {string} cls @param {string} template
 * @returns {HTMLDivElement}
 */
export function mountView(el, cls, template) {
  const root = document.createElement("div");
  root.className = `alh-view ${cls}`;
  // Focusable from code only: where focus goes when the control that held it is gone, so it
  // stays inside the view (and its keys stay out of the notebook).
  root.tabIndex = -1;
  root.innerHTML = template;
  root.addEventListener("keydown", keepKeysInside);
  el.appendChild(root);
  return root;
}

/**
 * A key typed inside a view is the view's: JupyterLab must not also read it as a command-mode
 * shortcut (`m` would turn the widget's cell into Markdown, `d d` delete it, Enter open the
 * cell's editor). Keys with Ctrl, Alt or Meta (save, the command palette) still reach it.
 * @param {KeyboardEvent} event
 */
export function keepKeysInside(event) {
  if (event.ctrlKey || event.altKey || event.metaKey) return;
  event.stopPropagation();
}

/** The data attributes that name a part of a view across redraws, most telling first. */
const IDENTITY = [
  "data-cell",
  "data-do",
  "data-tool",
  "data-gate",
  "data-module",
  "data-card",
  "data-space",
  "data-hand",
  "data-bought",
  "data-reserve",
  "data-tray",
  "data-letter",
  "data-index",
  "data-seat",
];

/** The identity attributes of parts that come in a series (cards, cells, tiles, options):
 * when one goes, another of the series takes the focus. A button named by `data-do` (or by
 * `data-tool`, the game table's hint and level) is one of a kind: when it goes off, the
 * focus goes to a neighbour instead. */
const SERIES = IDENTITY.filter(
  (name) => !["data-do", "data-tool", "data-gate", "data-module"].includes(name),
);

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]):not([aria-disabled="true"])';

/** `[data-x="v"]…` for the identity attributes of `node` ("" when it has none). */
function identityOf(node) {
  return IDENTITY.filter((name) => node.hasAttribute(name))
    .map((name) => `[${name}="${CSS.escape(node.getAttribute(name))}"]`)
    .join("");
}

/**
 * Where the focus is inside `root`, in words that survive a redraw (a selector through the
 * named ancestors: the seat, then the card), or null when the focus is elsewhere.
 * @param {HTMLElement} root
 * @returns {{path: string, kind: string, node: Element} | null}
 */
export function focusPlace(root) {
  const active = document.activeElement;
  if (!active || active === root || !root.contains(active)) return null;
  const parts = [];
  for (let node = active; node && node !== root; node = node.parentElement) {
    const id = identityOf(node);
    if (id) parts.unshift(id);
  }
  const kind = SERIES.find((name) => active.hasAttribute(name));
  return { path: parts.join(" "), kind: kind ? `[${kind}]` : "", node: active };
}

/**
 * Put the focus back where `place` says after a redraw: on the same part if it is still
 * there and enabled; else on the first enabled part of the same kind (a taken card: the next
 * card); else on an enabled neighbour of the old part (a button just disabled); else on the
 * view itself, so it never drops to the page.
 * @param {HTMLElement} root @param {ReturnType<typeof focusPlace>} place
 */
export function restoreFocus(root, place) {
  if (!place) return;
  const active = document.activeElement;
  const disabled = (node) => node.matches("[disabled]");
  // Still on a part of the view (the redraw kept it, or put it back itself): nothing to do.
  if (active && active !== root && root.contains(active) && !disabled(active)) return;
  const usable = (node) => node && node.matches(FOCUSABLE) && !node.closest("[hidden]");
  const same = place.path ? root.querySelector(place.path) : null;
  // The same part keeps the focus even when it left the Tab order (a roving cell, a control
  // that is off for now): the learner is where they were, and Tab goes on from there.
  let target = same && !disabled(same) && same.hasAttribute("tabindex") ? same : null;
  if (!target && usable(same)) target = same;
  if (!target && place.kind) {
    target = [...root.querySelectorAll(place.kind)].find(usable) ?? null;
  }
  if (!target) {
    for (let node = (same ?? place.node).parentElement; node && root.contains(node) && !target;
      node = node.parentElement) {
      target = [...node.querySelectorAll(FOCUSABLE)].find(usable) ?? null;
    }
  }
  (target ?? root).focus({ preventScroll: true });
}

/**
 * Call `handler` whenever one of the model's traits `names` changes.
 * @param {any} model @param {string[]} names @param {() => void} handler
 * @returns {() => void} what stops it (a view's cleanup)
 */
export function watch(model, names, handler) {
  for (const name of names) model.on(`change:${name}`, handler);
  return () => {
    for (const name of names) model.off(`change:${name}`, handler);
  };
}

/**
 * The pointer and the focus on a board, as only the page knows them.
 * @typedef {{pointed: string | null, focused: string, hasFocus: boolean}} Pointer
 */

/**
 * Roving tabindex: only the focused cell is in the tab order, so Tab enters the grid once and
 * the arrow keys move inside it. With `hasFocus` the focus is put back on that cell, as a
 * redraw may have replaced the element that held it.
 * @param {Map<string, SVGGElement>} cells @param {string} focused @param {boolean} hasFocus
 */
export function rovingFocus(cells, focused, hasFocus) {
  for (const [key, cell] of cells) cell.setAttribute("tabindex", key === focused ? "0" : "-1");
  if (hasFocus && document.activeElement !== cells.get(focused)) {
    cells.get(focused)?.focus({ preventScroll: true });
  }
}

/**
 * Keep `ui` in step with the pointer, the focus and the arrow keys over the cells in `host`,
 * and call `redraw` after each change. A click, Enter or Space on a cell calls `activate`.
 * @param {HTMLElement} host @param {Pointer} ui
 * @param {{cellOf: (target: any) => string | null, extent: () => Extent | null,
 *          cells: () => Map<string, SVGGElement> | undefined, redraw: () => void,
 *          activate: (key: string) => void}} hooks
 */
export function followPointer(host, ui, { cellOf, extent, cells, redraw, activate }) {
  host.addEventListener("pointerover", (event) => {
    const key = cellOf(event.target);
    if (key && key !== ui.pointed) {
      ui.pointed = key;
      redraw();
    }
  });
  host.addEventListener("pointerleave", () => {
    ui.pointed = ui.hasFocus ? ui.focused : null;
    redraw();
  });
  host.addEventListener("click", (event) => {
    const key = cellOf(event.target);
    if (!key) return;
    ui.focused = key;
    ui.pointed = key;
    activate(key);
    redraw();
  });
  host.addEventListener("focusin", (event) => {
    const key = cellOf(event.target);
    if (!key) return;
    ui.hasFocus = true;
    ui.focused = key;
    ui.pointed = key;
    redraw();
  });
  host.addEventListener("focusout", (event) => {
    if (host.contains(/** @type {Node} */ (event.relatedTarget))) return;
    ui.hasFocus = false;
    ui.pointed = null;
    redraw();
  });
  host.addEventListener("keydown", (event) => {
    const key = cellOf(event.target) ?? ui.focused;
    const bounds = extent();
    const next = bounds ? step(key, event.key, bounds) : null;
    if (next) {
      event.preventDefault();
      ui.focused = next;
      ui.pointed = next;
      cells()?.get(next)?.focus({ preventScroll: true });
      redraw();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      activate(key);
    }
  });
}

/**
 * The overlay of a board whose cells carry verdicts: a ✓ on every cell where the action is
 * allowed; at the pointed cell the tile's ghost (not when the action removes a tile) and every
 * broken rule; the focus ring.
 * @param {SVGGElement} layer @param {Record<string, Verdict>} cells @param {Pointer} ui
 * @param {Node | null} ghost @param {number} rotation @param {number} unit
 * @param {string | null} [gate] the side of the tried tile that gets a gate (expansion II)
 * @param {string} [gateLabel] the word written on a gate, in the catalogue's words
 */
export function drawVerdictOverlay(layer, cells, ui, ghost, rotation, unit, gate = null, gateLabel = "") {
  layer.replaceChildren();
  drawLegalMarks(layer, cells, unit);
  const verdict = ui.pointed ? cells[ui.pointed] : null;
  if (verdict) {
    if (ghost && verdict.action !== "remove") {
      drawGhost(layer, ghost, ui.pointed, rotation, verdict.ok, unit);
      if (gate) drawGateMark(layer, ui.pointed, gate, unit, gateLabel);
    }
    drawViolations(layer, verdict.violations, unit);
  }
  if (ui.hasFocus) drawFocusRing(layer, ui.focused, unit);
}

/**
 * The status line (what is pointed at, or what to do) and the note under it (what Python last
 * did or refused), in the `.alh-status` and `.alh-note` elements of `root`.
 * @param {HTMLElement} root @param {string} text @param {string | null} pointed
 * @param {{text?: string, kind?: string}} note
 */
export function showStatus(root, text, pointed, note) {
  const status = /** @type {HTMLElement} */ (root.querySelector(".alh-status"));
  // Rewriting the same text would make screen readers announce it again.
  if (status.textContent !== text) status.textContent = text;
  status.dataset.cell = pointed || "";
  const noteBox = /** @type {HTMLElement} */ (root.querySelector(".alh-note"));
  // A refusal the status line already reads (the verdict of what is still picked, or of the
  // cell clicked and still pointed at) is said once; the note then only says it was refused.
  // Pointing at another cell, the status reads that cell: the old refusal would only mislead.
  const here = !!note.cell && note.cell === pointed;
  const elsewhere = !!note.cell && !!pointed && note.cell !== pointed;
  const said = note.text && note.text !== text ? note.text : "";
  noteBox.textContent = here ? note.short || "" : elsewhere ? "" : said;
  noteBox.dataset.kind = note.kind || "";
}

/**
 * Put the board picture into `host` and turn its cells into an ARIA grid.
 * @param {HTMLElement} host @param {Board} board @param {string} name
 * @returns {{svg: SVGSVGElement, cells: Map<string, SVGGElement>, overlay: SVGGElement}}
 */
export function injectBoard(host, board, name) {
  host.innerHTML = board.svg;
  const svg = /** @type {SVGSVGElement} */ (host.querySelector("svg"));
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.style.width = `${svg.viewBox.baseVal.width * (board.size / board.unit)}px`;
  const cells = decorateGrid(svg, board.labels, name);
  const overlay = /** @type {SVGGElement} */ (svgEl("g", "alh-overlay", { "aria-hidden": "true" }));
  svg.appendChild(overlay);
  return { svg, cells, overlay };
}

/**
 * Turn the cells of a board picture (an `<svg>` holding one `g.board`) into an ARIA grid:
 * rows, focusable grid cells labelled with what stands there. Used for a board on its own
 * (`injectBoard`) and for the Alhambras nested in a game table.
 * @param {SVGSVGElement} svg @param {Record<string, string>} labels @param {string} name
 * @returns {Map<string, SVGGElement>} the cells by key
 */
export function decorateGrid(svg, labels, name) {
  const grid = svg.querySelector("g.board");
  grid.setAttribute("role", "grid");
  grid.setAttribute("aria-label", name);
  /** @type {Map<string, SVGGElement>} */
  const cells = new Map();
  for (const row of grid.querySelectorAll("g.row")) row.setAttribute("role", "row");
  for (const cell of grid.querySelectorAll("g.cell")) {
    const key = cell.getAttribute("data-cell");
    cell.setAttribute("role", "gridcell");
    cell.setAttribute("tabindex", "-1");
    cell.setAttribute("aria-label", labels[key] || key);
    cells.set(key, /** @type {SVGGElement} */ (cell));
  }
  return cells;
}

/** A small checkmark on every cell whose verdict allows the action. */
export function drawLegalMarks(layer, verdicts, unit) {
  for (const [key, verdict] of Object.entries(verdicts)) {
    if (!verdict.ok) continue;
    const [x, y] = parseKey(key);
    const mark = svgEl("g", "legal-mark", {
      "data-legal": key,
      transform: `translate(${x * unit + unit - 24} ${y * unit + 24})`,
    });
    mark.appendChild(svgEl("circle", "legal-mark-dot", { r: 13 }));
    const tick = svgEl("text", "legal-mark-tick", { y: 6, "text-anchor": "middle" });
    tick.textContent = "✓";
    mark.appendChild(tick);
    layer.appendChild(mark);
  }
}

/**
 * A ghost of the tile over cell `key`, turned `rotation` quarter turns, outlined legal or not.
 * @param {SVGGElement} layer @param {Node} ghost @param {string} key
 */
export function drawGhost(layer, ghost, key, rotation, legal, unit) {
  const [x, y] = parseKey(key);
  const group = svgEl("g", `try ${legal ? "legal" : "illegal"}`, {
    transform: `translate(${x * unit} ${y * unit})`,
    "data-try": key,
  });
  const turned = svgEl("g", "ghost", {
    opacity: 0.6,
    transform: rotation ? `rotate(${90 * rotation} 50 50)` : "",
  });
  turned.appendChild(ghost.cloneNode(true));
  group.appendChild(turned);
  group.appendChild(
    svgEl("rect", `try-outline ${legal ? "legal" : "illegal"}`, {
      x: 2,
      y: 2,
      width: 96,
      height: 96,
      rx: 6,
    }),
  );
  if (legal) drawMarker(group, 0, 0, "✓", "legal");
  layer.appendChild(group);
}

/**
 * Every violation's highlights, each with a marker numbered like the messages in the status
 * line. Python says where each marker goes (on a cell border, clear of the tiles' middles).
 * @param {SVGGElement} layer @param {Violation[]} violations @param {number} unit
 */
export function drawViolations(layer, violations, unit) {
  violations.forEach((violation, i) => {
    const group = svgEl("g", `violation ${violation.rule.replace("/", "-")}`, {
      "data-rule": violation.rule,
      "data-index": i + 1,
    });
    const look = violation.look;
    if (look !== "sides") {
      violation.cells.forEach(([x, y], position) => {
        const box = { x: x * unit + 5, y: y * unit + 5, width: 90, height: 90, rx: 8 };
        if (look === "hole") {
          group.appendChild(svgEl("rect", "hole", { ...box, x: x * unit + 4, y: y * unit + 4 }));
          group.appendChild(svgEl("rect", "hole-outline", box));
        } else if (look === "blocking") {
          group.appendChild(svgEl("rect", position === 0 ? "unreachable" : "cut-off", box));
        } else {
          group.appendChild(svgEl("rect", "violation-cell", box));
        }
      });
    }
    for (const [x, y, side] of violation.edges) {
      const [x1, y1, x2, y2] = sideLine(x, y, side, unit);
      const cls = look === "blocking" ? "violation-edge blocking" : "violation-edge";
      group.appendChild(svgEl("line", cls, { x1, y1, x2, y2 }));
    }
    // null: the rule names no cell (the status line still numbers it)
    const [ax, ay] = violation.cells[0] || violation.edges[0] || [0, 0];
    const point = violation.marker === undefined ? [ax * unit, ay * unit] : violation.marker;
    const tone = violation.tone || (look === "blocking" ? "blocking" : "violation");
    if (point) drawMarker(group, point[0], point[1], String(i + 1), tone);
    layer.appendChild(group);
  });
}

/**
 * A circle centred on (x, y) holding a number or a tick, as in the static pictures, so colour
 * never carries the meaning alone.
 * @param {Element} parent @param {number} x @param {number} y @param {string} label
 * @param {string} tone legal, violation or blocking
 */
export function drawMarker(parent, x, y, label, tone) {
  const marker = svgEl("g", `marker marker-${tone}`, { transform: `translate(${x} ${y})` });
  marker.appendChild(svgEl("circle", "marker-dot", { r: MARKER_RADIUS }));
  const text = svgEl("text", "marker-label", { y: 6, "text-anchor": "middle" });
  text.textContent = label;
  marker.appendChild(text);
  parent.appendChild(marker);
}

/** How thick and how long a gate is drawn across its double wall, as in the static pictures. */
const GATE_DEPTH = 42;
const GATE_LENGTH = 52;

/**
 * A gate on side `side` of the tile tried at `key`, drawn like the static pictures' gates
 * (a framed bar across the double wall, labelled as they are), so the learner sees where it goes.
 * @param {SVGGElement} layer @param {string} key @param {string} side @param {number} unit
 * @param {string} [label] the word written on the gate, in the catalogue's words
 */
export function drawGateMark(layer, key, side, unit, label = "") {
  const [x, y] = parseKey(key);
  const across = side === "E" || side === "W";
  const cx = x * unit + (side === "E" ? unit : side === "W" ? 0 : unit / 2);
  const cy = y * unit + (side === "S" ? unit : side === "N" ? 0 : unit / 2);
  const [w, h] = across ? [GATE_DEPTH, GATE_LENGTH] : [GATE_LENGTH, GATE_DEPTH];
  const group = svgEl("g", "gate-mark", { "data-gate-mark": `${key},${side}` });
  group.appendChild(svgEl("rect", "gate-frame", { x: cx - w / 2, y: cy - h / 2, width: w, height: h, rx: 4 }));
  const text = svgEl("text", "gate-label", { x: cx, y: cy + 6, "text-anchor": "middle" });
  if (across) text.setAttribute("transform", `rotate(90 ${cx} ${cy})`);
  text.textContent = label;
  group.appendChild(text);
  layer.appendChild(group);
}

/**
 * A catalogue template from Python with its `{name}` slots filled (a slot without a value
 * stays as it is, so a missing word shows rather than vanishes).
 * @param {string} template @param {Record<string, string | number>} params
 */
export function fill(template, params = {}) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (whole, name) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * Write the catalogue's words into the parts of `root` that name them: `data-say="key"` sets
 * the text, `data-say-title` the tooltip, `data-say-label` the `aria-label`; the element's
 * other `data-*` values fill the template's `{…}`. Run again when the words change (another
 * language), so the markup is made once and the focus and listeners stay.
 * @param {HTMLElement} root @param {(name: string, params?: Record<string, string>) => string} say
 */
export function speak(root, say) {
  const parts = [
    ["data-say", (el, text) => (el.textContent = text)],
    ["data-say-title", (el, text) => (el.title = text)],
    ["data-say-label", (el, text) => el.setAttribute("aria-label", text)],
  ];
  for (const [attribute, write] of parts) {
    for (const el of root.querySelectorAll(`[${attribute}]`)) {
      const params = { .../** @type {HTMLElement} */ (el).dataset };
      write(el, say(el.getAttribute(attribute) || "", params));
    }
  }
}

/** Text made safe to put into markup. @param {string} text */
export function escapeHtml(text) {
  const escapes = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
  return String(text).replace(/[&<>"']/g, (c) => escapes[c]);
}

/**
 * The legend Python drew (building pictograms, walls, markers) in `box`, a `<details>` the
 * learner may fold away; left alone while the picture is the same, so it keeps its state.
 * @param {HTMLElement | null} box @param {string | undefined} legend
 * @param {boolean} [open] whether it starts unfolded
 * @param {string} [title] the fold's title, in the catalogue's words
 */
export function showLegend(box, legend, open = true, title = "") {
  if (!box || !legend || box.dataset.shown === legend) return;
  box.dataset.shown = legend;
  box.hidden = false;
  let details = box.querySelector("details");
  if (!details) {
    details = document.createElement("details");
    details.open = open;
    details.innerHTML = `<summary></summary><div class="alh-legend-picture"></div>`;
    box.appendChild(details);
  }
  // The title follows the words: a new language redraws the legend, the fold stays as it was.
  /** @type {HTMLElement} */ (details.querySelector("summary")).textContent = title;
  const picture = /** @type {HTMLElement} */ (details.querySelector(".alh-legend-picture"));
  picture.innerHTML = legend;
  const svg = picture.querySelector("svg");
  if (svg) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", svg.querySelector("desc")?.textContent || title);
  }
}

/** A ring around the focused cell (SVG groups draw no focus outline of their own). */
export function drawFocusRing(layer, key, unit) {
  const [x, y] = parseKey(key);
  layer.appendChild(
    svgEl("rect", "focus-ring", { x: x * unit + 1, y: y * unit + 1, width: 98, height: 98, rx: 8 }),
  );
}

export { SIDES };
