// Placing pieces: how a piece is drawn (counter or card, face or back), how
// identical pieces are gathered into one stack with a count, and how a
// location's pieces are laid out in a hex (one offset stack), in an area or
// tray (a grid of stacks). Every drawn piece with an id gets data-piece and
// is remembered, so the page can light it up and the tooltip can name it.

import {r2, svg} from './dom.js';
import {CARD_H, CARD_W, COUNTER, drawCard, drawCardBack, drawCounter, drawHiddenBack} from './counters.js';

const STACK_STEP = 4; // the offset between pieces of one stack
const SMALLEST = 12; // the counters of a crowded area shrink to this at most (a tooltip names each)

export class PieceRegistry {
  constructor() {
    this.elements = new Map(); // piece id -> [elements]
    this.info = new Map(); // piece id -> {piece, location}
    this.standIns = new Map(); // piece id -> the drawn element of its stack, for pieces not drawn
  }

  // The elements that show a piece: its own, or its stack's top one.
  shown(id) {
    const own = this.elements.get(id);
    if (own && own.length) return own;
    const standIn = this.standIns.get(id);
    return standIn ? [standIn] : [];
  }

  add(id, element, piece, location) {
    if (!this.elements.has(id)) this.elements.set(id, []);
    this.elements.get(id).push(element);
    this.info.set(id, {piece, location});
  }
}

// Whether pieces show as cards: in a game without a map every piece is a
// card; elsewhere a piece with text shown off the map, or of a card type.
export function showsAsCard(model, piece, onMap) {
  if (!model.maps.length) return true;
  const type = model.types.get(piece.type);
  if (type && type.kind === 'card') return true;
  return !onMap && Boolean(piece.text);
}

// One piece (or a hidden back) at (x, y).
// data-at names the piece's location (for tests and for the tooltip).
export function drawPiece(model, registry, piece, location, x, y, asCard, size = COUNTER) {
  let g;
  if (piece.hidden) {
    // A hidden piece the reader saw, which has neither moved nor changed
    // since (the view's `remembered`): its face as it was seen, drawn as a
    // memory, not a sight.
    const seen = piece.remembered;
    if (seen) {
      g = asCard ? drawCard(model, seen, x, y) : drawCounter(model, seen, x, y, size);
      g.classList.add('remembered');
      g.setAttribute('data-remembered', seen.label || seen.name || '');
    } else {
      g = asCard ? drawCardBack(model, piece.owner, x, y) : drawHiddenBack(model, piece.owner, x, y, size);
    }
    g.setAttribute('data-hidden-owner', piece.owner || '');
    g.setAttribute('data-at', location);
    return g;
  }
  g = asCard ? drawCard(model, piece, x, y) : drawCounter(model, piece, x, y, size);
  g.setAttribute('data-at', location);
  if (piece.id !== undefined) {
    g.setAttribute('data-piece', String(piece.id));
    registry.add(piece.id, g, piece, location);
  }
  return g;
}

// A key that is the same for pieces that look the same.
function lookKey(piece) {
  if (piece.hidden) return `hidden:${piece.owner || ''}:${piece.remembered ? lookKey(piece.remembered) : ''}`;
  return JSON.stringify([piece.type, piece.face, piece.owner, piece.label, piece.text || '', piece.markers || [], piece.counters || {}]);
}

// Identical pieces gathered, in the order each look first appears.
export function groupPieces(pieces) {
  const groups = new Map();
  for (const piece of pieces) {
    const key = lookKey(piece);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(piece);
  }
  return [...groups.values()];
}

// The pieces of a hex: one stack centred on (cx, cy), bottom piece first.
export function drawHexStack(model, registry, location, pieces, cx, cy, layer) {
  const n = pieces.length;
  const span = (Math.min(n, 6) - 1) * STACK_STEP;
  pieces.forEach((piece, i) => {
    const k = Math.min(i, 5);
    const x = cx - COUNTER / 2 - span / 2 + k * STACK_STEP;
    const y = cy - COUNTER / 2 + span / 2 - k * STACK_STEP;
    layer.appendChild(drawPiece(model, registry, piece, location, x, y, false));
  });
  if (n > 6) layer.appendChild(countBadge(n, cx + COUNTER / 2 + span / 2, cy - COUNTER / 2 - span / 2));
}

function countBadge(n, x, y) {
  const g = svg('g', {class: 'count-badge'});
  g.appendChild(svg('circle', {cx: r2(x), cy: r2(y), r: 8}));
  g.appendChild(svg('text', {x: r2(x), y: r2(y + 3), 'text-anchor': 'middle'}, `${n}`));
  return g;
}

// How big a grid of stacks will be in a given width, with counters of `size`.
// `extent` is how far down its last row's pieces reach.
export function gridSize(model, pieces, width, onMap, size = COUNTER) {
  const groups = groupPieces(pieces);
  if (!groups.length) return {height: 0, extent: 0, columns: 1, cellW: 0, cellH: 0, groups, size};
  const cards = showsAsCard(model, groups[0][0], onMap);
  const cellW = cards ? CARD_W + 10 : size + 14;
  const cellH = (cards ? CARD_H : size) + 18; // room for the stack and tags
  const columns = Math.max(1, Math.floor(width / cellW));
  const rows = Math.ceil(groups.length / columns);
  const extent = 12 + (rows - 1) * cellH + (cards ? CARD_H : size);
  return {height: rows * cellH, extent, columns, cellW, cellH, groups, cards, size};
}

// The pieces of an area or tray as a grid of stacks from (x, y) in a width.
// Within a `height` (an area's box) the counters shrink until they fit.
export function drawPieceGrid(model, registry, location, pieces, x, y, width, layer, onMap, height = Infinity) {
  let grid = gridSize(model, pieces, width, onMap);
  for (let size = COUNTER - 4; grid.extent > height && !grid.cards && size >= SMALLEST; size -= 4) {
    grid = gridSize(model, pieces, width, onMap, size);
  }
  grid.groups.forEach((group, i) => {
    const col = i % grid.columns, row = Math.floor(i / grid.columns);
    const shown = group.slice(-3); // a stack shows at most three layers
    const baseX = x + col * grid.cellW, baseY = y + row * grid.cellH + 12;
    const ids = group.filter((p) => p.id !== undefined).map((p) => p.id).join(' ');
    let top = null;
    shown.forEach((piece, k) => {
      // Pieces beneath the top one are drawn (and carry data-piece) too,
      // so each can be found and chosen.
      top = drawPiece(model, registry, piece, location, baseX + k * 3, baseY - k * 3, showsAsCard(model, piece, onMap), grid.size);
      if (group.length > 1 && ids) top.setAttribute('data-stack', ids);
      layer.appendChild(top);
    });
    // The pieces under the third stand behind the stack's top one.
    for (const piece of group.slice(0, -3)) {
      if (piece.id === undefined) continue;
      registry.info.set(piece.id, {piece, location});
      registry.standIns.set(piece.id, top);
    }
    if (group.length > 1) {
      const w = grid.cards ? CARD_W : grid.size;
      layer.appendChild(countBadge(group.length, baseX + w + (shown.length - 1) * 3, baseY - (shown.length - 1) * 3));
    }
  });
  return grid.height;
}
