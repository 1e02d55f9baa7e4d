// Rolls and draws shown as they happen: a small card over the board for
// each, with a die or a card drawn beside the event's words, fading after a
// few seconds. The log keeps them all; this is so nobody misses one.

import {el, svg} from './dom.js';

const SHOWN_MS = 6000;
const AT_ONCE = 4;

function icon(kind) {
  const s = svg('svg', {viewBox: '0 0 24 24', width: 22, height: 22, class: 'toast-icon', 'aria-hidden': 'true'});
  if (kind === 'roll') {
    s.appendChild(svg('rect', {x: 2, y: 2, width: 20, height: 20, rx: 4, class: 'die'}));
    for (const [x, y] of [[7, 7], [17, 17], [12, 12], [17, 7], [7, 17]]) s.appendChild(svg('circle', {cx: x, cy: y, r: 1.9, class: 'pip'}));
  } else {
    s.appendChild(svg('rect', {x: 5, y: 2, width: 14, height: 20, rx: 2, class: 'card-icon'}));
    s.appendChild(svg('rect', {x: 2, y: 5, width: 14, height: 17, rx: 2, class: 'card-icon back'}));
  }
  return s;
}

export class Toasts {
  constructor(host) {
    this.node = el('div', {class: 'toasts', 'aria-live': 'polite'});
    host.appendChild(this.node);
  }

  show(events) {
    for (const event of events) {
      if (event.kind !== 'roll' && event.kind !== 'draw') continue;
      const toast = el('div', {class: `toast toast-${event.kind}`}, icon(event.kind),
        el('span', {class: 'toast-text'}, event.rule ? `[${event.rule}] ` : '', event.text || ''));
      this.node.appendChild(toast);
      while (this.node.childElementCount > AT_ONCE) this.node.firstChild.remove();
      setTimeout(() => toast.classList.add('leaving'), SHOWN_MS);
      setTimeout(() => toast.remove(), SHOWN_MS + 600);
    }
  }
}
