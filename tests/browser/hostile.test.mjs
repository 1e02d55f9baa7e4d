// Game data is written by whoever wrote the game: every text the server
// sends is shown as text, never read as markup. These tests hand the page
// the server's real answers with markup put into every text (titles, names,
// place names, piece names and texts, markers, prompts, choices, log lines,
// summaries, the lobby's games and saves) and check that it shows the
// markup as words and runs none of it.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {BASE, api, launch, lobby, openPage, shot, tokenOf, waitReady} from './helpers.mjs';

const ATTACK = '<img src=x onerror=alert(1)>';

// Every string in a JSON value, with ATTACK appended; ids are left alone
// where the page needs them to find things (but titles and words all get it).
const KEEP = new Set(['id', 'location', 'label', 'a', 'b', 'from', 'to', 'map', 'cell', 'kind', 'owner', 'type', 'face', 'value',
  'terrain', 'feature', 'orientation', 'offset', 'as', 'deciding', 'phasing', 'side', 'faces', 'symbol', 'image', 'assets',
  'phase_id', 'step_id', 'state_hash', 'view_hash', 'scenario', 'game', 'option', 'kinds', 'winner', 'ref', 'save', 'links', 'room']);

function poison(value, key = '') {
  if (typeof value === 'string') return KEEP.has(key) ? value : value + ATTACK;
  if (Array.isArray(value)) return value.map((v) => poison(v, key));
  if (value && typeof value === 'object') {
    const out = {};
    for (const [k, v] of Object.entries(value)) {
      // A game's and scenario's titles sit under ids the page keeps: poison those.
      if ((k === 'game' || k === 'scenario') && v && typeof v === 'object') out[k] = poison(v, '');
      else if (k === 'names' || k === 'markers' || k === 'summary') out[k] = Array.isArray(v) ? v.map((s) => s + ATTACK) : poison(v, '');
      else out[k] = poison(v, k);
    }
    return out;
  }
  return value;
}

async function intercept(page, answers) {
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const url = new URL(request.url());
    const answer = answers(url);
    if (answer) request.respond({status: 200, contentType: 'application/json', body: JSON.stringify(answer)});
    else request.continue();
  });
}

async function noMarkupRan(page) {
  return page.evaluate((attack) => ({
    images: document.querySelectorAll('img, image[href="x"]').length,
    shown: document.body.textContent.includes(attack),
  }), ATTACK);
}

test('hostile game texts show as text on the board page', async () => {
  const started = await lobby('POST', '/api/new', {scenario: 'golan/october', seed: 3, sides: {syria: 'person', israel: 'person'}});
  const token = tokenOf(started.links.syria);
  const board = poison((await api('GET', `/api/play/${token}/board`)).json);
  const state = poison((await api('GET', `/api/play/${token}/state`)).json);
  state.view.summary = [`summary ${ATTACK}`];
  state.view.locations.find((l) => l.id === '0804').pieces[0].markers = [`marker ${ATTACK}`];
  const log = poison((await api('GET', `/api/play/${token}/log?after=-1`)).json);
  const browser = await launch();
  try {
    const page = await openPage(browser);
    await intercept(page, (url) => {
      if (url.pathname.endsWith('/board')) return board;
      if (url.pathname.endsWith('/state')) return state;
      if (url.pathname.endsWith('/log')) return log;
      return null;
    });
    await page.goto(BASE + started.links.syria);
    await waitReady(page);
    await page.hover('[data-piece="1"]');
    await page.waitForSelector('.tooltip:not([hidden])');
    const result = await noMarkupRan(page);
    assert.equal(result.images, 0, 'no image element was made from data');
    assert.ok(result.shown, 'the markup shows as text');
    const texts = await page.evaluate((attack) => ({
      header: document.getElementById('header').textContent.includes(attack),
      status: document.getElementById('status').textContent.includes(attack),
      choices: document.getElementById('choices').textContent.includes(attack),
      log: document.getElementById('log').textContent.includes(attack),
      board: document.querySelector('svg.board').textContent.includes(attack),
      tooltip: document.querySelector('.tooltip').textContent.includes(attack),
    }), ATTACK);
    assert.deepEqual(texts, {header: true, status: true, choices: true, log: true, board: true, tooltip: true});
    await shot(page, 'hostile-board');
    assert.deepEqual(page.dialogs, []);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});

test('hostile names show as text in the lobby', async () => {
  const real = await lobby('GET', '/api/lobby');
  const hostile = poison(real);
  hostile.saves = [{name: `x${ATTACK}.cbsave`, game: 'golan', scenario: `golan/october${ATTACK}`, actions: 1, finished: false}];
  hostile.rooms = [{room: 'r', save: `x${ATTACK}.cbsave`, title: `Room ${ATTACK}`, links: {golan: '/play/00', spectator: `/play/${ATTACK}`}}];
  const browser = await launch();
  try {
    const page = await openPage(browser);
    await intercept(page, (url) => (url.pathname === '/api/lobby' ? hostile : null));
    // The printed address: the server keeps the key in a cookie and goes to /.
    await page.goto(`${BASE}/?key=${process.env.CARDBOARD_KEY}`);
    await page.waitForSelector('body[data-ready="1"]');
    const result = await noMarkupRan(page);
    assert.equal(result.images, 0);
    assert.ok(result.shown);
    // A link that is not a path of this server is not offered at all.
    assert.equal(await page.$$eval('[data-link="spectator"]', (n) => n.length), 0);
    await shot(page, 'hostile-lobby');
    assert.deepEqual(page.dialogs, []);
  } finally {
    await browser.close();
  }
});
