// The game's maps as SVG, drawn once (a map never changes): hex maps and
// area maps. Each drawing is a group with its size and its cells (each
// location's geometry and element), which board.js places the pieces on
// and lights up.

import {r2, svg} from './dom.js';
import {defaultLineColour, hashString} from './model.js';

// A hex map as SVG, with the geometry of interpreter/maps/hex_grid.h:
//   flat   flat-topped hexes, columns vertical; `offset` names which printed
//          columns (odd or even column numbers) are shifted down half a hex;
//   pointy pointy-topped hexes, rows horizontal; `offset` names which printed
//          rows are shifted right half a hex.
// The parity is that of the printed number, not of the index from the first
// column, exactly as HexGrid::to_cube takes it.
//
// Layers, bottom to top: terrain, hexsides, roads, printed numbers and place
// names; the pieces are drawn by board.js on a layer above every map.

export const HEX_SIZE = 46; // centre to corner

export class HexGeometry {
  constructor(map, size = HEX_SIZE) {
    this.size = size;
    this.flat = map.orientation !== 'pointy';
    this.shiftOdd = map.offset !== 'even';
    this.firstColumn = map.first_column ?? 1;
    this.firstRow = map.first_row ?? 1;
    this.columns = map.columns;
    this.rows = map.rows;
    this.w = this.flat ? 2 * size : Math.sqrt(3) * size; // a hex's width
    this.h = this.flat ? Math.sqrt(3) * size : 2 * size; // and height
  }

  shifted(number) {
    return (Math.abs(number) % 2 === 1) === this.shiftOdd;
  }

  centre(column, row) {
    const c = column - this.firstColumn, r = row - this.firstRow;
    if (this.flat) {
      return {x: this.size + c * 1.5 * this.size, y: this.h / 2 + r * this.h + (this.shifted(column) ? this.h / 2 : 0)};
    }
    return {x: this.w / 2 + c * this.w + (this.shifted(row) ? this.w / 2 : 0), y: this.size + r * 1.5 * this.size};
  }

  corners(cx, cy) {
    const points = [];
    for (let i = 0; i < 6; i++) {
      const angle = (Math.PI / 180) * (60 * i + (this.flat ? 0 : 30));
      points.push([cx + this.size * Math.cos(angle), cy + this.size * Math.sin(angle)]);
    }
    return points;
  }

  // The size of the whole map: every shifted column or row adds half a hex.
  extent() {
    if (this.flat) return {width: this.size * (1.5 * this.columns + 0.5), height: this.h * (this.rows + (this.columns > 1 ? 0.5 : 0))};
    return {width: this.w * (this.columns + (this.rows > 1 ? 0.5 : 0)), height: this.size * (1.5 * this.rows + 0.5)};
  }
}

function pointsAttr(points) {
  return points.map(([x, y]) => `${r2(x)},${r2(y)}`).join(' ');
}

// The shared edge of two adjacent hexes: perpendicular to the line between
// their centres, through its midpoint, one side's length long.
export function sharedEdge(a, b, size) {
  const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
  const dx = b.x - a.x, dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  const px = (-dy / len) * (size / 2), py = (dx / len) * (size / 2);
  return [mx - px, my - py, mx + px, my + py];
}

