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

import {r2, svg} from './dom.js';

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
