// What the browser tests share: the server started by `run` (its address
// and host key come in the environment), headless chromium through
// puppeteer-core, the lobby's requests made directly, and screenshots into
// the artefacts folder.

import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

export const BASE = process.env.CARDBOARD_URL; // http://127.0.0.1:PORT
export const KEY = process.env.CARDBOARD_KEY;
export const ARTEFACTS = process.env.CARDBOARD_ARTEFACTS || path.join(path.dirname(new URL(import.meta.url).pathname), 'artefacts');

if (!BASE || !KEY) throw new Error('CARDBOARD_URL and CARDBOARD_KEY are not set: run the tests with tests/browser/run CARDBOARD');

// The flags keep chromium off the network it cannot reach here (the
// background requests are refused and slow it down) and out of the
// sandbox it cannot have as root. `run` starts one chromium with them for
// every test file (shared_browser.mjs) and gives its DevTools address in
// CARDBOARD_BROWSER.
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// A test's browser: a connection to the shared chromium. Its pages are
// opened by openPage, each in a context of its own (no cookie or storage
// shared with another test); close() closes those contexts and leaves
// chromium running for the next test.
export async function launch() {
  if (!process.env.CARDBOARD_BROWSER) throw new Error('CARDBOARD_BROWSER is not set: run the tests with tests/browser/run CARDBOARD');
  const browser = await puppeteer.connect({browserWSEndpoint: process.env.CARDBOARD_BROWSER});
  const contexts = [];
  const create = browser.createBrowserContext.bind(browser);
  browser.createBrowserContext = async (...args) => {
    const context = await create(...args);
    contexts.push(context);
    return context;
  };
  browser.close = async () => {
    for (const context of contexts) await context.close();
    await browser.disconnect();
  };
  return browser;
}

// A page in a context of its own (its own cookies: a player's browser), with
// the page's errors and dialogs recorded for the test to check.
export async function openPage(browser, width = 1400, height = 850) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({width, height});
  page.problems = [];
  page.dialogs = [];
  page.on('pageerror', (e) => page.problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of (403|409|422)/.test(m.text())) page.problems.push(`console: ${m.text()}`);
  });
  page.on('dialog', async (d) => {
    page.dialogs.push(d.message());
    await d.dismiss();
  });
  return page;
}