// Draws the map. Returns {group, width, height, cells}: cells maps a
// location id to its centre {x, y}, its hex polygon's points and its group.
export function drawHexMap(model, map) {
  const geometry = new HexGeometry(map);
  const {width, height} = geometry.extent();
  const group = svg('g', {class: 'map hex-map', 'data-map': map.id});
  const terrain = svg('g', {class: 'terrain'});
  const sides = svg('g', {class: 'hexsides'});
  const roads = svg('g', {class: 'roads'});
  const labels = svg('g', {class: 'hex-labels'});
  const cells = new Map();
  const centreByLabel = new Map();

  for (const hex of map.hexes || []) {
    const c = geometry.centre(hex.column, hex.row);
    centreByLabel.set(hex.label, c);
    const points = pointsAttr(geometry.corners(c.x, c.y));
    const location = hex.location || hex.label;
    const cell = svg('g', {class: 'location hex', 'data-location': location});
    cell.appendChild(svg('polygon', {points, fill: model.terrainFill(hex.terrain), class: 'hex-fill'}));
    const image = model.terrainImage(hex.terrain);
    if (image) {
      cell.appendChild(svg('image', {href: image, x: r2(c.x - geometry.w / 2), y: r2(c.y - geometry.h / 2),
        width: r2(geometry.w), height: r2(geometry.h), preserveAspectRatio: 'xMidYMid slice', 'clip-path': null, class: 'terrain-image'}));
    }
    terrain.appendChild(cell);
    cells.set(location, {x: c.x, y: c.y, points, element: cell, hex});
    labels.appendChild(svg('text', {x: r2(c.x), y: r2(c.y - geometry.h / 2 + 9), class: 'hex-number', 'text-anchor': 'middle'}, hex.label));
    const names = hex.names || [];
    names.forEach((name, i) => {
      labels.appendChild(svg('text', {x: r2(c.x), y: r2(c.y + geometry.h / 2 - 6 - (names.length - 1 - i) * 9), class: 'place-name',
        'text-anchor': 'middle'}, name));
    });
  }

  for (const side of map.hexsides || []) {
    const a = centreByLabel.get(side.a), b = centreByLabel.get(side.b);
    if (!a || !b) continue;
    const [x1, y1, x2, y2] = sharedEdge(a, b, geometry.size);
    sides.appendChild(svg('line', {x1: r2(x1), y1: r2(y1), x2: r2(x2), y2: r2(y2), stroke: model.hexsideColour(side.feature),
      class: 'hexside', 'data-feature': side.feature}));
  }

  for (const road of map.roads || []) {
    const a = centreByLabel.get(road.a), b = centreByLabel.get(road.b);
    if (!a || !b) continue;
    const kinds = road.kinds || [];
    kinds.forEach((kind, i) => {
      const shift = (i - (kinds.length - 1) / 2) * 4; // two kinds on one step run side by side
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const ox = (-(b.y - a.y) / len) * shift, oy = ((b.x - a.x) / len) * shift;
      roads.appendChild(svg('line', {x1: r2(a.x + ox), y1: r2(a.y + oy), x2: r2(b.x + ox), y2: r2(b.y + oy),
        stroke: model.roadColour(kind), class: 'road', 'data-kind': kind}));
    });
  }

  group.append(terrain, sides, roads, labels);
  return {group, width, height, cells, geometry};
}

// An area map as SVG: each area a rounded box placed at its x/y (grid units
// of the game's data, scaled), its title at the top and room below for its
// pieces; connections as lines between the boxes' edges, with an arrowhead
// where they are directed and their attributes (a die, a range) written at
// the middle. Areas without x/y are laid out here: in a grid under the placed
// ones, in the map's order, so the same map always looks the same.

export const AREA_W = 176;
export const AREA_H = 112;
const STEP_X = 212;
const STEP_Y = 146;
const MARGIN = 16;

// Grid positions {col, row} for every area, by id.
export function layoutAreas(areas) {
  const placed = areas.filter((a) => Number.isFinite(a.x) && Number.isFinite(a.y));
  const unplaced = areas.filter((a) => !(Number.isFinite(a.x) && Number.isFinite(a.y)));
  const positions = new Map();
  let minX = 0, minY = 0, maxY = -1, maxX = 0;
  if (placed.length) {
    minX = Math.min(...placed.map((a) => a.x));
    minY = Math.min(...placed.map((a) => a.y));
    maxX = Math.max(...placed.map((a) => a.x));
    maxY = Math.max(...placed.map((a) => a.y));
  }
  for (const a of placed) positions.set(a.id, {col: a.x - minX, row: a.y - minY});
  const perRow = placed.length ? Math.max(1, Math.round(maxX - minX) + 1) : Math.max(1, Math.ceil(Math.sqrt(unplaced.length)));
  const firstRow = placed.length ? Math.round(maxY - minY) + 1 : 0;
  unplaced.forEach((a, i) => positions.set(a.id, {col: i % perRow, row: firstRow + Math.floor(i / perRow)}));
  return positions;
}

