// The board on the page: the SVG board in its host, with pan and zoom, the
// zoom buttons, the tooltip and the toasts for rolls and draws. Shared by
// the play and the replay pages.

import {Board} from './board.js';
import {PanZoom} from './panzoom.js';
import {Tooltip} from './tooltip.js';
import {Toasts} from './toasts.js';

export function mountBoard(model) {
  const host = document.getElementById('board-host');
  const board = new Board(model, host);
  const panZoom = new PanZoom(board.root);
  const tooltip = new Tooltip(board, host);
  const toasts = new Toasts(host);
  document.getElementById('zoom-in').addEventListener('click', () => panZoom.zoom(1.25));
  document.getElementById('zoom-out').addEventListener('click', () => panZoom.zoom(0.8));
  document.getElementById('zoom-fit').addEventListener('click', () => panZoom.reset());
  // Keyboard: + and - zoom, 0 shows the whole board.
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === '+' || e.key === '=') panZoom.zoom(1.25);
    else if (e.key === '-') panZoom.zoom(0.8);
    else if (e.key === '0') panZoom.reset();
  });
  return {board, panZoom, tooltip, toasts};
}

// Draws a view and keeps the viewer where they were, fitting the board the
// first time (and when the board grew past what the home view shows).
export function showView(scene, view) {
  scene.board.render(view);
  const bounds = scene.board.bounds();
  const home = scene.panZoom.home;
  if (!home || bounds.width > home.width + 1 || bounds.height > home.height + 1) {
    if (!home) scene.panZoom.fit(bounds);
    else scene.panZoom.home = bounds;
  }
}
