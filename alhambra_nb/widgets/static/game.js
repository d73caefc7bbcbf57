// The game table's view. Python draws the whole table as one SVG and sends, with it, every
// verdict the learner may need: for each set of display cards, each payment from the hand, and
// each cell of the Alhambra for the chosen tile. The page only makes the table's parts
// focusable, remembers what the learner has picked, shows the verdict of what is picked or
// pointed at, and sends one message per decision; Python checks again and redraws.
import {
  applyPalette,
  decorateGrid,
  drawVerdictOverlay,
  fill,
  focusPlace,
  mountView,
  parseFragment,
  restoreFocus,
  rovingFocus,
  showStatus,
  step,
  svgEl,
  watch,
} from "./board.js";
import { drawCoach } from "./coach.js";
import { drawReplay } from "./replay.js";

/**
 * @typedef {import("./board.js").Verdict} Verdict
 * @typedef {{hint: boolean, replay?: boolean, replay_label?: string,
 *            levels: {value: string, label: string}[]}} Tools
 * @typedef {{svg: string, version: number, seat: number | null, turn: string, height: number,
 *            keep?: number, bottoms?: Record<string, number>, moves?: number,
 *            palette: Record<string, string>, cities: Record<string, {extent: [number, number, number, number], name: string,
 *                                     labels: Record<string, string>}>, tools?: Tools}} Table
 * @typedef {{serial: number, title?: string,
 *            suggestions?: {action: string, move: string, effects: string[]}[]}} Hint
 * @typedef {{version: number, seat: number | null, mode: string | null, tile: string | null,
 *            gate?: string | null, ghost?: string, cells: Record<string, Verdict>}} Verdicts
 * @typedef {{version: number, take: Record<string, Verdict>,
 *            currency?: Record<string, {name: string, others: string[]}>,
 *            buy: Record<string, Record<string, Verdict>>, tile: Record<string, Verdict>,
 *            pay?: Record<string, Verdict>}} Options
 */

/** Traits whose change redraws the view. */
const WATCHED = [
  "_table",
  "_verdicts",
  "_options",
  "_note",
  "_prompt",
  "choice",
  "redesign",
  "gate",
  "el_schauf",
  "_words",
  "_hint",
  "level",
  "_coach",
  "_replay",
];
const UNIT = 100;
/** How long the pointer (or the focus) rests on a cell before the coach speaks of it (ms). */
const REST_MS = 600;
/** The narrowest the table is drawn to fit a short window (px); below it, it scrolls. */
const MIN_TABLE_WIDTH = 440;

// The status and the note come first, above the table (which game.css lets scroll in a box
// that fits a laptop's window): a refusal is read where the learner looks. Then the Hint
// button, the bots' level and the other tools. Beside the table, the hint in a live region
// (always there, so what appears in it is announced) and the coach.
const TEMPLATE = `
  <div class="alh-feedback">
    <p class="alh-status" role="status" aria-live="polite"></p>
    <p class="alh-note" aria-live="polite"></p>
  </div>
  <div class="alh-tools" role="group">
    <button type="button" class="alh-hint-button" data-tool="hint"></button>
    <label class="alh-level"><span class="alh-level-label"></span>
      <select class="alh-level-select" data-tool="level"></select></label>
    <button type="button" class="alh-coach-toggle" data-tool="coach"></button>
    <button type="button" class="alh-replay-button" data-tool="replay"></button>
  </div>
  <div class="alh-play">
    <section class="alh-replay" hidden></section>
    <div class="alh-table"></div>
    <div class="alh-side">
      <div class="alh-hint-live" aria-live="polite"></div>
      <section class="alh-coach" aria-live="polite" hidden></section>
    </div>
  </div>
`;

/** The key Python uses for a set of cards: ids sorted, space-separated. */
export function cardsKey(ids) {
  return [...ids].sort().join(" ");
}

/**
 * @param {{model: any, el: HTMLElement}} context
 * @returns {() => void} cleanup
 */
