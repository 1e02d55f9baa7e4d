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
import {drawHexMap} from './hexmap.js';
import {drawAreaMap} from './areamap.js';
import {buildTrack, buildTray, TRAY_W} from './trays.js';
import {drawHexStack, drawPieceGrid, PieceRegistry} from './pieces.js';

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
