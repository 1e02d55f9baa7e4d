// Pieces as drawn on the board: a counter (a square in its owner's colour
// with a symbol and its printed values along the bottom), a card (for card
// games and for pieces with text in trays), the blank back of a hidden piece
// and of a hidden deck or cup. Each returns an SVG group whose top-left is at
// (x, y); the caller adds data-piece and the classes that make it choosable.

import {r2, svg} from './dom.js';
import {shade, textOn} from './model.js';

export const COUNTER = 40;
export const CARD_W = 104;
export const CARD_H = 70;

// Roughly how wide a run of text is at a font size: enough to cut long
// names before they spill off a counter (the tooltip has the full text).
function textWidth(text, size, bold = false) {
  return text.length * size * (bold ? 0.6 : 0.55);
}

export function fitText(text, width, size, bold = false) {
  const s = String(text);
  if (textWidth(s, size, bold) <= width) return s;
  const keep = Math.max(1, Math.floor(width / (size * (bold ? 0.6 : 0.55))) - 1);
  return s.slice(0, keep) + '…';
}

// Words broken into at most maxLines lines of the width; the last one cut
// with an ellipsis when the text is longer.
export function wrapText(text, width, size, maxLines) {
  const words = String(text).split(/\s+/).filter(Boolean);
  const lines = [];
  let current = '';
  for (const word of words) {
    const tried = current ? current + ' ' + word : word;
    if (textWidth(tried, size) <= width || !current) {
      current = tried;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = fitText(kept[maxLines - 1] + ' ' + lines[maxLines], width, size);
    if (!kept[maxLines - 1].endsWith('…')) kept[maxLines - 1] += '…';
    return kept;
  }
  return lines.map((l) => fitText(l, width, size));
}

// The printed values to show along the bottom: what the piece's label adds
// to its name ("Syrian Armor 6-4-6" gives "6-4-6", "Grad (CF 2)" gives
// "CF 2"), else attack-defence-movement or the first numbers it has.
export function valueLine(piece) {
  const name = piece.name || '';
  const label = piece.label || '';
  if (label && label !== name) {
    let rest = label.startsWith(name) ? label.slice(name.length).trim() : label;
    if (/^\(.*\)$/.test(rest)) rest = rest.slice(1, -1).trim();
    if (rest) return rest;
  }
  const values = piece.values || {};
  const numeric = (k) => typeof values[k] === 'number';
  const classic = ['attack', 'defence', 'movement'].filter(numeric);
  if (classic.length >= 2) return classic.map((k) => values[k]).join('-');
  const skip = new Set(['steps', 'copies', 'count']);
  const numbers = Object.keys(values).filter((k) => numeric(k) && !skip.has(k)).slice(0, 3);
  return numbers.map((k) => values[k]).join('-');
}

// Markers and numbered counters a piece carries, as short tags.
export function pieceTags(piece) {
  const tags = [...(piece.markers || [])];
  for (const [key, n] of Object.entries(piece.counters || {})) tags.push(`${key} ${n}`);
  return tags;
}

function tagsAbove(tags, x, y, width) {
  const g = svg('g', {class: 'tags'});
  tags.slice(0, 3).forEach((tag, i) => {
    const text = fitText(tag, width + 10, 6.5);
    const w = Math.min(width + 14, textWidth(text, 6.5) + 6);
    const ty = y - 9 - i * 9;
    g.appendChild(svg('rect', {x: r2(x + width - w + 6), y: r2(ty), width: r2(w), height: 8.5, rx: 2, class: 'tag'}));
    g.appendChild(svg('text', {x: r2(x + width + 3), y: r2(ty + 6.4), 'font-size': 6.5, 'text-anchor': 'end', class: 'tag-text'}, text));
  });
  if (tags.length > 3) {
    g.appendChild(svg('text', {x: r2(x + width + 3), y: r2(y - 31), 'font-size': 6.5, 'text-anchor': 'end', class: 'tag-more'}, `+${tags.length - 3}`));
  }
  return g;
}

// A unit or marker counter, size x size.
export function drawCounter(model, piece, x, y, size = COUNTER) {
  const colour = model.sideColour(piece.owner);
  const reduced = model.faceIndex(piece.type, piece.face) > 0;
  const base = piece.owner ? colour : '#e9e3d2';
  const fill = reduced ? shade(base, 0.35) : base;
  const ink = textOn(fill);
  const g = svg('g', {class: 'counter' + (reduced ? ' reduced' : ''), transform: `translate(${r2(x)} ${r2(y)})`});
  g.appendChild(svg('rect', {x: 0, y: 0, width: size, height: size, rx: 3, fill, class: 'counter-body'}));
  if (reduced) {
    // A band across the corner, as a reduced face is striped on printed counters.
    g.appendChild(svg('path', {d: `M${r2(size * 0.55)} 0 H${size} V${r2(size * 0.45)} Z`, fill: base, class: 'reduced-band'}));
  }
  const look = model.typeLook(piece.type, piece.values);
  const fw = size * 0.56, fh = size * 0.34;
  const fx = (size - fw) / 2, fy = size * 0.25;
  if (look.image) {
    g.appendChild(svg('image', {href: look.image, x: r2(size * 0.12), y: r2(size * 0.16), width: r2(size * 0.76),
      height: r2(size * 0.5), preserveAspectRatio: 'xMidYMid meet'}));
  } else {
    g.appendChild(symbolFrame(look, fx, fy, fw, fh, ink, reduced ? shade(fill, 0.55) : shade(fill, 0.72)));
  }
  const name = fitText(piece.name || '', size - 4, 5.6);
  g.appendChild(svg('text', {x: r2(size / 2), y: r2(size * 0.17), 'font-size': 5.6, fill: ink, 'text-anchor': 'middle', class: 'counter-name'}, name));
  const values = valueLine(piece);
  if (values) {
    const vs = values.length > 7 ? 7 : 9.5;
    g.appendChild(svg('text', {x: r2(size / 2), y: r2(size * 0.92), 'font-size': vs, 'font-weight': 700, fill: ink,
      'text-anchor': 'middle', class: 'counter-values'}, fitText(values, size - 3, vs, true)));
  }
  const tags = pieceTags(piece);
  if (tags.length) g.appendChild(tagsAbove(tags, 0, 0, size));
  return g;
}

// The back of a piece the reader may not see: its owner's colour, nothing else.
export function drawHiddenBack(model, owner, x, y, size = COUNTER) {
  const colour = model.sideColour(owner);
  const g = svg('g', {class: 'counter hidden-piece', transform: `translate(${r2(x)} ${r2(y)})`});
  g.appendChild(svg('rect', {x: 0, y: 0, width: size, height: size, rx: 3, fill: colour, class: 'counter-body'}));
  g.appendChild(svg('rect', {x: 4, y: 4, width: size - 8, height: size - 8, rx: 2, fill: 'none', stroke: shade(colour, 0.35), 'stroke-width': 1.2}));
  return g;
}

// A card face: owner band with the name, the value at the right, the text below.
export function drawCard(model, piece, x, y, w = CARD_W, h = CARD_H) {
  const colour = piece.owner ? model.sideColour(piece.owner) : '#8d7b5a';
  const reduced = model.faceIndex(piece.type, piece.face) > 0;
  const g = svg('g', {class: 'card' + (reduced ? ' reduced' : ''), transform: `translate(${r2(x)} ${r2(y)})`});
  g.appendChild(svg('rect', {x: 0, y: 0, width: w, height: h, rx: 5, class: 'card-body'}));
  g.appendChild(svg('path', {d: `M0 5 a5 5 0 0 1 5 -5 H${w - 5} a5 5 0 0 1 5 5 V17 H0 Z`, fill: colour}));
  const values = valueLine(piece);
  // Without text, the value fills the card's face; with text it sits in the band.
  const valueInBand = Boolean(values && piece.text);
  const valueWidth = valueInBand ? textWidth(values, 9, true) + 6 : 0;
  g.appendChild(svg('text', {x: 5, y: 12, 'font-size': 8, 'font-weight': 700, fill: textOn(colour), class: 'card-name'},
    fitText(piece.name || '', w - 10 - valueWidth, 8, true)));
  if (valueInBand) {
    g.appendChild(svg('text', {x: w - 5, y: 12.5, 'font-size': 9, 'font-weight': 700, fill: textOn(colour), 'text-anchor': 'end',
      class: 'card-value'}, fitText(values, w / 2, 9, true)));
  } else if (values) {
    g.appendChild(svg('text', {x: r2(w / 2), y: r2(17 + (h - 17) / 2 + 8), 'font-size': 22, 'font-weight': 700, fill: colour,
      'text-anchor': 'middle', class: 'card-big-value'}, fitText(values, w - 10, 22, true)));
  }
  if (piece.text) {
    const lines = wrapText(piece.text, w - 10, 7, 5);
    const text = svg('text', {x: 5, y: 27, 'font-size': 7, class: 'card-text'});
    lines.forEach((line, i) => text.appendChild(svg('tspan', {x: 5, dy: i === 0 ? 0 : 8.6}, line)));
    g.appendChild(text);
  }
  if (reduced) g.appendChild(svg('path', {d: `M${w - 18} ${h} L${w} ${h - 18} V${h - 5} a5 5 0 0 1 -5 5 Z`, class: 'reduced-corner'}));
  const tags = pieceTags(piece);
  if (tags.length) g.appendChild(tagsAbove(tags, 0, 0, w));
  return g;
}

// A hidden card (owner known, face unknown).
export function drawCardBack(model, owner, x, y, w = CARD_W, h = CARD_H) {
  const colour = owner ? model.sideColour(owner) : '#8d7b5a';
  const g = svg('g', {class: 'card hidden-piece', transform: `translate(${r2(x)} ${r2(y)})`});
  g.appendChild(svg('rect', {x: 0, y: 0, width: w, height: h, rx: 5, fill: colour, class: 'card-back'}));
  g.appendChild(svg('rect', {x: 5, y: 5, width: w - 10, height: h - 10, rx: 3, fill: 'none', stroke: shade(colour, 0.4), 'stroke-width': 1.2}));
  return g;
}

// A deck or cup whose contents are hidden: a pile of blank backs and its count.
export function drawHiddenPile(count, x, y, w, h, cup = false) {
  const g = svg('g', {class: 'hidden-pile', transform: `translate(${r2(x)} ${r2(y)})`});
  const layers = Math.min(3, count);
  for (let i = layers - 1; i >= 0; i--) {
    if (cup) {
      g.appendChild(svg('path', {d: `M${2 + i * 2} ${4 + i * 2} H${w - 2 - i * 2} L${w - 10 - i * 2} ${h - i * 2} H${10 + i * 2} Z`, class: 'pile-back'}));
    } else {
      g.appendChild(svg('rect', {x: i * 3, y: i * 3, width: w - 6, height: h - 6, rx: 5, class: 'pile-back'}));
    }
  }
  if (count === 0) g.appendChild(svg('rect', {x: 0, y: 0, width: w - 6, height: h - 6, rx: 5, class: 'pile-empty'}));
  g.appendChild(svg('text', {x: r2(w / 2), y: r2(h / 2 + 4), 'font-size': 14, 'font-weight': 700, 'text-anchor': 'middle', class: 'pile-count'}, String(count)));
  return g;
}

// NATO-style unit symbols (after APP-6 land unit icons), drawn inside the
// symbol frame of a counter: a w x h rectangle whose top-left is (x, y).
// Lines use the counter's ink colour so they read on any side colour.

function line(x1, y1, x2, y2, ink, width = 1) {
  return svg('line', {x1: r2(x1), y1: r2(y1), x2: r2(x2), y2: r2(y2), stroke: ink, 'stroke-width': width});
}

function path(d, ink, fill = 'none', width = 1) {
  return svg('path', {d, stroke: ink, fill, 'stroke-width': width, 'stroke-linejoin': 'round'});
}

function letters(text, x, y, w, h, ink) {
  return svg(
    'text',
    {x: r2(x + w / 2), y: r2(y + h / 2), 'font-size': r2(h * 0.62), 'font-weight': 700, fill: ink,
      'text-anchor': 'middle', 'dominant-baseline': 'central'},
    text,
  );
}

// Each draws the inside of the frame.
const DRAW = {
  infantry: (x, y, w, h, ink) => [line(x, y, x + w, y + h, ink), line(x, y + h, x + w, y, ink)],
  armour: (x, y, w, h, ink) => [svg('rect', {x: r2(x + w * 0.18), y: r2(y + h * 0.25), width: r2(w * 0.64),
    height: r2(h * 0.5), rx: r2(h * 0.25), fill: 'none', stroke: ink, 'stroke-width': 1})],
  mechanized: (x, y, w, h, ink) => [...DRAW.infantry(x, y, w, h, ink), ...DRAW.armour(x, y, w, h, ink)],
  artillery: (x, y, w, h, ink) => [svg('circle', {cx: r2(x + w / 2), cy: r2(y + h / 2), r: r2(h * 0.17), fill: ink})],
  recon: (x, y, w, h, ink) => [line(x, y + h, x + w, y, ink)],
  hq: (x, y, w, h, ink) => [line(x, y + h, x, y + h * 1.6, ink, 1.4), letters('HQ', x, y, w, h, ink)],
  airborne: (x, y, w, h, ink) => {
    const cy = y + h * 0.78, rx = w * 0.14;
    const cx = x + w / 2;
    return [
      ...DRAW.infantry(x, y, w, h, ink),
      path(`M${r2(cx - 2 * rx)} ${r2(cy)} q${r2(rx)} ${r2(-h * 0.28)} ${r2(2 * rx)} 0 q${r2(rx)} ${r2(-h * 0.28)} ${r2(2 * rx)} 0`, ink),
    ];
  },
  rocket: (x, y, w, h, ink) => {
    const cx = x + w / 2;
    return [
      path(`M${r2(cx - w * 0.16)} ${r2(y + h * 0.52)} L${r2(cx)} ${r2(y + h * 0.16)} L${r2(cx + w * 0.16)} ${r2(y + h * 0.52)}`, ink),
      svg('circle', {cx: r2(cx), cy: r2(y + h * 0.72), r: r2(h * 0.13), fill: ink}),
    ];
  },
  air_defence: (x, y, w, h, ink) => [
    path(`M${r2(x + w * 0.08)} ${r2(y + h)} Q${r2(x + w / 2)} ${r2(y + h * 0.1)} ${r2(x + w * 0.92)} ${r2(y + h)}`, ink),
  ],
  engineer: (x, y, w, h, ink) => {
    const l = x + w * 0.22, rgt = x + w * 0.78, top = y + h * 0.32, bottom = y + h * 0.7;
    return [path(`M${r2(l)} ${r2(bottom)} V${r2(top)} H${r2(rgt)} V${r2(bottom)} M${r2((l + rgt) / 2)} ${r2(top)} V${r2(bottom)}`, ink)];
  },
  special_forces: (x, y, w, h, ink) => [letters('SF', x, y, w, h, ink)],
  militia: (x, y, w, h, ink) => [letters('M', x, y, w, h, ink)],
  air: (x, y, w, h, ink) => {
    const cx = x + w / 2, cy = y + h / 2, a = w * 0.2, b = h * 0.22;
    return [
      path(`M${r2(cx)} ${r2(cy)} C${r2(cx - a)} ${r2(cy - 2 * b)} ${r2(cx - 2 * a)} ${r2(cy)} ${r2(cx - 1.6 * a)} ${r2(cy + 0.4 * b)} ` +
        `C${r2(cx - a)} ${r2(cy + b)} ${r2(cx - 0.4 * a)} ${r2(cy + 0.3 * b)} ${r2(cx)} ${r2(cy)} ` +
        `C${r2(cx + a)} ${r2(cy - 2 * b)} ${r2(cx + 2 * a)} ${r2(cy)} ${r2(cx + 1.6 * a)} ${r2(cy + 0.4 * b)} ` +
        `C${r2(cx + a)} ${r2(cy + b)} ${r2(cx + 0.4 * a)} ${r2(cy + 0.3 * b)} ${r2(cx)} ${r2(cy)} Z`, ink, ink, 0.6),
    ];
  },
  naval: (x, y, w, h, ink) => {
    const cx = x + w / 2;
    return [
      line(cx, y + h * 0.12, cx, y + h * 0.86, ink),
      line(cx - w * 0.12, y + h * 0.3, cx + w * 0.12, y + h * 0.3, ink),
      path(`M${r2(cx - w * 0.22)} ${r2(y + h * 0.6)} Q${r2(cx)} ${r2(y + h * 1.02)} ${r2(cx + w * 0.22)} ${r2(y + h * 0.6)}`, ink),
    ];
  },
};

// The frame and its symbol: look is {symbol} or {initials} (model.typeLook).
export function symbolFrame(look, x, y, w, h, ink, paper) {
  const g = svg('g', {class: 'symbol'});
  g.appendChild(svg('rect', {x: r2(x), y: r2(y), width: r2(w), height: r2(h), fill: paper, stroke: ink, 'stroke-width': 1}));
  if (look.symbol && DRAW[look.symbol]) {
    for (const part of DRAW[look.symbol](x, y, w, h, ink)) g.appendChild(part);
  } else {
    const text = look.initials || '?';
    g.appendChild(svg(
      'text',
      {x: r2(x + w / 2), y: r2(y + h / 2), 'font-size': r2(Math.min(h * 0.62, (w * 1.6) / Math.max(2, text.length))),
        'font-weight': 700, fill: ink, 'text-anchor': 'middle', 'dominant-baseline': 'central'},
      text,
    ));
  }
  return g;
}

export const SYMBOL_NAMES = Object.keys(DRAW);
