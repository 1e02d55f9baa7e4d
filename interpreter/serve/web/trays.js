// The board beside the map: off-map locations (boxes, decks, cups, hands,
// piles) as labelled trays showing their pieces, and tracks as a row of
// numbered boxes with a marker at the value. Each is built as a block of
// known size so board.js can arrange the blocks around the maps.

import {r2, svg} from './dom.js';
import {CARD_H, CARD_W, drawHiddenPile, fitText, wrapText} from './counters.js';
import {drawPieceGrid, showsAsCard} from './pieces.js';

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
