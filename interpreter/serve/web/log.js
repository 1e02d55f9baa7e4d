// The game's log beside the board: each event a line with its rule
// reference, the sequence's steps ("Turn 2", "Syrian movement") as headings,
// rolls and draws set off. Kept scrolled to the newest line unless the
// reader has scrolled back to read.

import {el, clear} from './dom.js';

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
  }

  atBottom() {
    return this.node.scrollHeight - this.node.scrollTop - this.node.clientHeight < 40;
  }

  reset(events) {
    clear(this.node);
    this.append(events, false);
    this.node.scrollTop = this.node.scrollHeight;
  }

  append(events, fresh = true) {
    const follow = this.atBottom();
    for (const event of events) this.node.appendChild(eventLine(event, fresh));
    if (follow) this.node.scrollTop = this.node.scrollHeight;
  }

  get count() {
    return this.node.childElementCount;
  }
}
