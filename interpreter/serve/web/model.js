// The board as the page reads it: the server's board JSON (docs/serve.md)
// with lookups built once, and the colours and symbols of sides, terrain and
// piece types resolved from the game's graphics or the defaults (below).

export const SYMBOLS = new Set([
  'infantry', 'armour', 'mechanized', 'artillery', 'recon', 'hq', 'airborne', 'rocket',
  'air_defence', 'engineer', 'special_forces', 'militia', 'air', 'naval',
]);

// Other spellings of the same symbols, so `class = "armor"` finds armour.
const SYMBOL_SPELLINGS = {
  armor: 'armour', mechanised: 'mechanized', air_defense: 'air_defence', headquarters: 'hq',
  reconnaissance: 'recon', special_force: 'special_forces', navy: 'naval', aviation: 'air',
};

export function symbolName(word) {
  if (typeof word !== 'string') return null;
  const w = word.toLowerCase();
  if (SYMBOLS.has(w)) return w;
  return SYMBOL_SPELLINGS[w] || null;
}

// The address of an image the game's graphics name ("art/town.png"): under
// the board's `assets` address, the only place the page loads images from.
// Anything else (an absolute path, a way up, another site) is not shown.
export function assetAddress(assets, name) {
  if (typeof assets !== 'string' || !/^\/api\/(play|replay)\/[0-9a-f]+\/asset\/$/.test(assets)) return null;
  if (typeof name !== 'string' || !/^[A-Za-z0-9_.\/-]+$/.test(name) || name.startsWith('/') || name.split('/').includes('..')) return null;
  return assets + name;
}

export class BoardModel {
  constructor(board) {
    this.board = board;
    this.graphics = board.graphics || {};
    this.sides = board.sides || [];
    this.sideById = new Map(this.sides.map((s, i) => [s.id, {...s, colour: safeColour(s.colour, defaultSideColour(i))}]));
    this.types = new Map((board.types || []).map((t) => [t.id, t]));
    this.locations = new Map((board.locations || []).map((l) => [l.id, l]));
    this.maps = board.maps || [];
    this.tracks = board.tracks || [];
  }

  get title() {
    return (this.board.game && this.board.game.title) || '';
  }

  get scenarioTitle() {
    return (this.board.scenario && this.board.scenario.title) || '';
  }

  sideColour(id) {
    const side = this.sideById.get(id);
    return side ? side.colour : '#7a7a7a';
  }

  sideTitle(id) {
    const side = this.sideById.get(id);
    return side ? side.title : id || '';
  }

  // Locations drawn off the map, in the board's order.
  offMapLocations() {
    return (this.board.locations || []).filter((l) => !l.map);
  }

  terrainFill(code) {
    const entry = (this.graphics.terrain || {})[code];
    const given = entry && (typeof entry === 'string' ? entry : entry.fill);
    return safeColour(given, defaultTerrainFill(code));
  }

  terrainImage(code) {
    const entry = (this.graphics.terrain || {})[code];
    return entry && typeof entry === 'object' ? assetAddress(this.board.assets, entry.image) : null;
  }

  hexsideColour(feature) {
    const entry = (this.graphics.hexsides || {})[feature];
    return safeColour(entry && (typeof entry === 'string' ? entry : entry.stroke), defaultLineColour(feature));
  }

  roadColour(kind) {
    const entry = (this.graphics.roads || {})[kind];
    return safeColour(entry && (typeof entry === 'string' ? entry : entry.stroke), defaultLineColour(kind));
  }

  // The attribute whose value colours an area (graphics.area_fill), else the
  // first of the usual names an area has.
  areaFill(area) {
    const attributes = area.attributes || {};
    const named = this.graphics.area_fill;
    const key = typeof named === 'string' ? named : ['colour', 'color', 'terrain', 'kind'].find((k) => k in attributes);
    const value = key ? attributes[key] : null;
    return value === null || value === undefined ? '#f1ecdc' : this.terrainFill(String(value));
  }

  // How a piece type is drawn: {image} or {symbol} or {initials}.
  typeLook(typeId, values) {
    const type = this.types.get(typeId) || {};
    const image = assetAddress(this.board.assets, type.image);
    if (image) return {image};
    const symbol = symbolName(type.symbol) || symbolName(values && values.class) || symbolName(type.values && type.values.class);
    if (symbol) return {symbol};
    return {initials: initials(type.name || typeId || '?')};
  }

  // The index of a face among its type's faces (0 the front, > 0 a reduced
  // or other back face).
  faceIndex(typeId, face) {
    const type = this.types.get(typeId);
    if (!type || !Array.isArray(type.faces)) return 0;
    const i = type.faces.indexOf(face);
    return i < 0 ? 0 : i;
  }
}

export function initials(name) {
  const words = String(name).split(/[\s_\-]+/).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0].slice(0, 3);
  return words.slice(0, 3).map((w) => w[0].toUpperCase()).join('');
}

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
