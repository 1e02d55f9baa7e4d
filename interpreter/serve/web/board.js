// The whole board as one SVG: the maps (drawn once: they never change), the
// trays and tracks arranged beside them, every piece where the view puts it,
// and a top layer for the marks that show what can be chosen. render() is
// called with each new view; the page's marks are set again after it.
//
// Arrangement: maps one under the other, with the trays and tracks in
// columns to their right; a game without a map gets its trays in three
// balanced columns. Everything is placed from the data alone, so the same
// game always looks the same.

import {clear, r2, svg, SVG_NS} from './dom.js';
import {drawAreaMap, drawHexMap} from './maps.js';
import {drawHexStack, drawPieceGrid, PieceRegistry, showsAsCard} from './pieces.js';
import {CARD_H, CARD_W, drawHiddenPile, fitText, wrapText} from './counters.js';

const GAP = 22;
const MAP_TITLE = 24;

export class Board {
  constructor(model, host) {
    this.model = model;
    // Top-aligned: a wide board leaves its spare room below, not above.
    this.root = svg('svg', {class: 'board', xmlns: SVG_NS, role: 'img', 'aria-label': model.title, preserveAspectRatio: 'xMidYMin meet'});
    this.defs = svg('defs');
    this.viewport = svg('g', {class: 'viewport'});
    this.mapsLayer = svg('g', {class: 'maps'});
    this.traysLayer = svg('g', {class: 'trays'});
    this.piecesLayer = svg('g', {class: 'pieces'});
    this.marksLayer = svg('g', {class: 'marks'});
    // Marks lie under the map's pieces, so a lit hex does not tint its counters.
    this.viewport.append(this.mapsLayer, this.traysLayer, this.marksLayer, this.piecesLayer);
    this.root.append(this.defs, this.viewport);
    host.appendChild(this.root);
    this.cells = new Map(); // location id -> {kind: 'hex'|'area', ...geometry, element}
    this.trays = new Map(); // location id -> {x, y, width, height, element}
    this.registry = new PieceRegistry();
    this.seen = new Map(); // location id -> the view's location
    this.drawMaps();
  }

  drawMaps() {
    let y = 0;
    let width = 0;
    for (const map of this.model.maps) {
      const drawn = map.kind === 'hex' ? drawHexMap(this.model, map) : drawAreaMap(this.model, map);
      if (drawn.defs) this.defs.appendChild(drawn.defs);
      const holder = svg('g', {transform: `translate(0 ${r2(y + MAP_TITLE)})`});
      this.mapsLayer.appendChild(svg('text', {x: 2, y: r2(y + 16), class: 'map-title'}, map.title || map.id));
      holder.appendChild(svg('rect', {x: -4, y: -4, width: r2(drawn.width + 8), height: r2(drawn.height + 8), rx: 6, class: 'map-frame'}));
      holder.appendChild(drawn.group);
      this.mapsLayer.appendChild(holder);
      for (const [id, cell] of drawn.cells) {
        const offsetY = y + MAP_TITLE;
        if (map.kind === 'hex') this.cells.set(id, {kind: 'hex', x: cell.x, y: cell.y + offsetY, offsetY, points: cell.points, element: cell.element, hex: cell.hex});
        else this.cells.set(id, {kind: 'area', x: cell.x, y: cell.y + offsetY, width: cell.width, height: cell.height, element: cell.element, area: cell.area});
      }
      width = Math.max(width, drawn.width);
      y += MAP_TITLE + drawn.height + GAP;
    }
    this.mapsWidth = width;
    this.mapsHeight = y;
  }

  // Draws the pieces, trays and tracks of a view (the `view` of /state).
  render(view) {
    this.view = view;
    this.registry = new PieceRegistry();
    this.seen = new Map((view.locations || []).map((l) => [l.id, l]));
    clear(this.traysLayer);
    clear(this.piecesLayer);
    clear(this.marksLayer);
    this.trays.clear();

    for (const [id, cell] of this.cells) {
      const seen = this.seen.get(id);
      const pieces = (seen && seen.pieces) || [];
      if (cell.kind === 'hex') {
        if (pieces.length) drawHexStack(this.model, this.registry, id, pieces, cell.x, cell.y, this.piecesLayer);
      } else if (pieces.length) {
        drawPieceGrid(this.model, this.registry, id, pieces, cell.x + 8, cell.y + 18, cell.width - 16, this.piecesLayer, true, cell.height - 22);
      }
      if (seen && seen.hidden && seen.count) this.piecesLayer.appendChild(hiddenCount(cell, seen.count));
    }

    const blocks = [];
    for (const location of this.model.offMapLocations()) {
      const block = buildTray(this.model, this.registry, location, this.seen.get(location.id));
      blocks.push({...block, location: location.id});
    }
    // Without a map the tracks come first: they are the board's score.
    const values = view.tracks || {};
    const tracks = this.model.tracks.map((track) => buildTrack(track, values[track.id]));
    if (this.model.maps.length) blocks.push(...tracks);
    else blocks.unshift(...tracks);
    this.arrange(blocks);
    for (const block of blocks) {
      block.element.setAttribute('transform', `translate(${r2(block.x)} ${r2(block.y)})`);
      this.traysLayer.appendChild(block.element);
      if (block.location) this.trays.set(block.location, block);
    }
  }

