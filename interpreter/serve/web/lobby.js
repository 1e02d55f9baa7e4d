// The lobby (/): the games to start (scenario, seed, a person or a bot for
// each side), the games being played with their links, and the saves to
// open again or replay. Everything here needs the host key, which the
// browser holds as a cookie once the printed address has been opened.

import {ApiError, getJSON, postJSON} from './api.js';
import {el, replaceChildren} from './dom.js';
import {linksList} from './links.js';

let lobby = null;

function sideTitler(gameId) {
  const game = (lobby.games || []).find((g) => g.id === gameId);
  return (id) => {
    const side = game && (game.sides || []).find((s) => s.id === id);
    return side ? side.title : id;
  };
}

function showError(error) {
  const node = document.getElementById('lobby-error');
  const text = error instanceof ApiError && error.status === 403
    ? 'This browser has not got the host key: open the address `cardboard serve` printed (it ends in ?key=...).'
    : error.message || String(error);
  replaceChildren(node, text);
  node.hidden = false;
}

// The links of a game just started or opened, at the top of the page.
function showStarted(title, answer, gameId) {
  const node = document.getElementById('started');
  replaceChildren(node,
    el('h2', {}, title),
    answer.save ? el('p', {class: 'link-note'}, `Saved as ${answer.save}.`) : null,
    linksList(answer.links, sideTitler(gameId)));
  node.hidden = false;
  node.scrollIntoView({behavior: 'smooth', block: 'start'});
}

// Who plays each side the rules do not play themselves: a person, the
// server's bot (serve --bot), or a bot for this game alone ("bot:NAME[:PARAMS]").
const PLAYERS = [
  ['person', 'a person'],
  ['bot', 'the bot'],
  ['bot:random', 'a random bot'],
  ['bot:mcts:iterations=200,depth=40', 'a search bot, quick'],
  ['bot:mcts:iterations=1000,depth=40', 'a search bot, stronger and slower'],
];

function sideChoosers(game) {
  const selects = new Map();
  const rows = (game.sides || []).map((side) => {
    if (side.automatic) {
      return el('div', {class: 'side-row'}, el('span', {}, side.title), el('span', {class: 'automatic'}, 'played by the rules'));
    }
    const select = el('select', {'data-side': side.id, 'aria-label': `who plays ${side.title}`},
      PLAYERS.map(([value, words]) => el('option', {value}, words)));
    selects.set(side.id, select);
    return el('div', {class: 'side-row'}, el('span', {}, side.title), select);
  });
  return {node: el('div', {class: 'sides'}, rows), value: () => Object.fromEntries([...selects].map(([id, s]) => [id, s.value]))};
}

function gameCard(game) {
  const scenarios = game.scenarios || [];
  const scenario = el('select', {name: 'scenario'},
    scenarios.map((s) => el('option', {value: s.ref}, s.title || s.id)));
  const seed = el('input', {type: 'number', min: 0, step: 1, placeholder: 'random', name: 'seed'});
  const sides = sideChoosers(game);
  const start = el('button', {type: 'button', class: 'primary', 'data-start': game.id}, 'Start');
  start.disabled = scenarios.length === 0;
  start.addEventListener('click', async () => {
    start.disabled = true;
    try {
      const request = {scenario: scenario.value, sides: sides.value()};
      if (seed.value !== '') request.seed = Number(seed.value);
      const answer = await postJSON('/api/new', request);
      const chosen = scenarios.find((s) => s.ref === scenario.value);
      showStarted(`${game.title} - ${chosen ? chosen.title : scenario.value}`, answer, game.id);
      await load();
    } catch (error) {
      showError(error);
    } finally {
      start.disabled = false;
    }
  });
  return el('div', {class: 'game-card', 'data-game': game.id},
    el('h3', {}, game.title || game.id),
    el('label', {class: 'field'}, 'Scenario', scenario),
    el('label', {class: 'field'}, 'Seed (optional)', seed),
    sides.node,
    el('div', {}, start));
}

function roomsTable(rooms) {
  if (!rooms.length) return el('p', {class: 'empty-note'}, 'No game is open.');
  return el('div', {class: 'links'}, rooms.map((room) => {
    const game = (lobby.saves || []).find((s) => s.name === room.save);
    return el('div', {class: 'link-row', 'data-room': room.room},
      el('div', {class: 'link-who'}, room.title || room.save),
      linksList(room.links, sideTitler(game ? game.game : null)));
  }));
}

function savesTable(saves) {
  if (!saves.length) return el('p', {class: 'empty-note'}, 'No saves yet.');
  const rows = saves.map((save) => {
    const open = el('button', {type: 'button', class: 'secondary', 'data-open': save.name}, 'Open');
    const replay = el('button', {type: 'button', class: 'secondary', 'data-replay': save.name}, 'Replay');
    open.addEventListener('click', async () => {
      try {
        const answer = await postJSON('/api/open', {save: save.name});
        showStarted(save.name, answer, save.game);
        await load();
      } catch (error) {
        showError(error);
      }
    });
    replay.addEventListener('click', async () => {
      try {
        const answer = await postJSON('/api/replay', {save: save.name});
        if (typeof answer.link === 'string' && answer.link.startsWith('/replay/')) location.assign(answer.link);
      } catch (error) {
        showError(error);
      }
    });
    return el('tr', {},
      el('td', {}, save.name),
      el('td', {}, save.scenario || save.game || ''),
      el('td', {}, (save.bots || []).join(', ') || 'people'),
      el('td', {}, String(save.actions ?? '')),
      el('td', {}, el('span', {class: save.finished ? 'badge done' : 'badge'}, save.finished ? 'finished' : 'in progress')),
      el('td', {class: 'actions'}, open, replay));
  });
  return el('table', {class: 'list'},
    el('thead', {}, el('tr', {}, ['Save', 'Scenario', 'Bots', 'Actions', '', ''].map((h) => el('th', {}, h)))),
    el('tbody', {}, rows));
}

async function load() {
  lobby = await getJSON('/api/lobby');
  replaceChildren(document.getElementById('games'), (lobby.games || []).map(gameCard));
  replaceChildren(document.getElementById('rooms'), roomsTable(lobby.rooms || []));
  replaceChildren(document.getElementById('saves'), savesTable(lobby.saves || []));
  document.body.dataset.ready = '1';
}

load().catch(showError);
