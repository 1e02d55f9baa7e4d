// The page's hex geometry (interpreter/serve/web/maps.js) against the
// kernel's (interpreter/maps/hex_grid.cc, HexGrid::to_cube): for every
// orientation, offset and first column and row, two hexes are drawn side by
// side (centres one hex width apart) exactly when the kernel calls them
// adjacent, and every hex lies inside the map's drawn extent. No browser.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {HexGeometry, sharedEdge} from '../../interpreter/serve/web/maps.js';

// HexGrid::to_cube, as written in hex_grid.cc.
function toCube(flat, odd, column, row) {
  let q, r;
  if (flat) {
    q = column;
    r = odd ? row - (column - (column & 1)) / 2 : row - (column + (column & 1)) / 2;
  } else {
    q = odd ? column - (row - (row & 1)) / 2 : column - (row + (row & 1)) / 2;
    r = row;
  }
  return [q, r, -q - r];
}

for (const orientation of ['flat', 'pointy']) {
  for (const offset of ['odd', 'even']) {
    test(`hex geometry: ${orientation}, ${offset} offset, as the kernel's`, () => {
      for (const [firstColumn, firstRow] of [[0, 0], [1, 1], [2, 1], [1, 2]]) {
        const map = {orientation, offset, first_column: firstColumn, first_row: firstRow, columns: 6, rows: 5};
        const size = 10;
        const g = new HexGeometry(map, size);
        const cells = [];
        for (let c = firstColumn; c < firstColumn + map.columns; c++) {
          for (let r = firstRow; r < firstRow + map.rows; r++) {
            cells.push({c, r, cube: toCube(orientation === 'flat', offset === 'odd', c, r), p: g.centre(c, r)});
          }
        }
        const extent = g.extent();
        for (const a of cells) {
          assert.ok(a.p.x - g.w / 2 > -1e-6 && a.p.x + g.w / 2 < extent.width + 1e-6, `${a.c},${a.r} inside across`);
          assert.ok(a.p.y - g.h / 2 > -1e-6 && a.p.y + g.h / 2 < extent.height + 1e-6, `${a.c},${a.r} inside down`);
          for (const b of cells) {
            if (a === b) continue;
            const kernel = Math.max(...[0, 1, 2].map((i) => Math.abs(a.cube[i] - b.cube[i]))) === 1;
            const drawn = Math.abs(Math.hypot(a.p.x - b.p.x, a.p.y - b.p.y) - Math.sqrt(3) * size) < 1e-6;
            assert.equal(drawn, kernel, `${a.c},${a.r} and ${b.c},${b.r}`);
            if (kernel) {
              // The shared edge's ends are corners of both hexes.
              const [x1, y1, x2, y2] = sharedEdge(a.p, b.p, size);
              for (const [x, y] of [[x1, y1], [x2, y2]]) {
                assert.ok(Math.abs(Math.hypot(x - a.p.x, y - a.p.y) - size) < 1e-6);
                assert.ok(Math.abs(Math.hypot(x - b.p.x, y - b.p.y) - size) < 1e-6);
              }
            }
          }
        }
      }
    });
  }
}
