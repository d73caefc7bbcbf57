// The chapter widget's view: a step's text, its board (drawn by Python, with the engine's verdict
// for every cell where a click answers the task), the task's controls, the feedback and the way
// through the chapter. No rule and no answer key lives here: answers go to Python as messages,
// and the verdict — the engine's violations included — comes back as a trait.
import {
  applyPalette,
  drawFocusRing,
  drawGhost,
  drawViolations,
  escapeHtml,
  fill,
  focusPlace,
  followPointer,
  injectBoard,
  mountView,
  parseFragment,
  parseKey,
  restoreFocus,
  rovingFocus,
  showLegend,
  speak,
  svgEl,
  watch,
} from "./board.js";

/** Traits whose change redraws the view. */
const CHAPTER_WATCHED = ["_view", "_feedback", "_progress", "_note", "_words"];

const CHAPTER_TEMPLATE = `
  <header class="alh-ch-head">
    <span class="alh-ch-chapter"></span>
    <span class="alh-ch-count"></span>
  </header>
  <ol class="alh-ch-progress" data-say-label="steps"></ol>
  <h3 class="alh-ch-title"></h3>
  <div class="alh-ch-text"></div>
  <div class="alh-ch-main">
    <div class="alh-ch-board"></div>
    <div class="alh-ch-table" hidden></div>
    <div class="alh-legend" hidden></div>
  </div>
  <p class="alh-ch-hover" aria-live="polite"></p>
  <section class="alh-ch-task" hidden>
    <p class="alh-ch-prompt"></p>
    <div class="alh-ch-controls"></div>
  </section>
  <div class="alh-ch-feedback" role="status" aria-live="polite"></div>
  <p class="alh-ch-note" aria-live="polite"></p>
  <nav class="alh-ch-nav">
    <button type="button" data-do="previous" data-say="previous"></button>
    <button type="button" data-do="next" data-say="next"></button>
  </nav>
`;

/** A button with a label and data attributes. */
function makeButton(label, data = {}, cls = "") {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = label;
  if (cls) button.className = cls;
  for (const [key, value] of Object.entries(data)) button.dataset[key] = String(value);
  return button;
}

/**
 * A money card as a small chip: value and currency (the currency also as a colour).
 * @param {string} label the card in words
 */
function moneyChip(card, label, data = {}) {
  const chip = makeButton(label, data, "alh-ch-card");
  chip.dataset.currency = card.currency.toLowerCase();
  return chip;
}

/**
 * @param {{model: any, el: HTMLElement}} context
 * @returns {() => void} cleanup
 */
