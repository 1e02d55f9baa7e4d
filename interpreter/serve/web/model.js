// The board as the page reads it: the server's board JSON (docs/serve.md)
// with lookups built once, and the colours and symbols of sides, terrain and
// piece types resolved from the game's graphics or the defaults.

import {defaultLineColour, defaultSideColour, defaultTerrainFill, safeColour} from './colours.js';

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