// Where a ray from the centre of a box toward (dx, dy) leaves it.
function edgePoint(cx, cy, dx, dy, inset = 0) {
  const hw = AREA_W / 2 + inset, hh = AREA_H / 2 + inset;
  const t = Math.min(dx ? hw / Math.abs(dx) : Infinity, dy ? hh / Math.abs(dy) : Infinity);
  return {x: cx + dx * t, y: cy + dy * t};
}

function connectionLabel(attributes) {
  if (!attributes) return '';
  const a = attributes;
  if (a.die && a.die !== 'none') {
    if (a.parity) return `${a.die} ${a.parity}`;
    if (a.low !== undefined && a.high !== undefined) return `${a.die} ${a.low}-${a.high}`;
    return String(a.die);
  }
  return '';
}

// Draws the map. Returns {group, width, height, cells, defs}: cells maps a
// location id to its box {x, y, width, height} and group.
export function drawAreaMap(model, map) {
  const areas = map.areas || [];
  const positions = layoutAreas(areas);
  const group = svg('g', {class: 'map area-map', 'data-map': map.id});
  const boxes = svg('g', {class: 'areas'});
  const links = svg('g', {class: 'connections'});
  const cells = new Map();
  const centres = new Map();
  let width = 0, height = 0;

  for (const area of areas) {
    const p = positions.get(area.id);
    const x = MARGIN + p.col * STEP_X, y = MARGIN + p.row * STEP_Y;
    width = Math.max(width, x + AREA_W + MARGIN);
    height = Math.max(height, y + AREA_H + MARGIN);
    const location = area.location || area.id;
    centres.set(area.id, {x: x + AREA_W / 2, y: y + AREA_H / 2});
    const cell = svg('g', {class: 'location area', 'data-location': location});
    cell.appendChild(svg('rect', {x, y, width: AREA_W, height: AREA_H, rx: 10, fill: model.areaFill(area), class: 'area-fill'}));
    cell.appendChild(svg('text', {x: x + 10, y: y + 17, class: 'area-title'}, area.title || area.id));
    boxes.appendChild(cell);
    cells.set(location, {x, y, width: AREA_W, height: AREA_H, element: cell, area});
  }

  const pairs = new Set((map.connections || []).map((c) => `${c.from}>${c.to}`));
  const kinds = new Set();
  for (const c of map.connections || []) {
    const a = centres.get(c.from), b = centres.get(c.to);
    if (!a || !b) continue;
    const kind = (c.attributes && c.attributes.kind) || (c.directed ? 'arrow' : 'link');
    kinds.add(kind);
    let dx = b.x - a.x, dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    // A pair joined both ways: the two lines side by side, not on top of each other.
    const both = pairs.has(`${c.to}>${c.from}`);
    const shift = both ? 5 : 0;
    const ox = (-dy / len) * shift, oy = (dx / len) * shift;
    const start = edgePoint(a.x + ox, a.y + oy, dx, dy, 2);
    const end = edgePoint(b.x + ox, b.y + oy, -dx, -dy, c.directed ? 5 : 2);
    const colour = defaultLineColour(kind);
    const line = svg('line', {x1: r2(start.x), y1: r2(start.y), x2: r2(end.x), y2: r2(end.y), stroke: colour,
      class: `connection kind-${hashString(kind) % 1000}` + (c.directed ? ' directed' : ''), 'data-kind': kind,
      'marker-end': c.directed ? `url(#arrow-${hashString(kind) % 1000})` : null});
    links.appendChild(line);
    const label = connectionLabel(c.attributes);
    if (label) {
      const t = 0.5 + (both ? 0.08 : 0);
      links.appendChild(svg('text', {x: r2(start.x + (end.x - start.x) * t), y: r2(start.y + (end.y - start.y) * t + 3),
        class: 'connection-label', 'text-anchor': 'middle'}, label));
    }
  }

  const defs = svg('defs');
  for (const kind of kinds) {
    const marker = svg('marker', {id: `arrow-${hashString(kind) % 1000}`, viewBox: '0 0 10 10', refX: 8, refY: 5,
      markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse'});
    marker.appendChild(svg('path', {d: 'M0 0 L10 5 L0 10 Z', fill: defaultLineColour(kind)}));
    defs.appendChild(marker);
  }

  // Connections under the boxes' contents but over the sea between them.
  group.append(links, boxes);
  return {group, width, height, cells, defs};
}
