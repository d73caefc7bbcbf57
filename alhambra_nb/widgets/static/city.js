// The city widget's view: the board picture from Python, an ARIA grid over it, a tray of tiles,
// a few controls and one status line. The status line and the note sit above the board and the
// legend starts folded, so the verdict for a hovered cell is on screen with the cell even on a
// small laptop. Hover and focus show the verdict Python already sent for that cell; a click or
// Enter only sends a message — Python checks again and answers with traits.
import {
  applyPalette,
  drawVerdictOverlay,
  escapeHtml,
  fill,
  focusPlace,
  followPointer,
  injectBoard,
  mountView,
  parseFragment,
  restoreFocus,
  rovingFocus,
  showLegend,
  showStatus,
  speak,
  watch,
} from "./board.js";

/** Traits whose change redraws the view. */
const WATCHED = [
  "_board",
  "_verdicts",
  "_tray",
  "_reserve_tray",
  "_note",
  "_pointed",
  "_can_undo",
  "selected",
  "reserve_selected",
  "rotation",
  "mode",
  "show_wall",
  "show_counts",
  "gate",
  "gates",
  "_words",
];

/** The gate choices (expansion II): no gate, or the side of the new tile that gets one. */
const GATES = ["", "N", "E", "S", "W"];

/**
 * The view's markup: each text names its words in the catalogue (`_words`, sent by Python),
 * written in by `speak` and again whenever the words change.
 */
function template() {
  const gate = (side) =>
    side
      ? `<button type="button" data-gate="${side}" data-side="${side}" aria-pressed="false" data-say-title="gate-title">${side}</button>`
      : `<button type="button" data-gate="" aria-pressed="false" data-say-title="gate-none-title" data-say="gate-none"></button>`;
  return `
  <div class="alh-toolbar" role="toolbar" data-say-label="controls">
    <button type="button" data-do="rotate" data-say-title="turn-title"><span data-say="turn"></span> <span class="alh-rotation">0°</span></button>
    <button type="button" data-do="redesign" aria-pressed="false" data-say-title="redesign-title" data-say="redesign"></button>
    <button type="button" data-do="wall" aria-pressed="false" data-say="wall"></button>
    <button type="button" data-do="counts" aria-pressed="false" data-say="counts"></button>
    <button type="button" data-do="undo" aria-disabled="true" tabindex="-1" data-say="undo"></button>
    <span class="alh-gates" role="group" hidden data-say-label="gate-group">
      <span data-say="gate"></span> ${GATES.map(gate).join("")}
    </span>
  </div>
  <p class="alh-status" role="status" aria-live="polite"></p>
  <p class="alh-note" aria-live="polite"></p>
  <div class="alh-main">
    <div class="alh-board"></div>
    <div class="alh-side">
      <div class="alh-tray-title" data-say="tiles"></div>
      <div class="alh-tray alh-tray-tiles" role="listbox" data-say-label="tiles"></div>
      <div class="alh-tray-title" data-say="reserve"></div>
      <div class="alh-tray alh-tray-reserve" role="listbox" data-say-label="reserve"></div>
      <dl class="alh-counts" hidden></dl>
      <div class="alh-legend" hidden></div>
    </div>
  </div>
`;
}

/**
 * @param {{model: any, el: HTMLElement}} context
 * @returns {() => void} cleanup
 */
