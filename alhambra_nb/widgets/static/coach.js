// The coach's panel of the game table. Python decides what the coach says (every sentence
// comes from the catalogue); the page shows the fresh notes, the scoring's question with one
// button per answer, and the chapters met and still to come, and reports a click.

/**
 * @typedef {{topic: string, text: string}} CoachNote
 * @typedef {{id: string, title: string, summary: string}} ChapterEntry
 * @typedef {{on: boolean, shown?: boolean, fresh?: CoachNote[], count?: number,
 *            met?: ChapterEntry[], to_come?: ChapterEntry[],
 *            question?: {text: string, options: string[], key: string} | null}} CoachPanel
 */

/**
 * Draw the coach into `box` (its Coach switch into `toggle`); returns whether a new question
 * came, so the caller can move the focus to its first answer.
 * @param {HTMLElement} box
 * @param {HTMLButtonElement} toggle
 * @param {CoachPanel} coach
 * @param {(name: string, params?: object) => string} say
 * @param {{question: string, drawn: string}} seen what was drawn last (updated here)
 * @returns {boolean}
 */
export function drawCoach(box, toggle, coach, say, seen) {
  // The switch starts the coach (any time in a game) and hides or shows it again.
  const shown = !!(coach.on && coach.shown);
  toggle.hidden = false;
  toggle.textContent = shown ? say("coach-hide") : say("coach-show");
  toggle.setAttribute("aria-expanded", String(shown));
  box.hidden = !shown;
  if (!shown) return false;
  const question = coach.question ? `${coach.question.key}:${coach.question.text}` : "";
  const asked = question !== "" && question !== seen.question;
  seen.question = question;
  // Drawn again only when it changed, so the focus and the unfolded lists inside it stay.
  const drawn = JSON.stringify(coach) + say("coach-title");
  if (drawn !== seen.drawn) {
    seen.drawn = drawn;
    box.replaceChildren(...coachParts(coach, say));
  }
  return asked;
}

/** @param {CoachPanel} coach @param {(name: string) => string} say */
function coachParts(coach, say) {
  const heading = element("h3", "alh-coach-title", say("coach-title"));
  heading.tabIndex = -1; // the focus comes here after an answer, so the verdict is read next
  const parts = [heading];
  const fresh = coach.fresh || [];
  const notes = element("div", "alh-coach-notes");
  for (const note of fresh) {
    const line = element("p", "alh-coach-note", note.text);
    line.dataset.topic = note.topic;
    notes.append(line);
  }
  if (!fresh.length && !coach.question) {
    notes.append(element("p", "alh-coach-quiet", say("coach-quiet")));
  }
  parts.push(notes);
  if (coach.question) parts.push(questionPart(coach.question));
  parts.push(chapters("coach-met", coach.met || [], say, true));
  parts.push(chapters("coach-to-come", coach.to_come || [], say, false));
  return parts;
}

/** @param {{text: string, options: string[], key: string}} question */
function questionPart(question) {
  const group = element("div", "alh-coach-question");
  group.setAttribute("role", "group");
  const text = element("p", "alh-coach-ask", question.text);
  text.id = `alh-coach-ask-${Math.random().toString(36).slice(2)}`;
  group.setAttribute("aria-labelledby", text.id);
  group.append(text);
  question.options.forEach((option, index) => {
    const button = element("button", "alh-coach-answer", option);
    button.type = "button";
    button.dataset.coach = "answer";
    button.dataset.choice = String(index);
    button.dataset.key = question.key;
    group.append(button);
  });
  return group;
}

/**
 * A foldable list of chapters: each entry its title, and unfolded, what the chapter teaches.
 * @param {string} label @param {ChapterEntry[]} entries
 * @param {(name: string) => string} say @param {boolean} open
 */
function chapters(label, entries, say, open) {
  const box = element("details", `alh-coach-chapters alh-${label}`);
  box.open = open;
  box.append(element("summary", "", `${say(label)} (${entries.length})`));
  const list = element("ul", "");
  for (const entry of entries) {
    const item = element("li", "");
    item.dataset.chapter = entry.id;
    const more = element("details", "");
    more.append(element("summary", "", entry.title), element("p", "", entry.summary));
    item.append(more);
    list.append(item);
  }
  box.append(list);
  return box;
}

/** @param {string} tag @param {string} className @param {string} [text] */
export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