function render({ model, el }) {
  const root = mountView(el, "alh-chapter", CHAPTER_TEMPLATE);
  const $ = (selector) => root.querySelector(selector);
  const host = $(".alh-ch-board");

  /** What only the page knows: the pointer, the focus, an answer being put together. */
  const ui = {
    view: null,
    grid: null,
    /** @type {string | null} */ pointed: null,
    focused: "0,0",
    hasFocus: false,
    /** @type {Set<string>} */ chosen: new Set(),
    /** @type {number[][]} */ takes: [],
    /** @type {Set<string>} */ picking: new Set(),
    ghost: null,
    /** @type {string | null} */ answered: null,
    words: null,
  };

  /** A sentence of the catalogue (`_words`, sent by Python), filled. */
  const say = (name, params = {}) => fill((model.get("_words") || {})[name] ?? name, params);
  /** A money card in words. */
  const cardWords = (card) =>
    say("card", { value: card.value, currency: card.currency_name ?? card.currency });
  const list = (items) => items.join(say("list-sep"));
  const send = (message) => model.send(message);
  const stepId = () => model.get("_view")?.step?.id;
  const answer = (value) => send({ kind: "answer", step: stepId(), answer: value });

  // -- the task's controls ------------------------------------------------------------------
  function checkButton(onCheck) {
    const button = makeButton(say("check"), { do: "check" }, "alh-ch-check");
    button.addEventListener("click", onCheck);
    return button;
  }

  function quizControls(box, task) {
    const list = document.createElement("div");
    list.className = "alh-ch-options";
    list.setAttribute("role", "group");
    task.options.forEach((option, i) => {
      const letter = String.fromCharCode(97 + i);
      const button = makeButton(`${letter}) ${option}`, { letter }, "alh-ch-option");
      button.setAttribute("aria-pressed", String(ui.chosen.has(letter)));
      button.addEventListener("click", () => {
        if (!task.multiple) ui.chosen.clear();
        if (ui.chosen.has(letter)) ui.chosen.delete(letter);
        else ui.chosen.add(letter);
        drawControls();
      });
      list.appendChild(button);
    });
    box.appendChild(list);
    const hint = document.createElement("span");
    hint.className = "alh-ch-hint";
    hint.textContent = task.multiple ? say("choose-all") : "";
    box.appendChild(checkButton(() => answer([...ui.chosen].sort())));
    box.appendChild(hint);
  }

  function numberInput(name, label) {
    const wrap = document.createElement("label");
    wrap.className = "alh-ch-field";
    wrap.textContent = `${label} `;
    const input = document.createElement("input");
    input.type = "number";
    input.min = "0";
    input.step = "1";
    input.dataset.name = name;
    input.setAttribute("aria-label", label);
    wrap.appendChild(input);
    return wrap;
  }

  function numberControls(box) {
    box.appendChild(numberInput("value", say("your-answer")));
    box.appendChild(
      checkButton(() => {
        const value = box.querySelector("input").value;
        answer(value === "" ? null : Number(value));
      }),
    );
  }

  function pointsControls(box, players) {
    for (const name of players) box.appendChild(numberInput(name, say("player-field", { player: name })));
    box.appendChild(
      checkButton(() => {
        const points = {};
        for (const input of box.querySelectorAll("input")) {
          points[input.dataset.name] = input.value === "" ? 0 : Number(input.value);
        }
        answer(points);
      }),
    );
  }

  function playerControls(box, players) {
    for (const name of players) {
      const button = makeButton(name, { player: name }, "alh-ch-option");
      button.addEventListener("click", () => answer(name));
      box.appendChild(button);
    }
  }

  /**
   * A row of money chips after `label`; a click puts a card into `picked` or takes it out.
   * @param {string} label @param {{id: string, value: number, currency: string}[]} cards
   * @param {Set<string>} picked
   */
  function chipRow(label, cards, picked) {
    const row = document.createElement("div");
    row.className = "alh-ch-cards";
    row.append(label);
    for (const card of cards) {
      const chip = moneyChip(card, cardWords(card), { id: card.id });
      chip.setAttribute("aria-pressed", String(picked.has(card.id)));
      chip.addEventListener("click", () => {
        if (picked.has(card.id)) picked.delete(card.id);
        else picked.add(card.id);
        drawControls();
      });
      row.appendChild(chip);
    }
    return row;
  }

  function takesControls(box, game) {
    const row = chipRow(say("display"), game.display, ui.picking);
    const add = makeButton(say("add-take"), { do: "add-take" });
    add.disabled = ui.picking.size === 0;
    add.addEventListener("click", () => {
      const values = game.display.filter((c) => ui.picking.has(c.id)).map((c) => c.value);
      ui.takes.push(values);
      ui.picking.clear();
      drawControls();
    });
    row.appendChild(add);
    box.appendChild(row);
    const list = document.createElement("ul");
    list.className = "alh-ch-takes";
    ui.takes.forEach((take, i) => {
      const item = document.createElement("li");
      item.textContent = `{${take.join(", ")}} `;
      const drop = makeButton("✕", { do: "drop-take", index: i });
      drop.setAttribute("aria-label", say("remove-take", { take: `{${take.join(", ")}}` }));
      drop.addEventListener("click", () => {
        ui.takes.splice(i, 1);
        drawControls();
      });
      item.appendChild(drop);
      list.appendChild(item);
    });
    box.appendChild(list);
    box.appendChild(checkButton(() => answer(ui.takes)));
  }

  function paymentControls(box, game) {
    const player = game.players.find((p) => p.name === game.to_play);
    box.appendChild(chipRow(say("money-of", { player: player.name }), player.money, ui.chosen));
    box.appendChild(checkButton(() => answer([...ui.chosen])));
  }

  function receiverControls(box, game, players) {
    for (const space of game.market) {
      if (!space.tile) continue;
      const wrap = document.createElement("label");
      wrap.className = "alh-ch-field";
      const currency = space.currency_name ?? space.currency;
      wrap.textContent = say("space", { space: space.space, currency, tile: space.tile });
      const select = document.createElement("select");
      select.dataset.space = String(space.space);
      for (const name of ["", ...players, "nobody"]) {
        const option = document.createElement("option");
        option.value = name;
        option.textContent = name === "nobody" ? say("nobody") : name || "—";
        select.appendChild(option);
      }
      wrap.appendChild(select);
      box.appendChild(wrap);
    }
    box.appendChild(
      checkButton(() => {
        const given = {};
        for (const select of box.querySelectorAll("select")) {
          if (select.value) given[select.dataset.space] = select.value;
        }
        answer(given);
      }),
    );
  }

  function cellsControls(box) {
    const chosen = [...ui.chosen].sort();
    const line = document.createElement("span");
    line.className = "alh-ch-chosen";
    line.textContent = chosen.length
      ? say("chosen", { cells: chosen.map((k) => `(${k.replace(",", ", ")})`).join(" ") })
      : say("choose-cells");
    box.appendChild(line);
    box.appendChild(checkButton(() => answer(chosen)));
  }

  /** Rebuild the task's controls, the focus staying on the control the learner was on. */
  function drawControls() {
    const place = focusPlace(root);
    buildControls();
    restoreFocus(root, place);
  }

  function buildControls() {
    const view = model.get("_view");
    const task = view?.step?.task;
    const box = $(".alh-ch-controls");
    box.replaceChildren();
    if (!task) return;
    const game = view.step.game;
    switch (view.answer) {
      case "cell":
        box.textContent = say("point-cell");
        break;
      case "cells":
        cellsControls(box);
        break;
      case "quiz":
        quizControls(box, task);
        break;
      case "longest-wall":
      case "number":
        numberControls(box);
        break;
      case "majority":
      case "points":
        pointsControls(box, view.players);
        break;
      case "player":
        playerControls(box, view.players);
        break;
      case "takes":
        takesControls(box, game);
        break;
      case "payment":
        paymentControls(box, game);
        break;
      case "receivers":
        receiverControls(box, game, view.players);
        break;
      default:
        box.textContent = say("in-notebook");
    }
    drawBoard();
  }

  // -- the staged game beside the board -----------------------------------------------------
  function drawTable(game) {
    const table = $(".alh-ch-table");
    table.hidden = !game;
    if (!game) return;
    const html = (name, params) => escapeHtml(say(name, params));
    const market = game.market
      .map((m) => {
        const tile = m.tile || say("empty");
        const currency = m.currency_name ?? m.currency;
        return `<li>${html("market-line", { space: m.space, currency, tile })}</li>`;
      })
      .join("");
    const display = list(game.display.map(cardWords)) || say("empty");
    const players = game.players
      .map((p) => {
        const money = list(p.money.map(cardWords)) || say("no-money");
        const extra = p.bought.length ? say("bought", { tiles: list(p.bought) }) : "";
        const turn = p.name === game.to_play ? say("to-play") : "";
        return `<li><b>${escapeHtml(p.name)}</b>${escapeHtml(turn)}: ${escapeHtml(money)}${escapeHtml(extra)}</li>`;
      })
      .join("");
    const neutral = game.neutral
      ? `<p>${html("neutral", { player: game.neutral.name, tiles: list(game.neutral.tiles) })}</p>`
      : "";
    const log = game.log.length
      ? `<details${game.log.length <= 6 ? " open" : ""}><summary>${html("log", { count: game.log.length })}</summary><ol>${game.log
          .map((line) => `<li>${escapeHtml(line)}</li>`)
          .join("")}</ol></details>`
      : "";
    table.innerHTML =
      `<h4>${html("market")}</h4><ul>${market}</ul><h4>${html("money-display")}</h4><p>${escapeHtml(display)}</p>` +
      `<h4>${html("players")}</h4><ul>${players}</ul>${neutral}${log}`;
  }

  // -- the board ----------------------------------------------------------------------------
  function drawBoard() {
    const view = model.get("_view");
    if (!ui.grid || !view?.board) return;
    const { board, verdicts } = view;
    const layer = ui.grid.overlay;
    layer.replaceChildren();
    const feedback = model.get("_feedback") || {};
    const answered = feedback.step === view.step.id;
    if (answered) {
      drawViolations(layer, feedback.violations || [], board.unit);
      for (const [x, y] of feedback.highlight?.cells || []) {
        layer.appendChild(
          svgEl("rect", `alh-ch-mark ${feedback.ok ? "ok" : "wrong"}`, {
            x: x * board.unit + 4,
            y: y * board.unit + 4,
            width: board.unit - 8,
            height: board.unit - 8,
            rx: 8,
          }),
        );
      }
    }
    for (const key of ui.chosen) {
      if (view.answer !== "cells") break;
      const [x, y] = parseKey(key);
      layer.appendChild(
        svgEl("rect", "alh-ch-chosen-cell", {
          x: x * board.unit + 6,
          y: y * board.unit + 6,
          width: board.unit - 12,
          height: board.unit - 12,
          rx: 10,
        }),
      );
    }
    const verdict = ui.pointed ? verdicts[ui.pointed] : null;
    if (verdict) {
      if (ui.ghost) {
        drawGhost(layer, ui.ghost, ui.pointed, view.ghost.rotation, verdict.ok, board.unit);
      }
      // The feedback already marks what is wrong at the cell just answered.
      if (!(answered && ui.pointed === ui.answered)) {
        drawViolations(layer, verdict.violations, board.unit);
      }
    }
    if (ui.hasFocus) drawFocusRing(layer, ui.focused, board.unit);
    const hover = $(".alh-ch-hover");
    const label = ui.pointed ? board.labels[ui.pointed] || ui.pointed : "";
    // At the cell just answered the feedback says it all; elsewhere, the engine's verdict.
    const repeated = answered && ui.pointed === ui.answered;
    hover.textContent = verdict && !repeated ? verdict.text : label;
    hover.dataset.cell = ui.pointed || "";
  }

  // -- the one drawing function -------------------------------------------------------------
  function draw() {
    const place = focusPlace(root);
    redraw();
    restoreFocus(root, place);
  }

  function redraw() {
    const view = model.get("_view");
    if (!view || !view.step) return;
    if (model.get("_words") !== ui.words) {
      ui.words = model.get("_words");
      speak(root, say);
      ui.view = null; // every part of the step is said again in the new words
    }
    if (view !== ui.view) {
      // A new step: forget what the learner was putting together for the last one.
      ui.view = view;
      ui.chosen = new Set();
      ui.takes = [];
      ui.picking = new Set();
      ui.pointed = null;
      ui.ghost = view.ghost ? parseFragment(view.ghost.svg) : null;
      const { step: current, chapter, index } = view;
      root.dataset.step = current.id;
      $(".alh-ch-chapter").textContent = chapter.title;
      $(".alh-ch-count").textContent = say("count", { number: index + 1, count: chapter.count });
      $(".alh-ch-title").textContent = current.title;
      $(".alh-ch-text").innerHTML = current.text
        .split("\n\n")
        .map((p) => `<p>${escapeHtml(p)}</p>`)
        .join("");
      const task = $(".alh-ch-task");
      task.hidden = !current.task;
      $(".alh-ch-prompt").textContent = current.task ? view.prompt : "";
      if (view.board) {
        ui.grid = injectBoard(host, view.board, say("board", { title: current.title }));
        applyPalette(root, view.board.palette);
        showLegend($(".alh-legend"), view.board.legend, false, say("legend"));
        host.hidden = false;
        if (!ui.grid.cells.has(ui.focused)) ui.focused = "0,0";
        rovingFocus(ui.grid.cells, ui.focused, false);
        root.dataset.answer = view.answer || "";
      } else {
        ui.grid = null;
        host.replaceChildren();
        host.hidden = true;
      }
      drawTable(current.game);
      drawControls();
    }
    const progress = model.get("_progress") || { solved: [] };
    const list = $(".alh-ch-progress");
    list.replaceChildren();
    view.steps.forEach((s, i) => {
      const item = document.createElement("li");
      const solved = progress.solved.includes(s.id);
      item.className = `${i === view.index ? "current" : ""} ${solved ? "solved" : ""}`.trim();
      const dot = makeButton(solved ? "✓" : String(i + 1), { index: i }, "alh-ch-dot");
      dot.title = say(s.task ? "dot-title-task" : "dot-title", { title: s.title });
      dot.setAttribute("aria-label", say(solved ? "dot-solved" : "dot", { number: i + 1, title: s.title }));
      if (i === view.index) dot.setAttribute("aria-current", "step");
      item.appendChild(dot);
      list.appendChild(item);
    });
    /** @type {HTMLButtonElement} */ ($('[data-do="previous"]')).disabled = view.index === 0;
    /** @type {HTMLButtonElement} */ ($('[data-do="next"]')).disabled =
      view.index === view.chapter.count - 1;

    const feedback = model.get("_feedback") || {};
    const box = $(".alh-ch-feedback");
    if (feedback.step === view.step.id && feedback.message) {
      box.dataset.ok = String(feedback.ok);
      box.textContent = feedback.shown ?? feedback.message;
    } else {
      box.dataset.ok = "";
      box.textContent = "";
    }
    const note = model.get("_note") || {};
    $(".alh-ch-note").textContent = note.text || "";
    drawBoard();
  }

  // -- what the learner does ----------------------------------------------------------------
  const cellOf = (target) => target?.closest?.("[data-cell]")?.getAttribute("data-cell") ?? null;

  function clickCell(key) {
    const view = model.get("_view");
    if (view?.answer === "cell") {
      ui.answered = key;
      answer(key);
    }
    else if (view?.answer === "cells") {
      if (ui.chosen.has(key)) ui.chosen.delete(key);
      else ui.chosen.add(key);
      drawControls();
    }
  }

  followPointer(host, ui, {
    cellOf,
    extent: () => model.get("_view")?.board?.extent ?? null,
    cells: () => ui.grid?.cells,
    redraw: drawBoard,
    activate: clickCell,
  });
  root.addEventListener("click", (event) => {
    const button = /** @type {HTMLElement} */ (event.target).closest?.("button");
    if (!button || !root.contains(button)) return;
    if (button.dataset.do === "next") send({ kind: "next" });
    else if (button.dataset.do === "previous") send({ kind: "previous" });
    else if (button.classList.contains("alh-ch-dot")) {
      send({ kind: "go", index: Number(button.dataset.index) });
    }
  });

  // -- what Python says ---------------------------------------------------------------------
  const unwatch = watch(model, CHAPTER_WATCHED, draw);
  draw();
  return unwatch;
}

export default { render };