function render({ model, el }) {
  /** A sentence of the catalogue, filled; `escape` for markup. */
  const words = () => model.get("_words") || {};
  const say = (name, params = {}) => fill(words()[name] ?? name, params);
  const sayMarkup = (name, params = {}) => escapeHtml(say(name, params));
  const root = mountView(el, "alh-city", template());
  const $ = (selector) => root.querySelector(selector);
  const host = $(".alh-board");

  /** What only the page knows: where the pointer and the focus are. */
  const ui = {
    /** @type {string | null} */ pointed: null,
    focused: "0,0",
    hasFocus: false,
    board: null,
    /** @type {ReturnType<typeof injectBoard> | null} */ grid: null,
    trays: new Map(),
    ghosts: new Map(),
    words: null,
  };

  function send(message) {
    model.send(message);
  }

  function act(key) {
    const verdicts = model.get("_verdicts") || {};
    send({ kind: "act", cell: key, tile: verdicts.tile ?? null, version: verdicts.version });
  }

  function ghostFor(verdicts) {
    if (!verdicts.tile) return null;
    if (!ui.ghosts.has(verdicts.tile)) {
      const trays = [...model.get("_tray"), ...model.get("_reserve_tray")];
      const entry = trays.find((t) => t.code === verdicts.tile);
      if (!entry) return null;
      ui.ghosts.set(verdicts.tile, parseFragment(entry.ghost));
    }
    return ui.ghosts.get(verdicts.tile);
  }

  /** The tiles of a tray; the one chosen is drawn as it is tried, turned by `turns`. */
  function drawTray(selector, trait, tray, selected, active, turns = 0) {
    const box = $(selector);
    const entries = model.get(trait) || [];
    if (ui.trays.get(trait) !== entries) {
      ui.trays.set(trait, entries);
      box.replaceChildren();
      entries.forEach((entry, index) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "alh-tile";
        button.setAttribute("role", "option");
        button.dataset.index = String(index);
        button.dataset.code = entry.code;
        button.dataset.tray = tray;
        // The tile in words: its code is what the page answers with, never what it shows.
        button.title = entry.label;
        button.setAttribute("aria-label", entry.label);
        button.innerHTML = entry.svg;
        const caption = document.createElement("span");
        caption.className = "alh-tile-caption";
        caption.textContent = entry.caption;
        button.appendChild(caption);
        box.appendChild(button);
      });
      // A listbox needs options; an empty tray is a plain group that says so.
      box.setAttribute("role", entries.length ? "listbox" : "group");
      if (!entries.length) box.textContent = say("empty");
    }
    for (const button of box.querySelectorAll("button")) {
      const chosen = active && Number(button.dataset.index) === selected;
      button.setAttribute("aria-selected", String(chosen));
      const picture = /** @type {SVGElement | null} */ (button.querySelector("svg"));
      if (picture) picture.style.transform = chosen && turns ? `rotate(${turns * 90}deg)` : "";
    }
  }

  function drawCounts(board) {
    const list = $(".alh-counts");
    list.hidden = !model.get("show_counts");
    if (list.hidden) return;
    const name = (b) => escapeHtml((board.names || {})[b] ?? b);
    const rows = board.buildings.map((b) => `<dt>${name(b)}</dt><dd>${board.counts[b]}</dd>`);
    rows.push(`<dt>${sayMarkup("longest-wall")}</dt><dd>${board.wall}</dd>`);
    list.innerHTML = rows.join("");
  }

  function statusText(board, verdicts) {
    const cells = verdicts.cells || {};
    if (ui.pointed) {
      const verdict = cells[ui.pointed];
      if (verdict) return verdict.text;
      const label = board.labels[ui.pointed] || ui.pointed;
      return verdicts.tile || verdicts.mode === "redesign" ? label : say("try-here", { label });
    }
    if (verdicts.mode === "redesign" && !verdicts.tile) return say("redesign-hint");
    if (!verdicts.tile) return say("pick-hint");
    // On how many cells the tile fits: Python says it, in the plural its language needs.
    return verdicts.status || "";
  }

  /** The one drawing function: make the page show the model and the pointer/focus state. */
  function draw() {
    const place = focusPlace(root);
    redraw();
    restoreFocus(root, place);
  }

  function redraw() {
    const board = model.get("_board");
    if (!board || !board.svg) return;
    const verdicts = model.get("_verdicts") || {};
    const mode = model.get("mode");
    if (words() !== ui.words) {
      ui.words = words();
      speak(root, say);
      ui.trays.clear(); // an empty tray says so in words
    }
    if (board !== ui.board) {
      ui.board = board;
      ui.grid = injectBoard(host, board, say("board"));
      applyPalette(root, board.palette);
      showLegend($(".alh-legend"), board.legend, false, say("legend"));
      if (!ui.grid.cells.has(ui.focused)) ui.focused = "0,0";
      if (ui.pointed && !ui.grid.cells.has(ui.pointed)) ui.pointed = null;
    }
    const grid = /** @type {NonNullable<typeof ui.grid>} */ (ui.grid);
    rovingFocus(grid.cells, ui.focused, ui.hasFocus);

    const turns = model.get("rotation") || 0;
    drawTray(".alh-tray-tiles", "_tray", "tiles", model.get("selected"), mode === "build", turns);
    drawTray(
      ".alh-tray-reserve",
      "_reserve_tray",
      "reserve",
      model.get("reserve_selected"),
      mode === "redesign",
    );
    $(".alh-rotation").textContent = `${90 * (model.get("rotation") || 0)}°`;
    $('[data-do="redesign"]').setAttribute("aria-pressed", String(mode === "redesign"));
    $('[data-do="wall"]').setAttribute("aria-pressed", String(!!model.get("show_wall")));
    $('[data-do="counts"]').setAttribute("aria-pressed", String(!!model.get("show_counts")));
    // Off by aria-disabled, not disabled: the focus stays on Undo once nothing is left to undo
    // (a disabled button would drop it onto a neighbour), while Tab passes it by.
    const undo = $('[data-do="undo"]');
    undo.setAttribute("aria-disabled", String(!model.get("_can_undo")));
    undo.setAttribute("tabindex", model.get("_can_undo") ? "0" : "-1");
    $(".alh-gates").hidden = !model.get("gates");
    for (const button of root.querySelectorAll("[data-gate]")) {
      const side = /** @type {HTMLElement} */ (button).dataset.gate;
      button.setAttribute("aria-pressed", String(side === (model.get("gate") || "")));
    }
    root.classList.toggle("alh-show-wall", !!model.get("show_wall"));
    root.dataset.mode = mode;
    drawCounts(board);

    const cells = verdicts.cells || {};
    const ghost = ghostFor(verdicts);
    drawVerdictOverlay(
      grid.overlay,
      cells,
      ui,
      ghost,
      verdicts.rotation,
      board.unit,
      verdicts.gate,
      say("gate-mark"),
    );
    showStatus(root, statusText(board, verdicts), ui.pointed, model.get("_note") || {});
  }

  // -- what the learner does ---------------------------------------------------------------
  const cellOf = (target) => target?.closest?.("[data-cell]")?.getAttribute("data-cell") ?? null;

  followPointer(host, ui, {
    cellOf,
    extent: () => ui.board?.extent ?? null,
    cells: () => ui.grid?.cells,
    redraw: draw,
    activate: act,
  });
  root.addEventListener("keydown", (event) => {
    if ((event.key === "r" || event.key === "R") && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      event.stopPropagation(); // keep JupyterLab's command-mode shortcuts out of it
      send({ kind: "rotate", by: 1 });
    }
  });
  root.addEventListener("click", (event) => {
    const button = /** @type {HTMLElement} */ (event.target).closest?.("button");
    if (!button || !root.contains(button)) return;
    const what = button.dataset.do;
    if (button.dataset.gate !== undefined) {
      send({ kind: "gate", side: button.dataset.gate || null });
    } else if (button.dataset.tray) {
      const index = Number(button.dataset.index);
      const current = model.get(button.dataset.tray === "tiles" ? "selected" : "reserve_selected");
      send({ kind: "select", tray: button.dataset.tray, index: current === index ? null : index });
    } else if (what === "rotate") send({ kind: "rotate", by: 1 });
    else if (what === "redesign") {
      send({ kind: "mode", mode: model.get("mode") === "redesign" ? "build" : "redesign" });
    } else if (what === "wall" || what === "counts") send({ kind: "toggle", what });
    else if (what === "undo" && button.getAttribute("aria-disabled") !== "true") {
      send({ kind: "undo" });
    }
  });

  // -- what Python says ----------------------------------------------------------------------
  const onPointed = () => {
    ui.pointed = model.get("_pointed") || null;
    draw();
  };
  const unwatchPointed = watch(model, ["_pointed"], onPointed);
  const unwatch = watch(model, WATCHED.filter((name) => name !== "_pointed"), draw);
  ui.pointed = model.get("_pointed") || null;
  draw();

  return () => {
    unwatchPointed();
    unwatch();
  };
}

export default { render };
