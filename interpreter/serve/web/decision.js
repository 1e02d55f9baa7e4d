// The side panel's decision: whose decision it is (#status), the prompt and
// its rule reference, and the choices as buttons (#choices, data-choice="N"),
// shown only to the reader who decides. The result once the game is over.

import {el, replaceChildren} from './dom.js';

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

export function renderDecision(model, view, you, pointing, onChoose, busy = false, bot = false, botError = '') {
  const status = document.getElementById('status');
  const line = statusLine(model, view, you, bot, botError);
  status.className = `status status-${line.kind}`;
  const heading = line.kind === 'yours' ? el('div', {class: 'your-turn'}, you ? `Your decision, ${model.sideTitle(you)}` : 'Decision') : null;
  replaceChildren(status, heading, el('div', {class: 'status-text'}, line.text));
  const rule = document.getElementById('rule');
  replaceChildren(rule, line.kind === 'yours' && view.rule ? `Rule ${view.rule}` : '');
  const list = document.getElementById('choices');
  const choices = view.choices || [];
  const buttons = choices.map((choice) => {
    const button = el('button', {type: 'button', class: `choice choice-${choice.kind || 'option'}`, 'data-choice': choice.n},
      el('span', {class: 'choice-n'}, String(choice.n)),
      el('span', {class: 'choice-text'}, choice.text || String(choice.value)),
      choice.note ? el('span', {class: 'choice-note'}, choice.note) : null);
    button.disabled = busy;
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