  arrange(blocks) {
    if (this.model.maps.length) {
      const columnHeight = Math.max(this.mapsHeight, 560);
      let x = this.mapsWidth + GAP * 1.5, y = MAP_TITLE;
      for (const block of blocks) {
        if (y > MAP_TITLE && y + block.height > columnHeight) {
          x += TRAY_W + GAP;
          y = MAP_TITLE;
        }
        block.x = x;
        block.y = y;
        y += block.height + GAP / 2;
      }
      this.width = Math.max(this.mapsWidth, x + TRAY_W);
      this.height = Math.max(this.mapsHeight, ...blocks.map((b) => b.y + b.height));
      return;
    }
    const columns = Math.min(3, Math.max(1, blocks.length));
    const heights = new Array(columns).fill(0);
    for (const block of blocks) {
      const c = heights.indexOf(Math.min(...heights));
      block.x = c * (TRAY_W + GAP);
      block.y = heights[c];
      heights[c] += block.height + GAP / 2;
    }
    this.width = columns * (TRAY_W + GAP) - GAP;
    this.height = Math.max(...heights);
  }

  bounds() {
    return {x: -10, y: -10, width: (this.width || 400) + 20, height: (this.height || 300) + 20};
  }

  // What the tooltip says of a location: its title, terrain, place names,
  // summary and pieces.
  locationInfo(id) {
    const cell = this.cells.get(id);
    const seen = this.seen.get(id);
    const board = this.model.locations.get(id);
    return {
      id,
      title: (seen && seen.title) || (board && board.title) || (cell && cell.area && cell.area.title) || id,
      terrain: cell && cell.hex ? cell.hex.terrain : null,
      names: cell && cell.hex ? cell.hex.names || [] : [],
      attributes: cell && cell.area ? cell.area.attributes || {} : {},
      summary: seen && seen.summary,
      pieces: (seen && seen.pieces) || [],
      count: seen ? seen.count : 0,
      hidden: Boolean(seen && seen.hidden),
    };
  }

  pieceInfo(id) {
    return this.registry.info.get(id) || null;
  }

  // Marks: a class on the piece or location, and for locations an outline
  // on the top layer (a hex's own outline is half covered by its neighbours).
  clearMarks() {
    clear(this.marksLayer);
    for (const node of this.root.querySelectorAll('.choosable, .selected, .target, .hinted')) {
      node.classList.remove('choosable', 'selected', 'target', 'hinted');
    }
  }

  markPiece(id, cls) {
    for (const element of this.registry.shown(id)) element.classList.add(cls);
  }

  markLocation(id, cls) {
    const cell = this.cells.get(id);
    const tray = this.trays.get(id);
    const element = (cell && cell.element) || (tray && tray.element);
    if (!element) return false;
    element.classList.add(cls);
    let outline;
    if (cell && cell.kind === 'hex') {
      outline = svg('polygon', {points: cell.points, transform: `translate(0 ${r2(cell.offsetY)})`});
    } else if (cell) {
      outline = svg('rect', {x: cell.x, y: cell.y, width: cell.width, height: cell.height, rx: 10});
    } else {
      outline = svg('rect', {x: tray.x, y: tray.y, width: tray.width, height: tray.height, rx: 8});
    }
    // A tray's pieces are inside it, under the marks: its mark is an outline only.
    outline.setAttribute('class', `mark mark-${cls}` + (cell ? '' : ' mark-outline'));
    this.marksLayer.appendChild(outline);
    return true;
  }

  // Where a location is drawn, as a point (for scrolling it into view).
  locationCentre(id) {
    const cell = this.cells.get(id);
    if (cell && cell.kind === 'hex') return {x: cell.x, y: cell.y};
    if (cell) return {x: cell.x + cell.width / 2, y: cell.y + cell.height / 2};
    const tray = this.trays.get(id);
    return tray ? {x: tray.x + tray.width / 2, y: tray.y + tray.height / 2} : null;
  }
}

function hiddenCount(cell, count) {
  const x = cell.kind === 'hex' ? cell.x : cell.x + cell.width - 16;
  const y = cell.kind === 'hex' ? cell.y : cell.y + 14;
  const g = svg('g', {class: 'count-badge'});
  g.appendChild(svg('circle', {cx: r2(x), cy: r2(y), r: 9}));
  g.appendChild(svg('text', {x: r2(x), y: r2(y + 3), 'text-anchor': 'middle'}, `${count}`));
  return g;
}

// The board beside the map: off-map locations (boxes, decks, cups, hands,
// piles) as labelled trays showing their pieces, and tracks as a row of
// numbered boxes with a marker at the value. Each is built as a block of
// known size, for arrange() to place around the maps.

