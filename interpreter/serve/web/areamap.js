// An area map as SVG: each area a rounded box placed at its x/y (grid units
// of the game's data, scaled), its title at the top and room below for its
// pieces; connections as lines between the boxes' edges, with an arrowhead
// where they are directed and their attributes (a die, a range) written at
// the middle. Areas without x/y are laid out here: in a grid under the placed
// ones, in the map's order, so the same map always looks the same.

import {r2, svg} from './dom.js';
import {defaultLineColour, hashString} from './colours.js';

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
