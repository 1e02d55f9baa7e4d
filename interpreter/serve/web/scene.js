// The board on the page: the SVG board in its host, with pan and zoom, the
// zoom buttons, the tooltip and the toasts for rolls and draws. Shared by
// the play and the replay pages.

import {Board} from './board.js';
import {el, replaceChildren, svg} from './dom.js';
import {pieceTags, valueLine} from './counters.js';

export function mountBoard(model) {
  const host = document.getElementById('board-host');
  const board = new Board(model, host);
  const panZoom = new PanZoom(board.root);
  const tooltip = new Tooltip(board, host);
  const toasts = new Toasts(host);
  document.getElementById('zoom-in').addEventListener('click', () => panZoom.zoom(1.25));
  document.getElementById('zoom-out').addEventListener('click', () => panZoom.zoom(0.8));
  document.getElementById('zoom-fit').addEventListener('click', () => panZoom.reset());
  // Keyboard: + and - zoom, 0 shows the whole board.
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === '+' || e.key === '=') panZoom.zoom(1.25);
    else if (e.key === '-') panZoom.zoom(0.8);
    else if (e.key === '0') panZoom.reset();
  });
  return {board, panZoom, tooltip, toasts};
}

// Draws a view and keeps the viewer where they were, fitting the board the
// first time (and when the board grew past what the home view shows).
export function showView(scene, view) {
  scene.board.render(view);
  const bounds = scene.board.bounds();
  const home = scene.panZoom.home;
  if (!home || bounds.width > home.width + 1 || bounds.height > home.height + 1) {
    if (!home) scene.panZoom.fit(bounds);
    else scene.panZoom.home = bounds;
  }
}

// Panning (drag) and zooming (wheel, +/- buttons) the board by moving the
// SVG's viewBox. A drag starts only after the pointer has moved a few
// pixels, so a click on a counter or hex stays a click.

const DRAG_THRESHOLD = 5;
const MIN_SCALE = 0.2;
const MAX_SCALE = 6;

export class PanZoom {
  constructor(svgRoot) {
    this.svg = svgRoot;
    this.box = null; // {x, y, width, height} in board units
    this.home = null;
    this.dragging = null;
    this.justDragged = false;
    svgRoot.addEventListener('wheel', (e) => this.onWheel(e), {passive: false});
    svgRoot.addEventListener('pointerdown', (e) => this.onDown(e));
    svgRoot.addEventListener('pointermove', (e) => this.onMove(e));
    svgRoot.addEventListener('pointerup', (e) => this.onUp(e));
    svgRoot.addEventListener('pointercancel', (e) => this.onUp(e));
    // A click that ends a drag is not a click on what lies under it.
    svgRoot.addEventListener('click', (e) => {
      if (this.justDragged) {
        e.stopPropagation();
        e.preventDefault();
        this.justDragged = false;
      }
    }, true);
  }

  // Shows the whole of `bounds`; the first call also makes it the home view.
  fit(bounds) {
    this.home = {...bounds};
    this.box = {...bounds};
    this.apply();
  }

  // Keeps the current view unless nothing was shown yet.
  ensure(bounds) {
    if (!this.box) this.fit(bounds);
    else this.home = {...bounds};
  }

  apply() {
    const b = this.box;
    this.svg.setAttribute('viewBox', `${b.x.toFixed(1)} ${b.y.toFixed(1)} ${b.width.toFixed(1)} ${b.height.toFixed(1)}`);
  }

  // The board point under a client (screen) point, with preserveAspectRatio's
  // placing (xMidYMin: centred across, at the top) taken into account.
  toBoard(clientX, clientY) {
    const rect = this.svg.getBoundingClientRect();
    const scale = Math.min(rect.width / this.box.width, rect.height / this.box.height);
    const offsetX = (rect.width - this.box.width * scale) / 2;
    const offsetY = 0;
    return {x: this.box.x + (clientX - rect.left - offsetX) / scale, y: this.box.y + (clientY - rect.top - offsetY) / scale};
  }

  scale() {
    const rect = this.svg.getBoundingClientRect();
    return Math.min(rect.width / this.box.width, rect.height / this.box.height);
  }

  zoom(factor, clientX, clientY) {
    if (!this.box) return;
    const rect = this.svg.getBoundingClientRect();
    const cx = clientX ?? rect.left + rect.width / 2;
    const cy = clientY ?? rect.top + rect.height / 2;
    const homeScale = this.home ? Math.min(rect.width / this.home.width, rect.height / this.home.height) : 1;
    const current = this.scale();
    const wanted = Math.max(MIN_SCALE * homeScale, Math.min(MAX_SCALE * homeScale, current * factor));
    const f = wanted / current;
    const p = this.toBoard(cx, cy);
    this.box = {x: p.x - (p.x - this.box.x) / f, y: p.y - (p.y - this.box.y) / f, width: this.box.width / f, height: this.box.height / f};
    this.apply();
  }

  reset() {
    if (this.home) this.fit(this.home);
  }

  onWheel(e) {
    if (!this.box) return;
    e.preventDefault();
    this.zoom(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), e.clientX, e.clientY);
  }

  onDown(e) {
    if (e.button !== 0 || !this.box) return;
    this.dragging = {id: e.pointerId, x: e.clientX, y: e.clientY, box: {...this.box}, moved: false};
  }

  onMove(e) {
    const d = this.dragging;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x, dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!d.moved) {
      d.moved = true;
      this.svg.setPointerCapture(e.pointerId);
      this.svg.classList.add('panning');
    }
    const scale = this.scale();
    this.box = {...d.box, x: d.box.x - dx / scale, y: d.box.y - dy / scale};
    this.apply();
  }

  onUp(e) {
    const d = this.dragging;
    if (!d || d.id !== e.pointerId) return;
    if (d.moved) {
      this.justDragged = true;
      this.svg.classList.remove('panning');
      setTimeout(() => (this.justDragged = false), 0);
    }
    this.dragging = null;
  }
}

// The tooltip over the board: what a counter or a location holds, in words.
// Built with text nodes only (game data is not markup).

function valuesText(values) {
  return Object.entries(values || {})
    .filter(([, v]) => v !== '' && v !== null && typeof v !== 'object')
    .map(([k, v]) => `${k.replace(/_/g, ' ')} ${v === true ? 'yes' : v === false ? 'no' : v}`)
    .join(', ');
}

function pieceLines(model, piece) {
  if (piece.hidden) {
    const seen = piece.remembered ? piece.remembered.label || piece.remembered.name : '';
    return [el('div', {class: 'tip-piece'}, `a hidden ${model.sideTitle(piece.owner)} piece${seen ? ` (seen: ${seen})` : ''}`)];
  }
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
    else if (hidden) key = 'h' + hidden.getAttribute('data-hidden-owner') + ':' + (hidden.getAttribute('data-remembered') || '');
    else if (location) key = 'l' + location.getAttribute('data-location');
    if (!key) return this.hide();
    if (key !== this.key) {
      this.key = key;
      const content = piece ? this.pieceContent(Number(piece.getAttribute('data-piece')))
        : hidden ? pieceLines(this.board.model, {hidden: true, owner: hidden.getAttribute('data-hidden-owner'),
          remembered: hidden.hasAttribute('data-remembered') ? {label: hidden.getAttribute('data-remembered')} : null})
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

// Rolls and draws shown as they happen: a small card over the board for
// each, with a die or a card drawn beside the event's words, fading after a
// few seconds. The log keeps them all; this is so nobody misses one.

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
