// The replay of a save (/replay/TOKEN): a slider over its actions, step
// buttons, the board and the log following, and "Take over from here",
// which starts a new game from the position on screen (the server copies
// the save up to that action) and shows its links.
//
// The log shows every event up to the action on screen; the events of each
// action are fetched once (GET at/K, or log?upto=K after a jump) and kept.

import {getJSON, postJSON} from './api.js';
import {el, replaceChildren, svg} from './dom.js';
import {BoardModel} from './model.js';
import {mountBoard, showView} from './scene.js';
import {Log, renderDecision, renderHeader, renderSummary, showMessage} from './panel.js';
import {linksList} from './links.js';

const AUTOPLAY_MS = 800;

// `early` holds the first requests, made while the modules loaded.
export async function startReplay(token, early = {}) {
  const api = `/api/replay/${token}`;
  const [boardJson, start] = await Promise.all([early.board || getJSON(`${api}/board`), early.at || getJSON(`${api}/at/0`)]);
  const model = new BoardModel(boardJson);
  const scene = mountBoard(model);
  const log = new Log(document.getElementById('log'));
  const pointing = {hint() {}};
  document.title = `Replay: ${model.title} - cardboard`;

  const eventsOf = new Map([[0, start.events || []]]);
  let total = start.total;
  let current = start;
  let wanted = 0;
  let timer = null;

  // Controls
  const slider = el('input', {type: 'range', min: 0, max: total, value: 0, step: 1, id: 'replay-slider', 'aria-label': 'action'});
  const position = el('span', {class: 'counter-text', id: 'replay-position'});
  const button = (name, title, id, action) => {
    const b = el('button', {type: 'button', title, 'aria-label': title, id, class: 'step'}, icon(name));
    b.addEventListener('click', action);
    return b;
  };
  const play = button('play', 'play', 'replay-play', () => (timer ? stop() : autoplay()));
  const takeOver = el('button', {type: 'button', class: 'take-over', id: 'take-over'}, 'Take over from here');
  const links = el('div', {id: 'take-over-links'});
  const controls = document.getElementById('controls');
  replaceChildren(controls,
    el('div', {class: 'row'},
      button('start', 'first action', 'replay-start', () => go(0)),
      button('previous', 'previous action', 'replay-prev', () => go(wanted - 1)),
      play,
      button('next', 'next action', 'replay-next', () => go(wanted + 1)),
      button('end', 'last action', 'replay-end', () => go(total))),
    el('div', {class: 'row'}, slider, position),
    el('div', {class: 'row'}, takeOver),
    links);
  controls.hidden = false;
  slider.addEventListener('input', () => go(Number(slider.value)));
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement && e.target !== slider) return;
    if (e.key === 'ArrowRight' && e.target !== slider) go(wanted + 1);
    else if (e.key === 'ArrowLeft' && e.target !== slider) go(wanted - 1);
  });

  takeOver.addEventListener('click', async () => {
    takeOver.disabled = true;
    showMessage('');
    try {
      const answer = await postJSON(`${api}/take-over`, {at: current.action});
      replaceChildren(links,
        el('p', {class: 'link-note'}, `A new game from action ${current.action}, saved as ${answer.save || 'a new save'}:`),
        linksList(answer.links, (id) => model.sideTitle(id)));
    } catch (error) {
      // Starting a game is the host's: a replay opened without the host key cannot.
      const hint = error.status === 403 ? ' (taking over needs the host key: open the replay from the lobby)' : '';
      showMessage(`Cannot take over: ${error.message}${hint}`);
    } finally {
      takeOver.disabled = false;
    }
  });

  function render() {
    const view = {...current.view, choices: []};
    renderHeader(document.getElementById('header'), model, view, current.finished ? 'Replay' : 'Replay (public view)');
    showView(scene, view);
    renderDecision(model, view, null, pointing, () => {}, true);
    renderSummary(view);
    slider.max = String(total);
    slider.value = String(current.action);
    position.textContent = `${current.action} / ${total}`;
    renderLog();
    document.body.dataset.actions = String(current.action);
  }

  function renderLog() {
    const events = [];
    for (let k = 0; k <= current.action; k++) {
      for (const event of eventsOf.get(k) || []) events.push({...event, action: event.action ?? k});
    }
    log.reset(events);
    for (const line of log.node.querySelectorAll(`[data-action="${current.action}"]`)) line.classList.add('current');
  }

  // Fetches, in one request, the events up to action k when some are not
  // kept yet (after a jump); the newest jump wins.
  let filling = 0;
  async function fillLog(k) {
    let missing = false;
    for (let i = 0; i <= k && !missing; i++) missing = !eventsOf.has(i);
    if (!missing) return;
    const run = ++filling;
    try {
      const answer = await getJSON(`${api}/log?upto=${k}`);
      if (run !== filling) return;
      for (let i = 0; i <= k; i++) eventsOf.set(i, []);
      for (const event of answer.events) eventsOf.get(event.action).push(event);
      if (current.action >= k) renderLog();
    } catch (error) {
      showMessage(error.message);
    }
  }

  // Shows action k; the newest request wins when the slider runs ahead.
  async function go(k) {
    k = Math.max(0, Math.min(total, k));
    wanted = k;
    slider.value = String(k);
    position.textContent = `${k} / ${total}`;
    try {
      const answer = await getJSON(`${api}/at/${k}`);
      if (wanted !== k) return;
      current = answer;
      total = answer.total;
      eventsOf.set(k, answer.events || []);
      render();
      fillLog(k);
    } catch (error) {
      showMessage(error.message);
    }
  }

  function autoplay() {
    if (wanted >= total) go(0);
    replaceChildren(play, icon('pause'));
    timer = setInterval(() => {
      if (wanted >= total) return stop();
      go(wanted + 1);
    }, AUTOPLAY_MS);
  }

  function stop() {
    clearInterval(timer);
    timer = null;
    replaceChildren(play, icon('play'));
  }

  render();
  document.body.dataset.ready = '1';
  performance.mark('cardboard-ready'); // the render benchmark reads it (tools/bench/browser)
}

// Small button icons drawn in SVG: the page brings no icon font, and the
// system's fonts may lack the media symbols (⏮ ⏭ ⏸).

const PATHS = {
  start: 'M4 3h2v10H4z M14 3v10L7 8z',
  previous: 'M12 3v10L5 8z',
  play: 'M5 3v10l8-5z',
  pause: 'M4 3h3v10H4z M9 3h3v10H9z',
  next: 'M4 3v10l7-5z',
  end: 'M2 3v10l7-5z M10 3h2v10h-2z',
};

function icon(name) {
  const s = svg('svg', {viewBox: '0 0 16 16', width: 14, height: 14, 'aria-hidden': 'true', class: 'icon'});
  s.appendChild(svg('path', {d: PATHS[name], fill: 'currentColor'}));
  return s;
}
