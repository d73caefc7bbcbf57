// The replay of the bots' moves: one move at a time, the table as it was, with what the move
// took ringed before it took it and what it built ringed where it stands. Python draws every
// step and its words (the log's); the page only steps through them.
import { element } from "./coach.js";

/**
 * @typedef {{title: string, text: string, svg: string}} ReplayStep
 * @typedef {{serial: number, steps?: ReplayStep[]}} Replay
 * @typedef {{serial: number, step: number, drawn: string}} ReplaySeen
 */

/**
 * Draw the replay's step `seen.step` into `box` (hidden when no replay is shown); returns
 * whether a replay was just asked for, so the caller can move the focus into it.
 * @param {HTMLElement} box
 * @param {Replay} replay
 * @param {(name: string, params?: object) => string} say
 * @param {ReplaySeen} seen what was drawn last (updated here)
 * @returns {boolean}
 */
export function drawReplay(box, replay, say, seen) {
  const steps = replay.steps || [];
  const fresh = replay.serial !== seen.serial;
  if (fresh) {
    seen.serial = replay.serial;
    seen.step = 0;
  }
  box.hidden = !steps.length;
  if (!steps.length) {
    seen.drawn = "";
    box.replaceChildren();
    return false;
  }
  seen.step = Math.max(0, Math.min(seen.step, steps.length - 1));
  const step = steps[seen.step];
  // Drawn again only when the step or its words changed, so the focus stays on its button.
  const drawn = `${replay.serial}|${seen.step}|${step.title}|${step.text}|${say("replay-next")}`;
  if (drawn !== seen.drawn) {
    seen.drawn = drawn;
    box.replaceChildren(...replayParts(step, seen.step, steps.length, say));
    const picture = box.querySelector(".alh-replay-picture");
    // The ringed part may be below the fold of the picture's box: bring it into view there.
    picture?.querySelector(".spotlit")?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
  return fresh;
}

/**
 * @param {ReplayStep} step @param {number} index @param {number} count
 * @param {(name: string, params?: object) => string} say
 */
function replayParts(step, index, count, say) {
  const title = element("p", "alh-replay-title", step.title);
  title.tabIndex = -1;
  const text = element("p", "alh-replay-text", step.text);
  const words = element("div", "alh-replay-words");
  words.setAttribute("aria-live", "polite");
  words.append(title, text);
  const nav = element("div", "alh-replay-nav");
  nav.setAttribute("role", "group");
  nav.setAttribute("aria-label", step.title);
  const previous = navButton("previous", say("replay-previous"), index === 0);
  const next = navButton("next", say("replay-next"), index === count - 1);
  nav.append(previous, next, navButton("back", say("replay-back"), false));
  // The picture scrolls in its box, so the box takes the focus (arrows scroll it) and is
  // announced as the picture it shows.
  const picture = element("div", "alh-replay-picture");
  picture.innerHTML = step.svg;
  picture.tabIndex = 0;
  picture.setAttribute("role", "img");
  picture.setAttribute("aria-label", say("replay-picture", { step: step.title, text: step.text }));
  const svg = picture.querySelector("svg");
  if (svg) {
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("aria-hidden", "true");
  }
  return [words, nav, picture];
}

/** @param {string} what @param {string} label @param {boolean} off */
function navButton(what, label, off) {
  const button = /** @type {HTMLButtonElement} */ (element("button", `alh-replay-${what}`, label));
  button.type = "button";
  button.dataset.replay = what;
  button.disabled = off;
  return button;
}
