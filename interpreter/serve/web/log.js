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
