// Colours for games that give none: each side a distinct colour, each
// terrain code a muted one chosen from its name (well-known codes get the
// colour players expect, others a soft hue hashed from the code, so the same
// code always looks the same), and text colours readable on either.

const SIDE_PALETTE = ['#3d6fb6', '#b5543c', '#4f8a4b', '#8a63b0', '#c49a2c', '#3f8f8f', '#a0506e', '#6b6b6b'];

const KNOWN_TERRAIN = {
  clear: '#ece5c8', open: '#ece5c8', plain: '#ece5c8', plains: '#ece5c8', grass: '#dfe6bd',
  rough: '#cdbb8c', broken: '#cdbb8c', hills: '#c9b27d', hill: '#c9b27d', mountain: '#a89a80', mountains: '#a89a80',
  forest: '#9fbf86', woods: '#9fbf86', wood: '#9fbf86', jungle: '#86ab74', orchard: '#b4cf94',
  town: '#d6cfc0', village: '#ddd3bd', city: '#c8c0b2', urban: '#c8c0b2',
  swamp: '#a9bfa6', marsh: '#a9bfa6', desert: '#eedfb0', sand: '#eedfb0', dunes: '#e7d49c',
  water: '#9cc3e6', sea: '#9cc3e6', ocean: '#8db8df', lake: '#a6cbea', river: '#9cc3e6',
  // Area colours that games use as attributes
  blue: '#b9d0ea', green: '#c4dcb4', black: '#c9c6c0', red: '#e4b9ad', yellow: '#efe3a8', white: '#f4f2ec',
  gaza: '#e6d3a8',
};

const KNOWN_LINES = {
  river: '#4a90d9', stream: '#6aa6e0', lake: '#3b7dd8', wadi: '#b08a55', escarpment: '#7a5c3a', cliff: '#6b4f33',
  ridge: '#8a6a44', border: '#7d6f8f', wall: '#555555', road: '#7a5a3a', rail: '#333333', railway: '#333333',
  railroad: '#333333', track: '#9a7a5a', trail: '#9a7a5a', highway: '#a4452c',
};

export function hashString(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function defaultSideColour(index) {
  return SIDE_PALETTE[index % SIDE_PALETTE.length];
}

// A muted fill for a terrain code or an area attribute value.
export function defaultTerrainFill(code) {
  if (!code) return '#ece5c8';
  const known = KNOWN_TERRAIN[String(code).toLowerCase()];
  if (known) return known;
  const hue = hashString(String(code)) % 360;
  return `hsl(${hue}, 28%, 80%)`;
}

// The line colour of a hexside feature, road kind or connection kind.
export function defaultLineColour(code) {
  const known = KNOWN_LINES[String(code).toLowerCase()];
  if (known) return known;
  const hue = hashString(String(code)) % 360;
  return `hsl(${hue}, 35%, 40%)`;
}

// Only CSS hex colours from the server are used as given; anything else
// falls back (the loader checks them, this keeps a bad one harmless).
export function safeColour(c, fallback) {
  return typeof c === 'string' && /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(c) ? c : fallback;
}

function rgb(hex) {
  let h = hex.slice(1);
  if (h.length === 3) h = h.split('').map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}

// Black or white, whichever reads better on a #rrggbb background.
export function textOn(hex) {
  if (!/^#/.test(hex)) return '#1d1d1d';
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.36 ? '#1d1d1d' : '#ffffff';
}

// A lighter (t > 0) or darker (t < 0) version of a #rrggbb colour.
export function shade(hex, t) {
  if (!/^#/.test(hex)) return hex;
  const mixed = rgb(hex).map((v) => Math.round(t >= 0 ? v + (255 - v) * t : v * (1 + t)));
  return '#' + mixed.map((v) => v.toString(16).padStart(2, '0')).join('');
}
