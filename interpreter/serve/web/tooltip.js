// The tooltip over the board: what a counter or a location holds, in words.
// Built with text nodes only (game data is not markup).

import {el, replaceChildren} from './dom.js';
import {pieceTags, valueLine} from './counters.js';

function valuesText(values) {
  return Object.entries(values || {})
    .filter(([, v]) => v !== '' && v !== null && typeof v !== 'object')
    .map(([k, v]) => `${k.replace(/_/g, ' ')} ${v === true ? 'yes' : v === false ? 'no' : v}`)
    .join(', ');
}

function pieceLines(model, piece) {
  if (piece.hidden) return [el('div', {class: 'tip-piece'}, `a hidden ${model.sideTitle(piece.owner)} piece`)];
  const face = model.faceIndex(piece.type, piece.face) > 0 ? ` (${piece.face})` : '';
  const owner = piece.owner ? ` - ${model.sideTitle(piece.owner)}` : '';
  const lines = [el('div', {class: 'tip-piece'}, el('strong', {}, piece.name || piece.label || '?'), `${face}${owner}`)];
  const printed = valueLine(piece);
  if (printed) lines.push(el('div', {class: 'tip-values'}, printed));
  const values = valuesText(piece.values);
  if (values) lines.push(el('div', {class: 'tip-detail'}, values));
  if (piece.text) lines.push(el('div', {class: 'tip-text'}, piece.text));
  const tags = pieceTags(piece);
  if (tags.length) lines.push(el('div', {class: 'tip-tags'}, tags.join(', ')));
  return lines;
}

export class Tooltip {
  constructor(board, host) {
    this.board = board;
    this.node = el('div', {class: 'tooltip', role: 'tooltip'});
    this.node.hidden = true;
    host.appendChild(this.node);
    const root = board.root;
    root.addEventListener('pointermove', (e) => this.follow(e));
    root.addEventListener('pointerleave', () => this.hide());
    root.addEventListener('pointerdown', () => this.hide());
  }

  follow(e) {
    if (e.buttons) return this.hide();
    const target = e.target instanceof Element ? e.target : null;
    const piece = target && target.closest('[data-piece]');
    const location = target && target.closest('[data-location]');
    const hidden = target && target.closest('[data-hidden-owner]');
    let key = null;
    if (piece) key = 'p' + piece.getAttribute('data-piece');
    else if (hidden) key = 'h' + hidden.getAttribute('data-hidden-owner');
    else if (location) key = 'l' + location.getAttribute('data-location');
    if (!key) return this.hide();
    if (key !== this.key) {
      this.key = key;
      const content = piece ? this.pieceContent(Number(piece.getAttribute('data-piece')))
        : hidden ? pieceLines(this.board.model, {hidden: true, owner: hidden.getAttribute('data-hidden-owner')})
          : this.locationContent(location.getAttribute('data-location'));
      if (!content) return this.hide();
      replaceChildren(this.node, content);
    }
    this.node.hidden = false;
    const hostRect = this.node.parentElement.getBoundingClientRect();
    const w = this.node.offsetWidth, h = this.node.offsetHeight;
    let x = e.clientX - hostRect.left + 16, y = e.clientY - hostRect.top + 16;
    if (x + w > hostRect.width - 4) x = e.clientX - hostRect.left - w - 12;
    if (y + h > hostRect.height - 4) y = Math.max(4, e.clientY - hostRect.top - h - 12);
    this.node.style.left = `${x}px`;
    this.node.style.top = `${y}px`;
  }

  hide() {
    this.node.hidden = true;
    this.key = null;
  }

  pieceContent(id) {
    const info = this.board.pieceInfo(id);
    if (!info) return null;
    const where = this.board.locationInfo(info.location);
    return [...pieceLines(this.board.model, info.piece), el('div', {class: 'tip-where'}, `in ${where.title}`)];
  }

  locationContent(id) {
    const info = this.board.locationInfo(id);
    const lines = [el('div', {class: 'tip-title'}, info.title)];
    const facts = [];
    if (info.terrain) facts.push(info.terrain);
    for (const [k, v] of Object.entries(info.attributes)) facts.push(`${k.replace(/_/g, ' ')} ${v === true ? 'yes' : v}`);
    if (facts.length) lines.push(el('div', {class: 'tip-detail'}, facts.join(', ')));
    if (info.summary) lines.push(el('div', {class: 'tip-text'}, info.summary));
    if (info.hidden) lines.push(el('div', {class: 'tip-detail'}, `${info.count} hidden`));
    for (const piece of info.pieces.slice(0, 12)) lines.push(...pieceLines(this.board.model, piece));
    if (info.pieces.length > 12) lines.push(el('div', {class: 'tip-detail'}, `and ${info.pieces.length - 12} more`));
    return lines;
  }
}
