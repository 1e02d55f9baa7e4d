// The page's words around the board: the header (the game, where the
// sequence of play stands, who is looking), the side panel's decision and
// summary, and the game's log. Shared by the play and the replay pages.

import {clear, el, replaceChildren} from './dom.js';

// The page's header: the game and scenario, where the sequence of play
// stands (turn, phase, step), and who is looking.

export function positionText(view) {
  const parts = [];
  parts.push(view.in_setup ? 'Set-up' : `Turn ${view.turn}`);
  if (view.phase) parts.push(view.phase);
  if (view.step) parts.push(view.step);
  return parts.join(' · ');
}

export function renderHeader(node, model, view, who) {
  replaceChildren(
    node,
    el('a', {class: 'home', href: '/', title: 'lobby'}, 'cardboard'),
    el('div', {class: 'titles'},
      el('span', {class: 'game-title'}, model.title),
      el('span', {class: 'scenario-title'}, model.scenarioTitle)),
    el('div', {class: 'position', id: 'position'}, positionText(view)),
    el('div', {class: 'who'}, who),
  );
}

// The side panel's decision: whose decision it is (#status), the prompt and
// its rule reference, and the choices as buttons (#choices, data-choice="N"),
// shown only to the reader who decides. The result once the game is over.

// The line of #status for a view seen by `you` (a side id, or null for a
// spectator or a replay); `bot` when the server's bot is deciding.
export function statusLine(model, view, you, bot = false, botError = '') {
  if (view.finished) {
    const winner = view.winner ? ` ${model.sideTitle(view.winner)} won.` : '';
    return {text: `Game over: ${view.result || 'the game has ended'}.${winner}`.replace(/\.\./g, '.'), kind: 'finished'};
  }
  const choices = view.choices || [];
  if (choices.length) return {text: view.prompt || 'Your decision', kind: 'yours'};
  if (view.deciding) {
    const title = model.sideTitle(view.deciding);
    if (you && view.deciding === you) return {text: `${title} is deciding`, kind: 'waiting'};
    if (bot && botError) return {text: `The bot playing ${title} stopped: ${botError}`, kind: 'waiting'};
    return {text: `Waiting for ${title}${bot ? ' (the bot)' : ''}`, kind: 'waiting'};
  }
  return {text: 'Nobody is deciding', kind: 'waiting'};
}

// The words of the choices, told apart where the rules gave two the same
// words (two like units): a piece's choice by where the piece is, then by
// its number where that is the same too; any other choice by its number.
export function distinctTexts(view, choices) {
  const texts = choices.map((c) => c.text || String(c.value));
  const where = new Map();
  for (const l of view.locations || []) for (const p of l.pieces || []) if (p.id !== undefined) where.set(p.id, l.title || l.id);
  const counts = (list) => list.reduce((m, t) => m.set(t, (m.get(t) || 0) + 1), new Map());
  const first = counts(texts);
  const placed = texts.map((t, i) => {
    const at = where.get(choices[i].piece);
    return first.get(t) > 1 && at !== undefined ? `${t}, in ${at}` : t;
  });
  const second = counts(placed);
  return placed.map((t, i) => {
    if (second.get(t) < 2) return t;
    const c = choices[i];
    return c.piece !== undefined && c.piece >= 0 ? `${t} (piece ${c.piece})` : `${t} (choice ${c.n})`;
  });
}

