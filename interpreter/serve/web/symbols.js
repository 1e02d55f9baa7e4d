// NATO-style unit symbols (after APP-6 land unit icons), drawn inside the
// symbol frame of a counter: a w x h rectangle whose top-left is (x, y).
// Lines use the counter's ink colour so they read on any side colour.

import {r2, svg} from './dom.js';

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