export const TRAY_W = 356;
const HEADER = 24;
const PAD = 8;
const TRACK_BOX = 19;
const LONGEST_TRACK = 31; // longer tracks show their value in one box

// A pile shows its top card and how many are under it; a box or hand shows all.
function isPile(kind) {
  return kind === 'deck' || kind === 'pile' || kind === 'cup';
}

// The tray of one location. `seen` is the view's location (pieces, count,
// hidden, summary); returns {element, width, height} drawn at (0, 0).
export function buildTray(model, registry, boardLocation, seen) {
  const kind = (seen && seen.kind) || boardLocation.kind || 'box';
  const title = (seen && seen.title) || boardLocation.title || boardLocation.id;
  const pieces = (seen && seen.pieces) || [];
  const count = seen ? seen.count : 0;
  const g = svg('g', {class: `location tray tray-${kind}`, 'data-location': boardLocation.id});
  const body = svg('rect', {x: 0, y: 0, width: TRAY_W, height: 0, rx: 8, class: 'tray-body'});
  g.appendChild(body);
  g.appendChild(svg('text', {x: PAD + 2, y: 16, class: 'tray-title'}, fitText(title, TRAY_W - 60, 11, true)));
  g.appendChild(svg('text', {x: TRAY_W - PAD, y: 16, class: 'tray-count', 'text-anchor': 'end'}, `${count}`));
  let y = HEADER;

  if (seen && seen.summary) {
    const lines = wrapText(seen.summary, TRAY_W - 2 * PAD, 8.5, 3);
    const text = svg('text', {x: PAD + 2, y: y + 6, class: 'tray-summary'});
    lines.forEach((line, i) => text.appendChild(svg('tspan', {x: PAD + 2, dy: i ? 10.5 : 0}, line)));
    g.appendChild(text);
    y += lines.length * 10.5 + 4;
  }

  const layer = svg('g', {class: 'tray-pieces'});
  g.appendChild(layer);
  if ((seen && seen.hidden) || (isPile(kind) && pieces.length === 0 && count > 0)) {
    g.appendChild(drawHiddenPile(count, PAD + 2, y + 4, kind === 'cup' ? 70 : 82, 62, kind === 'cup'));
    y += 72;
  } else if (isPile(kind) && pieces.length > 1) {
    // The top card, and the pile under it as a count.
    const top = pieces[pieces.length - 1];
    const card = showsAsCard(model, top, false);
    const w = card ? CARD_W : 40, h = card ? CARD_H : 40;
    g.appendChild(drawHiddenPile(pieces.length - 1, PAD + 2, y + 12, w + 6, h + 6));
    y += drawPieceGrid(model, registry, boardLocation.id, [top], PAD + 2 + w + 18, y, TRAY_W - w - 30, layer, false) + 4;
  } else if (pieces.length) {
    y += drawPieceGrid(model, registry, boardLocation.id, pieces, PAD + 2, y, TRAY_W - 2 * PAD, layer, false) + 2;
  } else {
    g.appendChild(svg('text', {x: PAD + 2, y: y + 14, class: 'tray-empty'}, 'empty'));
    y += 22;
  }
  const height = Math.max(y + PAD, 60);
  body.setAttribute('height', r2(height));
  return {element: g, width: TRAY_W, height};
}

// A track: its title and a row of numbered boxes, the value's box marked.
export function buildTrack(track, value) {
  const g = svg('g', {class: 'track', 'data-track': track.id});
  const min = Number(track.min), max = Number(track.max);
  const span = max - min + 1;
  const has = typeof value === 'number';
  g.appendChild(svg('text', {x: 2, y: 12, class: 'track-title'}, fitText(track.title || track.id, TRAY_W - 40, 10.5, true)));
  if (!(span > 0 && span <= LONGEST_TRACK)) {
    g.appendChild(svg('rect', {x: 0, y: 18, width: 64, height: 24, rx: 4, class: 'track-box marked'}));
    g.appendChild(svg('text', {x: 32, y: 34.5, class: 'track-value', 'text-anchor': 'middle'}, has ? String(value) : '–'));
    return {element: g, width: TRAY_W, height: 48};
  }
  const boxW = Math.min(TRACK_BOX, (TRAY_W - 4) / span);
  for (let i = 0; i < span; i++) {
    const n = min + i;
    const marked = has && n === value;
    g.appendChild(svg('rect', {x: r2(i * boxW), y: 18, width: r2(boxW), height: 24, class: 'track-box' + (marked ? ' marked' : '')}));
    g.appendChild(svg('text', {x: r2(i * boxW + boxW / 2), y: 27, class: 'track-number', 'text-anchor': 'middle'}, String(n)));
    if (marked) g.appendChild(svg('circle', {cx: r2(i * boxW + boxW / 2), cy: 35, r: r2(Math.min(6, boxW / 2 - 1.5)), class: 'track-marker'}));
  }
  return {element: g, width: TRAY_W, height: 48};
}
