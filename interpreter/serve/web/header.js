// The page's header: the game and scenario, where the sequence of play
// stands (turn, phase, step), and who is looking.

import {el, replaceChildren} from './dom.js';

export function positionText(view) {
  const parts = [];
  parts.push(view.in_setup ? 'Set-up' : `Turn ${view.turn}`);
  if (view.phase) parts.push(view.phase);
  if (view.step) parts.push(view.step);
  return parts.join(' · ');
}

export function renderHeader(node, model, view, who) {
  replaceChildren(
    node,
    el('a', {class: 'home', href: '/', title: 'lobby'}, 'cardboard'),
    el('div', {class: 'titles'},
      el('span', {class: 'game-title'}, model.title),
      el('span', {class: 'scenario-title'}, model.scenarioTitle)),
    el('div', {class: 'position', id: 'position'}, positionText(view)),
    el('div', {class: 'who'}, who),
  );
}