// `picked`: while the reader picks several like choices at once (play.js),
// the pieces picked so far, whose buttons show as pressed.
export function renderDecision(model, view, you, pointing, onChoose, busy = false, bot = false, botError = '', picked = null) {
  const status = document.getElementById('status');
  const line = statusLine(model, view, you, bot, botError);
  status.className = `status status-${line.kind}`;
  const heading = line.kind === 'yours' ? el('div', {class: 'your-turn'}, you ? `Your decision, ${model.sideTitle(you)}` : 'Decision') : null;
  replaceChildren(status, heading, el('div', {class: 'status-text'}, line.text));
  const rule = document.getElementById('rule');
  replaceChildren(rule, line.kind === 'yours' && view.rule ? `Rule ${view.rule}` : '');
  const list = document.getElementById('choices');
  const choices = view.choices || [];
  const texts = distinctTexts(view, choices);
  const buttons = choices.map((choice, i) => {
    const button = el('button', {type: 'button', class: `choice choice-${choice.kind || 'option'}`, 'data-choice': choice.n},
      el('span', {class: 'choice-n'}, String(choice.n)),
      el('span', {class: 'choice-text'}, texts[i]),
      choice.note ? el('span', {class: 'choice-note'}, choice.note) : null);
    button.disabled = busy;
    if (picked && choice.kind === 'piece') {
      button.setAttribute('aria-pressed', picked.includes(choice.piece) ? 'true' : 'false');
      button.classList.toggle('picked', picked.includes(choice.piece));
    }
    button.addEventListener('click', () => onChoose(choice));
    button.addEventListener('pointerenter', () => pointing.hint(choice, true));
    button.addEventListener('pointerleave', () => pointing.hint(choice, false));
    button.addEventListener('focus', () => pointing.hint(choice, true));
    button.addEventListener('blur', () => pointing.hint(choice, false));
    return button;
  });
  replaceChildren(list, buttons);
  list.hidden = buttons.length === 0;
}

// The game's lines for the whole board (view.summary), under the decision.
export function renderSummary(view) {
  const node = document.getElementById('summary');
  const lines = Array.isArray(view.summary) ? view.summary : [];
  replaceChildren(node, lines.map((line) => el('p', {}, String(line))));
  node.hidden = lines.length === 0;
}

export function showMessage(text) {
  const node = document.getElementById('message');
  replaceChildren(node, text || '');
  node.hidden = !text;
}

// The game's log beside the board: each event a line with its rule
// reference, the sequence's steps ("Turn 2", "Syrian movement") as headings,
// rolls and draws set off. Kept scrolled to the newest line unless the
// reader has scrolled back to read.

export function eventLine(event, fresh = false) {
  const kind = typeof event.kind === 'string' ? event.kind : 'log';
  const line = el('div', {class: `log-line kind-${kind.replace(/[^a-z_]/g, '')}` + (fresh ? ' fresh' : ''), 'data-action': event.action});
  if (kind === 'sequence') {
    line.appendChild(el('span', {class: 'log-text'}, event.text || ''));
    return line;
  }
  if (event.rule) line.appendChild(el('span', {class: 'log-rule'}, `[${event.rule}]`));
  line.appendChild(el('span', {class: 'log-text'}, event.text || ''));
  return line;
}

export class Log {
  constructor(node) {
    this.node = node;
    // It follows the newest line until the reader scrolls up, away from it,
    // also when the panel above changes the box's height (the browser's own
    // scrolling then, keeping a line in place, is not the reader's).
    this.follow = true;
    node.addEventListener('scroll', () => {
      this.follow = this.atBottom() || (this.follow && node.scrollTop >= this.scrolledTo);
    });
    new ResizeObserver(() => this.follow && this.toEnd()).observe(node);
  }

  toEnd() {
    this.node.scrollTop = this.node.scrollHeight;
    this.scrolledTo = this.node.scrollTop;
  }

  atBottom() {
    return this.node.scrollHeight - this.node.scrollTop - this.node.clientHeight < 40;
  }

  // Refilled (the page being drawn, or an undo): scrolled to the end at the
  // next frame, once the page is laid out, rather than laying the page out
  // now only for the board drawn next to change it.
  reset(events) {
    clear(this.node);
    for (const event of events) this.node.appendChild(eventLine(event));
    this.follow = true;
    requestAnimationFrame(() => this.follow && this.toEnd());
  }

  append(events, fresh = true) {
    for (const event of events) this.node.appendChild(eventLine(event, fresh));
    if (this.follow) this.toEnd();
  }

  get count() {
    return this.node.childElementCount;
  }
}
