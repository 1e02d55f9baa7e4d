// Small button icons drawn in SVG: the page brings no icon font, and the
// system's fonts may lack the media symbols (⏮ ⏭ ⏸).

import {svg} from './dom.js';

const PATHS = {
  start: 'M4 3h2v10H4z M14 3v10L7 8z',
  previous: 'M12 3v10L5 8z',
  play: 'M5 3v10l8-5z',
  pause: 'M4 3h3v10H4z M9 3h3v10H9z',
  next: 'M4 3v10l7-5z',
  end: 'M2 3v10l7-5z M10 3h2v10h-2z',
};

export function icon(name) {
  const s = svg('svg', {viewBox: '0 0 16 16', width: 14, height: 14, 'aria-hidden': 'true', class: 'icon'});
  s.appendChild(svg('path', {d: PATHS[name], fill: 'currentColor'}));
  return s;
}
