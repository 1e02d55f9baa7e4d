// The two leaks of issue 61, tried as the attacker tried them: a player's
// page holds one side's link, the other sides play through theirs, and
// everything the page is sent is searched for what it must not learn.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {BASE, api, launch, lobby, openChoices, openPage, picker, tokenOf, waitReady} from './helpers.mjs';

// The bodies of every answer of the play API the page receives.
function recordAnswers(page) {
  const bodies = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/api/play/')) return;
    try {
      bodies.push({url: response.url(), text: await response.text()});
    } catch {
      // a stream's answer has no body to read
    }
  });
  return bodies;
}

// Plays the game by the links of whoever decides, with a seeded pick, until
// `stop(before, after, choice)` says so or `limit` actions: before and after
// are the deciding side's state around the choice it took.
async function playUntil(links, stop, limit = 3000) {
  const pick = picker(61);
  for (let n = 0; n < limit; n++) {
    const watcher = (await api('GET', `/api/play/${links.spectator}/state`)).json;
    if (watcher.view.finished) return false;
    const token = links[watcher.view.deciding];
    const before = await openChoices(token);
    const choice = before.choices[pick(before.choices.length)];
    const acted = await api('POST', `/api/play/${token}/act`, {at: before.actions, choice: choice.value});
    assert.equal(acted.status, 200, JSON.stringify(acted.json));
    if (stop(before, choice)) return true;
  }
  return false;
}

test('61.1 Lebanon \'82: a face-down support commitment cannot be read from what is left in the pool', async () => {
  const started = await lobby('POST', '/api/new', {scenario: 'lebanon_82/1982', seed: 11,
    sides: {israel: 'person', syria: 'person', plo: 'person'}});
  const links = Object.fromEntries(Object.entries(started.links).map(([who, link]) => [who, tokenOf(link)]));
  const browser = await launch();
  try {
    const page = await openPage(browser);
    const answers = recordAnswers(page);
    await page.goto(`${BASE}/play/${links.israel}`);
    await waitReady(page);
    // An Arab side commits a marker face down (8.3): Israel holds its own link only.
    let committed = null;
    const pools = async () => {
      const view = (await api('GET', `/api/play/${links.israel}/state`)).json.view;
      return Object.fromEntries(view.locations.filter((l) => /^(syria|plo)_support$/.test(l.id)).map((l) => [l.id, l]));
    };
    const found = await playUntil(links, (before, choice) => {
      const arab = before.view.deciding === 'syria' || before.view.deciding === 'plo';
      if (arab && /commit a marker/.test(before.view.prompt) && choice.option !== 'done') {
        committed = {side: before.view.deciding, actions: before.actions + 1};
        return true;
      }
      return false;
    });
    assert.ok(found, 'an Arab side committed a support marker');
    await page.waitForFunction((k) => Number(document.body.dataset.actions) >= k, {timeout: 10000}, committed.actions);
    const pool = (await pools())[`${committed.side}_support`];
    // Israel sees how many markers the pool holds, and none of them.
    assert.equal(pool.hidden, true, `Israel sees the pieces of ${pool.id}: ${JSON.stringify(pool.pieces)}`);
    assert.equal(pool.pieces, undefined);
    // Nothing the page was sent names an Arab pool's markers.
    for (const {url, text} of answers) {
      if (!url.includes('/state')) continue;
      const view = JSON.parse(text).view;
      for (const l of view.locations.filter((x) => /^(syria|plo)_support$/.test(x.id)))
        assert.ok(l.hidden && !l.pieces, `${url} shows the pieces of ${l.id}`);
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});

test('61.2: a side is sent no hash of the whole state, and its typed seed does not give the dice', async () => {
  const started = await lobby('POST', '/api/new', {scenario: 'next_war_in_lebanon/next_war', seed: 7,
    sides: {idf: 'person', insurgent: 'person'}});
  const links = Object.fromEntries(Object.entries(started.links).map(([who, link]) => [who, tokenOf(link)]));
  const browser = await launch();
  try {
    const page = await openPage(browser);
    const answers = recordAnswers(page);
    await page.goto(`${BASE}/play/${links.idf}`);
    await waitReady(page);
    // A few actions of both sides, so that the page follows the game.
    let acted = 0;
    await playUntil(links, () => ++acted >= 12);
    await page.waitForFunction((k) => Number(document.body.dataset.actions) >= k, {timeout: 10000}, 12);
    // The host's hash, read from the save as the host reads it.
    const cli = (args) => JSON.parse(execFileSync(process.env.CARDBOARD_BINARY, args,
      {cwd: process.env.CARDBOARD_PROJECT, encoding: 'utf8'}));
    const host = cli(['status', path.join(process.env.CARDBOARD_SAVES, started.save), '--json']);
    assert.match(host.state_hash, /^[0-9a-f]{16}$/);
    const states = answers.filter((a) => a.url.includes('/state'));
    assert.ok(states.length > 0, 'the page read its state');
    for (const {url, text} of answers) assert.ok(!text.includes(host.state_hash), `${url} carries the whole state's hash`);
    for (const {text} of states) {
      const view = JSON.parse(text).view;
      assert.equal(view.state_hash, null);
      assert.match(view.view_hash, /^[0-9a-f]{16}$/);
    }
    // Seed 7 as the generator's seed is another game: trying typed seeds
    // offline finds nothing (a game of seed 7 served and one made offline
    // start in different states).
    const fresh = await lobby('POST', '/api/new', {scenario: 'next_war_in_lebanon/next_war', seed: 7});
    const servedStart = cli(['status', path.join(process.env.CARDBOARD_SAVES, fresh.save), '--json']).state_hash;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardboard-secrecy-'));
    try {
      const offline = cli(['new', 'next_war_in_lebanon/next_war', '--seed', '7', '--save', path.join(dir, 'x.cbsave'), '--json']);
      assert.notEqual(servedStart, offline.state_hash, 'the served game of seed 7 starts as seed 7 offline starts');
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