function render({ model, el }) {
  const root = mountView(el, "alh-game", TEMPLATE);
  const host = /** @type {HTMLElement} */ (root.querySelector(".alh-table"));
  const tools = /** @type {HTMLElement} */ (root.querySelector(".alh-tools"));
  const hintButton = /** @type {HTMLButtonElement} */ (root.querySelector(".alh-hint-button"));
  const levelBox = /** @type {HTMLElement} */ (root.querySelector(".alh-level"));
  const levelSelect = /** @type {HTMLSelectElement} */ (root.querySelector(".alh-level-select"));
  const hintLive = /** @type {HTMLElement} */ (root.querySelector(".alh-hint-live"));
  const coachBox = /** @type {HTMLElement} */ (root.querySelector(".alh-coach"));
  const side = /** @type {HTMLElement} */ (root.querySelector(".alh-side"));
  const coachToggle = /** @type {HTMLButtonElement} */ (root.querySelector(".alh-coach-toggle"));
  const replayBox = /** @type {HTMLElement} */ (root.querySelector(".alh-replay"));
  const replayButton = /** @type {HTMLButtonElement} */ (root.querySelector(".alh-replay-button"));

  /** What only the page knows: what is picked, where the pointer and the focus are. */
  const ui = {
    /** @type {Table | null} */ table: null,
    /** @type {Set<string>} */ display: new Set(),
    /** @type {number | null} */ space: null,
    /** @type {Set<string>} */ hand: new Set(),
    /** @type {string | null} */ pointed: null,
    focused: "0,0",
    hasFocus: false,
    /** @type {{svg: SVGSVGElement, cells: Map<string, SVGGElement>, overlay: SVGGElement} | null} */
    board: null,
    /** @type {Map<string, Node>} */ ghosts: new Map(),
    words: null,
    /** The hint drawn last (a new one is drawn, and announced, once). */
    /** @type {Hint | null} */ hint: null,
    /** The levels drawn in the select, as JSON (redrawn only when they change). */
    levels: "",
    /** While Python looks for a hint: the serials it started from (any answer ends it). */
    /** @type {{hint: number, note: number, table: number} | null} */ busy: null,
    /** The coach drawn last: its question, and whether an answer was just sent. */
    coach: { question: "", drawn: "", answered: false },
    /** The replay drawn last, and the move of it shown. */
    replay: { serial: 0, step: 0, drawn: "" },
    /** Whether the focus is being put back after a redraw (not moved by the learner). */
    restoring: false,
    /** The pointer's last position, and where it stood when the board was drawn anew. */
    /** @type {{x: number, y: number} | null} */ at: null,
    /** @type {{x: number, y: number} | null} */ stillAt: null,
    /** The cell the pointer rests on (with the table's version), and the coach's timer. */
    resting: { key: "", timer: 0 },
    /** The note drawn last (its serial) and what was picked when it came. */
    noteSerial: -1,
    notePicks: "",
  };

  /** A sentence of the catalogue (`_words`, sent by Python), filled. */
  const say = (name, params = {}) => fill((model.get("_words") || {})[name] ?? name, params);
  const version = () => model.get("_table")?.version;
  const send = (message) => model.send(message);

  /** Mark a drawn part of the table as a control: focusable, announced, pressed or not. */
  function control(node, pressed) {
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
    if (pressed !== undefined) node.setAttribute("aria-pressed", String(pressed));
  }

  /** Put the table picture into the page and make its parts reachable by keyboard. */
  function inject(table) {
    host.innerHTML = table.svg;
    const svg = /** @type {SVGSVGElement} */ (host.querySelector("svg"));
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", say("table"));
    const active = table.seat;
    // The table's buttons, and those of the expansion II panel: module actions, gate sides.
    // (Only buttons: a gate drawn in an Alhambra carries data-gate too.)
    for (const node of svg.querySelectorAll("[data-do], [data-module], g.button[data-gate]")) {
      control(node);
      if (node.getAttribute("data-off") === "true") {
        // Off for now: announced as such, and out of the Tab order.
        node.setAttribute("aria-disabled", "true");
        node.setAttribute("tabindex", "-1");
      }
    }
    const playing = active !== null && active !== undefined;
    for (const node of svg.querySelectorAll("[data-character], .gate-card")) {
      node.setAttribute("role", "img");
    }
    for (const node of svg.querySelectorAll("[data-card], [data-space]")) {
      if (playing) control(node, false);
      else node.setAttribute("role", "img");
    }
    for (const node of svg.querySelectorAll("[data-hand], [data-bought], [data-reserve]")) {
      const mine = playing && node.closest("[data-seat]")?.getAttribute("data-seat") === String(active);
      if (mine) control(node, node.getAttribute("aria-pressed") === "true");
      else node.setAttribute("role", "img");
    }
    ui.board = null;
    for (const nested of svg.querySelectorAll("svg.player-city")) {
      const seat = nested.getAttribute("data-seat");
      const city = table.cities[seat];
      const cells = decorateGrid(/** @type {SVGSVGElement} */ (nested), city.labels, city.name);
      if (String(active) === seat) {
        const overlay = /** @type {SVGGElement} */ (
          svgEl("g", "alh-overlay", { "aria-hidden": "true" })
        );
        nested.appendChild(overlay);
        ui.board = { svg: /** @type {SVGSVGElement} */ (nested), cells, overlay };
      }
    }
    if (!ui.board || !ui.board.cells.has(ui.focused)) ui.focused = "0,0";
    if (ui.pointed && !ui.board?.cells.has(ui.pointed)) ui.pointed = null;
    // Picks survive a redraw only while the cards are still there.
    const present = (attr, id) => !!svg.querySelector(`[${attr}="${id}"]`);
    for (const id of [...ui.display]) if (!present("data-card", id)) ui.display.delete(id);
    for (const id of [...ui.hand]) if (!present("data-hand", id)) ui.hand.delete(id);
    if (ui.space !== null && !svg.querySelector(`[data-space="${ui.space}"] .tile-picture`)) {
      ui.space = null;
    }
  }

  /** Where the table scrolls in a box (JupyterLab, Notebook 7), draw it no wider than lets the
   * kept seat's panel (the learner's, with their Alhambra) show whole under the market and the
   * actions, from the box's top: the learner then sees all three without scrolling. */
  function fitTable(table) {
    const svg = host.querySelector("svg.game-table");
    const limit = parseFloat(getComputedStyle(host).maxHeight);
    const bottom = (table.bottoms || {})[String(table.keep)];
    if (!(svg instanceof SVGSVGElement) || !Number.isFinite(limit) || !bottom) return;
    const width = svg.viewBox.baseVal.width || 1100;
    const fits = Math.floor((limit - 4) * (width / (bottom + 8)));
    svg.style.maxWidth = `${Math.max(MIN_TABLE_WIDTH, Math.min(width, fits))}px`;
  }

  function ghostFor(verdicts) {
    if (!verdicts.tile || !verdicts.ghost) return null;
    if (!ui.ghosts.has(verdicts.tile)) ui.ghosts.set(verdicts.tile, parseFragment(verdicts.ghost));
    return ui.ghosts.get(verdicts.tile);
  }

  /** A tick on a picked card or space, so the choice does not rest on colour alone. */
  function tick(node, on) {
    node.querySelector(":scope > .pick-tick")?.remove();
    node.setAttribute("aria-pressed", String(on));
    node.classList.toggle("picked", on);
    if (!on) return;
    // On a market space, below its band, so the space's number and currency stay readable.
    const at = node.hasAttribute("data-space") ? "translate(4 30)" : "translate(4 4)";
    const mark = svgEl("g", "pick-tick", { transform: at, "aria-hidden": "true" });
    mark.appendChild(svgEl("circle", "pick-tick-dot", { cx: 9, cy: 9, r: 9 }));
    const text = svgEl("text", "pick-tick-label", { x: 9, y: 14, "text-anchor": "middle" });
    text.textContent = "✓";
    mark.appendChild(text);
    node.appendChild(mark);
  }

  function drawPicks() {
    for (const node of host.querySelectorAll("[data-card]")) {
      tick(node, ui.display.has(node.getAttribute("data-card")));
    }
    for (const node of host.querySelectorAll("[data-space]")) {
      tick(node, Number(node.getAttribute("data-space")) === ui.space);
    }
    for (const node of host.querySelectorAll('[data-hand][role="button"]')) {
      tick(node, ui.hand.has(node.getAttribute("data-hand")));
    }
  }

  /** What is picked now, as one text: a note answers the picks it came with. */
  const picksKey = () => `${cardsKey(ui.display)}|${cardsKey(ui.hand)}|${ui.space}`;

  /** Python's note, unless it is a refusal or a tip about picks the learner has since changed:
   * then the status line, which follows the picks, says what holds now. */
  function currentNote() {
    const note = model.get("_note") || {};
    if (note.serial !== ui.noteSerial) {
      ui.noteSerial = note.serial;
      ui.notePicks = picksKey();
    }
    const aboutPicks = note.kind === "refused" || note.kind === "hint";
    return aboutPicks && picksKey() !== ui.notePicks ? {} : note;
  }

  function forgetPicks() {
    ui.display.clear();
    ui.hand.clear();
    ui.space = null;
  }

  /** What the status line says: the pointed cell's verdict, or that of what is picked. */
  function statusText() {
    /** @type {Verdicts} */ const verdicts = model.get("_verdicts") || {};
    /** @type {Options} */ const options = model.get("_options") || {};
    const table = ui.table;
    if (ui.pointed && table && table.seat !== null) {
      const verdict = (verdicts.cells || {})[ui.pointed];
      if (verdict) return verdict.text;
      const label = table.cities[String(table.seat)].labels[ui.pointed] || ui.pointed;
      // Redesign is named only while its button is on.
      const redesign = host.querySelector('[data-do="redesign"]');
      const off = !redesign || redesign.getAttribute("data-off") === "true";
      return say(off ? "cell-idle-no-redesign" : "cell-idle", { label });
    }
    if (options.pay && ui.hand.size) {
      // A won character is being paid: picked cards are a payment, not a purchase.
      const verdict = options.pay[cardsKey(ui.hand)];
      return verdict ? verdict.text : say("press-pay");
    }
    if (ui.display.size) {
      const verdict = (options.take || {})[cardsKey(ui.display)];
      return verdict ? verdict.text : say("press-take");
    }
    if (ui.space !== null) {
      const space = host.querySelector(`[data-space="${ui.space}"]`);
      const what = space?.getAttribute("aria-label") || say("space", { space: ui.space });
      if (!ui.hand.size) return say("buying", { space: what });
      const verdict = ((options.buy || {})[String(ui.space)] || {})[cardsKey(ui.hand)];
      if (verdict) return verdict.text;
      // A card of another currency is said at once, before Buy is pressed.
      const currency = (options.currency || {})[String(ui.space)];
      if (currency && [...ui.hand].some((id) => currency.others.includes(id))) {
        return say("wrong-currency", { currency: currency.name });
      }
      return say("press-buy");
    }
    if (ui.hand.size) return say("pick-space");
    return model.get("_prompt") || "";
  }

  /** Resting on a cell where the chosen tile may not go, because of a rule the coach has not
   * taught yet: after a moment the coach is asked to say that rule (sweeping over the board
   * asks nothing). */
  function askCoachWhenResting() {
    const cell = ui.pointed;
    const key = `${cell}|${version()}`;
    if (key === ui.resting.key) return;
    clearTimeout(ui.resting.timer);
    ui.resting = { key, timer: 0 };
    const coach = model.get("_coach") || {};
    /** @type {Verdicts} */ const verdicts = model.get("_verdicts") || {};
    const verdict = cell ? (verdicts.cells || {})[cell] : null;
    if (!coach.on || !coach.shown || !verdict) return;
    const taught = new Set(coach.taught || []);
    if (!(verdict.violations || []).some((v) => !taught.has(v.rule))) return;
    const asked = version();
    ui.resting.timer = window.setTimeout(() => {
      if (ui.pointed === cell && version() === asked) {
        send({ kind: "coach", do: "point", cell, version: asked });
      }
    }, REST_MS);
  }

  /** A search for a hint is over once Python answers: a hint, a note or a new table. */
  function settleBusy() {
    if (!ui.busy) return;
    const hint = (model.get("_hint") || {}).serial ?? 0;
    const note = (model.get("_note") || {}).serial ?? 0;
    if (hint !== ui.busy.hint || note !== ui.busy.note || version() !== ui.busy.table) {
      ui.busy = null;
    }
  }

  /** The Hint button and the bots' level select, as Python says they are now. */
  function drawTools(table) {
    /** @type {Tools} */ const now = table.tools || { hint: false, levels: [] };
    tools.setAttribute("aria-label", say("tools"));
    hintButton.textContent = say("hint");
    hintButton.title = say("hint-title");
    // Off while no player of this table is to play: out of the Tab order. While Python
    // searches it stays focusable, marked busy, and a second press does nothing.
    hintButton.disabled = !now.hint;
    replayButton.textContent = now.replay_label || "";
    replayButton.hidden = !now.replay_label;
    replayButton.disabled = !now.replay;
    hintButton.setAttribute("aria-disabled", String(!now.hint || !!ui.busy));
    hintButton.setAttribute("aria-busy", String(!!ui.busy));
    root.querySelector(".alh-level-label").textContent = say("level");
    levelBox.hidden = !now.levels.length;
    const levels = JSON.stringify(now.levels);
    if (levels !== ui.levels) {
      ui.levels = levels;
      levelSelect.replaceChildren(
        ...now.levels.map(({ value, label }) => {
          const option = document.createElement("option");
          option.value = value;
          option.textContent = label;
          option.disabled = value === ""; // the bots as given: shown, not chosen
          return option;
        }),
      );
    }
    const level = model.get("level") ?? "";
    if (levelSelect.value !== level) levelSelect.value = level;
  }

  /** The hint (its title, and each move with its effects, best first), or what is underway. */
  function drawHint() {
    /** @type {Hint} */ const hint = model.get("_hint") || { serial: 0 };
    const busy = ui.busy ? "busy" : "";
    if (hint === ui.hint && hintLive.dataset.state === busy) return;
    const focused = hintLive.contains(document.activeElement);
    ui.hint = hint;
    hintLive.dataset.state = busy;
    if (ui.busy) {
      const text = document.createElement("p");
      text.className = "alh-hint-busy";
      text.textContent = say("hint-busy");
      hintLive.replaceChildren(text);
    } else if (hint.suggestions && hint.suggestions.length) {
      hintLive.replaceChildren(hintPanel(hint));
    } else hintLive.replaceChildren();
    // The hint went with the focus in it (hidden, or the position changed): back to Hint.
    if (focused && !hintLive.contains(document.activeElement)) {
      (hintButton.disabled ? root : hintButton).focus({ preventScroll: true });
    }
  }

  /** @param {Hint} hint */
  function hintPanel(hint) {
    const panel = document.createElement("section");
    panel.className = "alh-hint";
    const title = document.createElement("p");
    title.className = "alh-hint-title";
    title.id = `alh-hint-title-${Math.random().toString(36).slice(2)}`;
    title.textContent = hint.title || "";
    panel.setAttribute("aria-labelledby", title.id);
    const list = document.createElement("ol");
    list.className = "alh-hint-list";
    for (const suggestion of hint.suggestions || []) {
      const item = document.createElement("li");
      item.className = "alh-hint-item";
      item.dataset.action = suggestion.action; // for tests and keys; never shown
      const move = document.createElement("p");
      move.className = "alh-hint-move";
      move.textContent = suggestion.move;
      item.appendChild(move);
      if (suggestion.effects.length) {
        const effects = document.createElement("ul");
        effects.className = "alh-hint-effects";
        for (const sentence of suggestion.effects) {
          const line = document.createElement("li");
          line.textContent = sentence;
          effects.appendChild(line);
        }
        item.appendChild(effects);
      }
      list.appendChild(item);
    }
    const hide = document.createElement("button");
    hide.type = "button";
    hide.className = "alh-hint-hide";
    hide.dataset.tool = "hint-hide";
    hide.textContent = say("hint-hide");
    // The title and Hide on one line above the moves, so Hide is in sight while they scroll.
    const head = document.createElement("div");
    head.className = "alh-hint-head";
    head.append(title, hide);
    panel.append(head, list);
    return panel;
  }

  /** The one drawing function: make the page show the model and what is picked or pointed. */
  function draw() {
    const place = focusPlace(root);
    redraw();
    ui.restoring = true; // the focus put back where it was is no new pointing
    try {
      restoreFocus(root, place);
    } finally {
      ui.restoring = false;
    }
    const asked = drawCoach(coachBox, coachToggle, model.get("_coach") || { on: false }, say,
      ui.coach);
    // A question is where the learner answers next; after an answer, the coach's words.
    const target = asked
      ? coachBox.querySelector(".alh-coach-answer")
      : ui.coach.answered && !coachBox.querySelector(".alh-coach-answer")
        ? coachBox.querySelector(".alh-coach-title")
        : null;
    if (target instanceof HTMLElement) {
      ui.coach.answered = false;
      target.focus({ preventScroll: false });
    }
    showReplay(false);
    side.classList.toggle("alh-side-empty", !hintLive.childElementCount && coachBox.hidden);
  }

  /** The replay, in place of the live table while it is shown; `moved`: a step was taken. */
  function showReplay(moved) {
    const focused = replayBox.contains(document.activeElement);
    const opened = drawReplay(replayBox, model.get("_replay") || { serial: 0 }, say, ui.replay);
    host.hidden = !replayBox.hidden;
    if (!replayBox.hidden && (opened || moved)) {
      // Keep the learner's keys on stepping: Next while there is a next move, else Back.
      const next = /** @type {HTMLButtonElement} */ (replayBox.querySelector(".alh-replay-next"));
      const back = /** @type {HTMLButtonElement} */ (replayBox.querySelector(".alh-replay-back"));
      const previous = replayBox.querySelector(".alh-replay-previous");
      const wanted = moved === "previous" && !previous.disabled ? previous : next.disabled ? back : next;
      wanted.focus({ preventScroll: true });
    } else if (replayBox.hidden && focused) {
      (replayButton.disabled ? root : replayButton).focus({ preventScroll: true });
    }
  }

  function redraw() {
    /** @type {Table} */ const table = model.get("_table");
    if (!table || !table.svg) return;
    if (table !== ui.table || model.get("_words") !== ui.words) {
      ui.words = model.get("_words");
      // Picks belong to a turn: the next turn starts with nothing picked.
      if (ui.table && ui.table.turn !== table.turn) forgetPicks();
      // After a move the board is drawn anew (it may have grown and shifted): the cell once
      // under the pointer or the focus is no longer read, and the status says what to do
      // next, until the pointer or the focus moves again.
      if (ui.table && ui.table.moves !== table.moves) {
        ui.pointed = null;
        ui.stillAt = ui.at;
      }
      ui.table = table;
      inject(table);
      applyPalette(root, table.palette);
    }
    fitTable(table);
    drawPicks();
    const board = ui.board;
    if (board) {
      rovingFocus(board.cells, ui.focused, ui.hasFocus);
      /** @type {Verdicts} */ const verdicts = model.get("_verdicts") || {};
      const ghost = ghostFor(verdicts);
      const cells = verdicts.cells || {};
      drawVerdictOverlay(board.overlay, cells, ui, ghost, 0, UNIT, verdicts.gate, say("gate-mark"));
    }
    showStatus(root, statusText(), ui.pointed, currentNote());
    // A long verdict scrolls inside its fixed box: then the box takes the focus, so keys
    // scroll it too.
    for (const box of root.querySelectorAll(".alh-status, .alh-note")) {
      const overflows = box.scrollHeight > box.clientHeight + 1;
      if (overflows) box.setAttribute("tabindex", "0");
      else box.removeAttribute("tabindex");
    }
    askCoachWhenResting();
    root.dataset.redesign = String(!!model.get("redesign"));
    settleBusy();
    drawTools(table);
    drawHint();
  }

  // -- what the learner does ---------------------------------------------------------------
  /** @param {Element} node */
  function press(node) {
    const data = (name) => node.getAttribute(name);
    if (data("data-module") !== null) {
      send({ kind: "module", action: data("data-module"), version: version() });
      return;
    }
    if (data("data-gate") !== null) {
      send({ kind: "gate", side: data("data-gate") || null });
      return;
    }
    if (data("data-do") !== null) {
      if (data("data-off") === "true") return;
      const what = data("data-do");
      if (what === "pay") {
        send({ kind: "pay", cards: [...ui.hand].sort(), version: version() });
      } else if (what === "take") {
        send({ kind: "take", cards: [...ui.display].sort(), version: version() });
      } else if (what === "buy") {
        send({ kind: "buy", space: ui.space, cards: [...ui.hand].sort(), version: version() });
      } else if (what === "end" || what === "reserve" || what === "give") {
        send({ kind: what, version: version() });
      } else send({ kind: what });
      return;
    }
    if (data("data-card") !== null) {
      const id = data("data-card");
      if (!ui.display.delete(id)) ui.display.add(id);
      ui.space = null;
      ui.hand.clear();
    } else if (data("data-space") !== null) {
      const space = Number(data("data-space"));
      ui.space = ui.space === space ? null : space;
      ui.display.clear();
    } else if (data("data-hand") !== null) {
      const id = data("data-hand");
      if (!ui.hand.delete(id)) ui.hand.add(id);
      ui.display.clear();
    } else if (data("data-bought") !== null || data("data-reserve") !== null) {
      const from = data("data-bought") !== null ? "bought" : "reserve";
      const index = Number(data(`data-${from}`));
      const choice = model.get("choice");
      const same = choice && choice[0] === from && choice[1] === index;
      send({ kind: "select", from, index: same ? null : index });
    }
    draw();
  }

  function act(key) {
    /** @type {Verdicts} */ const verdicts = model.get("_verdicts") || {};
    send({ kind: "act", cell: key, tile: verdicts.tile ?? null, version: version() });
  }

  // Not board.js's followPointer: here cells share the host with the table's controls, so
  // pointing or focusing off the board clears the cell's verdict (the status line then speaks
  // of what is picked), and Enter on a control presses it.
  const cellOf = (target) => {
    const cell = target?.closest?.("[data-cell]");
    return cell && ui.board?.svg.contains(cell) ? cell.getAttribute("data-cell") : null;
  };
  const controlOf = (target) => {
    const node = target?.closest?.('[role="button"]');
    return node && host.contains(node) ? node : null;
  };

  // Where the pointer was when the board was last drawn anew after a move: the browser then
  // reports the new cell under a pointer that has not moved, which is no pointing.
  host.addEventListener("pointermove", (event) => {
    ui.at = { x: event.clientX, y: event.clientY };
  });
  host.addEventListener("pointerover", (event) => {
    const key = cellOf(event.target);
    const still = ui.stillAt && ui.stillAt.x === event.clientX && ui.stillAt.y === event.clientY;
    if (still) return;
    ui.stillAt = null;
    if (key !== ui.pointed && (key || !ui.hasFocus)) {
      ui.pointed = key;
      draw();
    }
  });
  host.addEventListener("pointerleave", () => {
    ui.pointed = ui.hasFocus ? ui.focused : null;
    draw();
  });
  host.addEventListener("click", (event) => {
    const key = cellOf(event.target);
    if (key) {
      ui.focused = key;
      ui.pointed = key;
      act(key);
      draw();
      return;
    }
    const node = controlOf(event.target);
    if (node) press(node);
  });
  host.addEventListener("focusin", (event) => {
    const key = cellOf(event.target);
    if (!key) return;
    ui.hasFocus = true;
    ui.focused = key;
    if (ui.restoring) return;
    ui.pointed = key;
    draw();
  });
  host.addEventListener("focusout", (event) => {
    if (!cellOf(event.relatedTarget) && ui.hasFocus) {
      ui.hasFocus = false;
      ui.pointed = null;
      draw();
    }
  });
  host.addEventListener("keydown", (event) => {
    const key = cellOf(event.target);
    if (key) {
      const next = ui.table ? step(key, event.key, ui.table.cities[String(ui.table.seat)].extent) : null;
      if (next) {
        ui.focused = next;
        ui.pointed = next;
        ui.board?.cells.get(next)?.focus({ preventScroll: true });
        draw();
      } else if (event.key === "Enter" || event.key === " ") act(key);
      else return;
    } else {
      const node = controlOf(event.target);
      if (!node || (event.key !== "Enter" && event.key !== " ")) return;
      press(node);
    }
    // Keep JupyterLab's command-mode shortcuts out of what the table handles.
    event.preventDefault();
    event.stopPropagation();
  });

  // The hint and the level: plain buttons and a select, so keys work as everywhere.
  root.addEventListener("click", (event) => {
    const tool = /** @type {Element} */ (event.target)?.closest?.("[data-tool]");
    if (!tool || !root.contains(tool)) return;
    const what = tool.getAttribute("data-tool");
    if (what === "hint") {
      if (hintButton.disabled || ui.busy) return;
      const note = (model.get("_note") || {}).serial ?? 0;
      ui.busy = { hint: (model.get("_hint") || {}).serial ?? 0, note, table: version() };
      draw();
      send({ kind: "hint" });
    } else if (what === "hint-hide") {
      send({ kind: "hint-hide" });
    } else if (what === "replay") {
      if (!replayButton.disabled) send({ kind: "replay" });
    } else if (what === "coach") {
      const coach = model.get("_coach") || {};
      send({ kind: "coach", do: coach.on && coach.shown ? "hide" : "show" });
    }
  });
  coachBox.addEventListener("click", (event) => {
    const answer = /** @type {Element} */ (event.target)?.closest?.('[data-coach="answer"]');
    if (!(answer instanceof HTMLElement)) return;
    ui.coach.answered = true;
    send({ kind: "coach", do: "answer", choice: Number(answer.dataset.choice),
           key: answer.dataset.key });
  });
  /** @param {string} what "previous", "next" or "back" */
  function stepReplay(what) {
    if (what === "back") {
      send({ kind: "replay", do: "hide" });
      return;
    }
    ui.replay.step += what === "next" ? 1 : -1;
    showReplay(what);
  }
  replayBox.addEventListener("click", (event) => {
    const button = /** @type {Element} */ (event.target)?.closest?.("[data-replay]");
    if (button instanceof HTMLButtonElement && !button.disabled) {
      stepReplay(button.dataset.replay || "");
    }
  });
  replayBox.addEventListener("keydown", (event) => {
    const what = { ArrowLeft: "previous", ArrowRight: "next", Escape: "back" }[event.key];
    if (!what) return;
    stepReplay(what);
    // JupyterLab's command mode must not read the arrows and Escape meant for the replay.
    event.preventDefault();
    event.stopPropagation();
  });
  levelSelect.addEventListener("change", () => {
    if (levelSelect.value) send({ kind: "level", level: levelSelect.value });
  });

  // -- what Python says ----------------------------------------------------------------------
  const unwatch = watch(model, WATCHED, draw);
  draw();
  // The box's height is known once the view is in the page, and changes with the window.
  const resized = new ResizeObserver(() => ui.table && fitTable(ui.table));
  resized.observe(host);
  return () => {
    clearTimeout(ui.resting.timer);
    resized.disconnect();
    unwatch();
  };
}

export default { render };