// A lobby request with the host key.
export async function lobby(method, route, body) {
  const response = await fetch(BASE + route, {
    method,
    headers: {'X-Cardboard-Key': KEY, 'Content-Type': 'application/json'},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${json.error}`);
  return json;
}

// A request through a play or replay token (no key needed: the token is the secret).
export async function api(method, route, body) {
  const response = await fetch(BASE + route, {
    method,
    headers: {'Content-Type': 'application/json'},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {status: response.status, json: await response.json()};
}

export function tokenOf(link) {
  return link.split('/').pop();
}

export async function waitReady(page) {
  await page.waitForSelector('body[data-ready="1"]', {timeout: 15000});
}

export async function actionsOf(page) {
  return Number(await page.evaluate(() => document.body.dataset.actions));
}

export async function waitActions(page, n, timeout = 5000) {
  await page.waitForFunction((k) => document.body.dataset.actions === String(k), {timeout}, n);
}

export async function shot(page, name) {
  fs.mkdirSync(ARTEFACTS, {recursive: true});
  const file = path.join(ARTEFACTS, `${name}.png`);
  await page.screenshot({path: file});
  return file;
}

// Everything of the page a reader could find: its text and every attribute.
export async function pageDump(page) {
  return page.evaluate(() => {
    const parts = [document.documentElement.textContent];
    for (const node of document.querySelectorAll('*')) for (const a of node.attributes) parts.push(a.value);
    return parts.join('\n');
  });
}

// Playing a whole game. The choices are read through the side's token (the
// server types them: the piece, location or destination each names); the
// page shows the same ones as buttons and lit counters and locations.

// A fixed, varied pick: the index below n of a seeded sequence (mulberry32),
// the same at every run. Choices taken in turn can cycle for ever between a
// menu and its Cancel; a seeded sequence does not.
export function picker(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

// Waits until the page offers its reader a decision (buttons it can press)
// or shows the game over; an automatic side is played by the rules and a
// bot by the server meanwhile.
export async function waitDecision(page, timeout = 10000) {
  await page.waitForFunction(() => document.body.classList.contains('finished') || document.querySelector('#choices [data-choice]:not([disabled])'),
    {timeout});
  return page.evaluate(() => ({actions: Number(document.body.dataset.actions), finished: document.body.classList.contains('finished')}));
}

export async function openChoices(token) {
  const state = (await api('GET', `/api/play/${token}/state`)).json;
  return {actions: state.actions, choices: state.view.choices || [], view: state.view};
}

// A click where a person would put the pointer: the middle of the element,
// which must be the board there (not a toast, a tooltip or the panel).
async function pointAt(page, handle, what) {
  const box = await handle.boundingBox();
  if (!box) throw new Error(`${what} is not drawn`);
  const x = box.x + box.width / 2, y = box.y + box.height / 2;
  const under = await page.evaluate((px, py) => {
    const node = document.elementFromPoint(px, py);
    if (!node) return 'nothing';
    return node.closest('svg.board') ? null : `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`;
  }, x, y);
  if (under) throw new Error(`${what} is covered by ${under}`);
  await page.mouse.click(x, y);
}

// The counter or card showing a piece: its own, or (deep in a stack) the stack's.
async function counterOf(page, id) {
  return (await page.$(`svg.board [data-piece="${id}"]`)) || (await page.$(`svg.board [data-stack~="${id}"]`));
}

// Where to point at a location: an area or tray by its title (its pieces
// lie below it), a hex anywhere (a counter there stands for it).
async function spotOf(page, id) {
  const cell = await page.$(`[data-location="${id}"].location`);
  if (!cell) return null;
  return (await cell.$(':scope > .area-title, :scope > .tray-title')) || cell;
}

function isBoardChoice(choice) {
  return (choice.kind === 'move' && choice.piece !== undefined && choice.to !== undefined)
    || (choice.kind === 'piece' && choice.piece !== undefined) || (choice.kind === 'location' && choice.location !== undefined);
}

// Takes `choice` as a person would: by pointing at the board when `point`
// allows and it names a counter or a location drawn there (a move: the
// counter, lit, then its lit destination), else by its button. The page
// must light what the choice names. Returns 'board' or 'button'.
export async function takeChoice(page, choice, point = true) {
  if (point && isBoardChoice(choice)) {
    const piece = choice.kind === 'location' ? null : await counterOf(page, choice.piece);
    const where = choice.kind === 'piece' ? null : await spotOf(page, choice.kind === 'move' ? choice.to : choice.location);
    if ((piece || choice.kind === 'location') && (where || choice.kind === 'piece')) {
      if (piece) {
        const lit = await piece.evaluate((n) => n.classList.contains('choosable') || n.classList.contains('selected'));
        if (!lit) throw new Error(`the counter of piece ${choice.piece} is not lit for "${choice.text}"`);
      }
      if (choice.kind === 'piece') {
        await pointAt(page, piece, `piece ${choice.piece}`);
        return 'board';
      }
      if (choice.kind === 'move' && !(await piece.evaluate((n) => n.classList.contains('selected')))) {
        await pointAt(page, piece, `piece ${choice.piece}`);
        await page.waitForSelector('svg.board .selected[data-piece]', {timeout: 3000});
      }
      const to = choice.kind === 'move' ? choice.to : choice.location;
      await page.waitForSelector(`[data-location="${to}"].location.target`, {timeout: 3000});
      await pointAt(page, await spotOf(page, to), `location ${to}`);
      return 'board';
    }
  }
  const button = await page.$(`#choices [data-choice="${choice.n}"]`);
  if (!button) throw new Error(`no button for choice ${choice.n} "${choice.text}"`);
  await button.click();
  return 'button';
}

// Plays the page's side to the end of the game (or `most` actions): each
// decision's choice picked by `pick` (a picker) among the open ones and
// taken by takeChoice; checks after each that it acted (the action count
// grew, no refusal shown) and that the log never shrank. `point(choice)`
// says whether to point at the board for it. Returns the counts and the
// words of the choices taken.
export async function playToEnd(page, token, {pick, point = () => true, most = 500, timeout = 10000} = {}) {
  const counts = {board: 0, button: 0, decisions: 0, actions: 0, finished: false, taken: []};
  // The log's lines counted in the page: $$eval would make a handle of each
  // of the game's hundreds of lines at every decision.
  const logLength = () => page.evaluate(() => document.querySelectorAll('#log .log-line').length);
  let logLines = await logLength();
  let redrawn = 0;
  for (;;) {
    const {actions, finished} = await waitDecision(page, timeout);
    counts.actions = actions;
    counts.finished = finished;
    if (finished || counts.decisions >= most) return counts;
    const open = await openChoices(token);
    if (open.actions !== actions || !open.choices.length) continue; // the page is about to redraw
    const choice = open.choices[pick(open.choices.length)];
    let how;
    try {
      how = await takeChoice(page, choice, point(choice));
    } catch (e) {
      // The page redrew under the pointer (a stream's event arrived): look again, as a person would.
      if (/detached|not clickable|not drawn/i.test(String(e.message)) && ++redrawn < 5) continue;
      throw e;
    }
    redrawn = 0;
    counts[how]++;
    counts.decisions++;
    counts.taken.push(choice.text);
    try {
      await page.waitForFunction((k) => Number(document.body.dataset.actions) > k || document.body.classList.contains('finished'),
        {timeout}, actions);
    } catch (e) {
      const message = await page.$eval('#message', (n) => (n.hidden ? '' : n.textContent));
      throw new Error(`"${choice.text}" (${how}) did not act at action ${actions}${message ? `: ${message}` : ''}`);
    }
    const refused = await page.$eval('#message', (n) => (n.hidden ? '' : n.textContent));
    if (refused) throw new Error(`"${choice.text}" was refused: ${refused}`);
    const lines = await logLength();
    if (lines < logLines) throw new Error(`the log shrank from ${logLines} to ${lines} lines`);
    logLines = lines;
  }
}

// Plays the token's side on to the end of the game through the server's
// requests, as another window of the same player would, while the page
// only follows the stream; at most `most` decisions. Returns their number.
export async function playByRequests(token, {pick, most = 2000} = {}) {
  for (let decisions = 0; decisions < most;) {
    const {actions, choices, view} = await openChoices(token);
    if (view.finished) return decisions;
    if (!choices.length) {
      await new Promise((resolve) => setTimeout(resolve, 20)); // the other side's turn
      continue;
    }
    const answer = await api('POST', `/api/play/${token}/act`, {at: actions, choice: choices[pick(choices.length)].value});
    if (answer.status !== 200) throw new Error(`act at ${actions}: ${answer.status} ${JSON.stringify(answer.json)}`);
    decisions++;
  }
  throw new Error(`no end after ${most} decisions`);
}

// Every counter the page draws stands where the reader's view puts its
// piece, and every piece the view puts on a map is drawn. Returns the
// number of pieces on the maps.
export async function drawnWhereTheViewSays(page, token, mapLocations) {
  const {view} = await openChoices(token);
  const where = new Map();
  const onMaps = [];
  for (const l of view.locations || []) {
    for (const p of l.pieces || []) {
      if (p.id === undefined) continue;
      where.set(p.id, l.id);
      if (mapLocations.has(l.id)) onMaps.push(p.id);
    }
  }
  const drawn = await page.$$eval('.pieces [data-piece], .trays [data-piece]',
    (nodes) => nodes.map((n) => ({id: Number(n.getAttribute('data-piece')), at: n.getAttribute('data-at'), stack: n.getAttribute('data-stack') || ''})));
  for (const d of drawn) {
    if (where.get(d.id) !== d.at) throw new Error(`piece ${d.id} is drawn at ${d.at}, the view has it at ${where.get(d.id)}`);
  }
  const shown = new Set();
  for (const d of drawn) {
    shown.add(d.id);
    for (const id of d.stack.split(' ').filter(Boolean)) shown.add(Number(id));
  }
  for (const id of onMaps) if (!shown.has(id)) throw new Error(`piece ${id} at ${where.get(id)} is not drawn`);
  return onMaps.length;
}
