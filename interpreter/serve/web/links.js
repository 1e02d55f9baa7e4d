// The links of a game: one per side played by a person and one for
// spectators, each with a copy button. A side's link lets whoever has it
// play that side, which the page says next to it.

import {el} from './dom.js';

async function copy(text, input, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // The clipboard API needs a secure context; a page opened by address
    // from another machine falls back to selecting the text and copying.
    input.select();
    document.execCommand('copy');
  }
  button.textContent = 'Copied';
  setTimeout(() => (button.textContent = 'Copy'), 1500);
}

// links: {side id: "/play/TOKEN", ..., spectator: "/play/TOKEN"};
// sideTitle(id) names a side.
export function linksList(links, sideTitle) {
  const list = el('div', {class: 'links'});
  const entries = Object.entries(links || {}).sort(([a], [b]) => (a === 'spectator') - (b === 'spectator'));
  for (const [who, path] of entries) {
    // Only this server's own game addresses are offered.
    if (typeof path !== 'string' || !/^\/(play|replay)\/[0-9a-fA-F]+$/.test(path)) continue;
    const url = location.origin + path;
    const spectator = who === 'spectator';
    const input = el('input', {type: 'text', readonly: true, value: url, class: 'link-url', 'aria-label': `link for ${who}`});
    const button = el('button', {type: 'button', class: 'copy'}, 'Copy');
    button.addEventListener('click', () => copy(url, input, button));
    list.appendChild(el('div', {class: 'link-row', 'data-link': who},
      el('div', {class: 'link-who'}, spectator ? 'Spectators' : sideTitle(who)),
      el('div', {class: 'link-field'}, input, button, el('a', {href: path, target: '_blank', rel: 'noopener', class: 'open-link'}, 'Open')),
      el('div', {class: 'link-note'}, spectator
        ? 'Sees what every side sees, and no more.'
        : `Send this link only to the player of ${sideTitle(who)}: whoever has it plays that side.`)));
  }
  return list;
}
