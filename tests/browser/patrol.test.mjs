// Patrol (the valley) in the browser, played to its end: a solitaire hex
// game, the insurgents played by the rules. Proves: the hex map is drawn
// (every hex, the Wadi and its bridge, the villages' names) with the patrol
// at the Outpost and the hideouts' chits hidden; the patrol's objectives
// light up as hexes, and clicking the counter then a lit hex moves it; the
// searches, whose words hold a comma, are taken by their buttons; each act
// grows the action count and the log (with rule references); the counter
// stays where the view puts it; the game ends (Game over) with no error on
// the page.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {BASE, api, drawnWhereTheViewSays, launch, lobby, openChoices, openPage, picker, playToEnd, shot, tokenOf, waitReady}
  from './helpers.mjs';

test('Patrol: a whole game played by pointing at the hex map', async () => {
  const started = await lobby('POST', '/api/new', {scenario: 'patrol/valley', seed: 4});
  assert.ok(started.links.patrol, 'a link for the patrol');
  assert.equal(started.links.insurgents, undefined, 'no link for the automatic insurgents');
  const token = tokenOf(started.links.patrol);
  const board = (await api('GET', `/api/play/${token}/board`)).json;
  const map = board.maps.find((m) => m.kind === 'hex');
  const onMap = new Set(board.locations.filter((l) => l.map).map((l) => l.id));
  const browser = await launch();
  try {
    const page = await openPage(browser);
    await page.goto(BASE + started.links.patrol);
    await waitReady(page);

    // The map: 8 by 6 hexes, the Wadi's four river hexsides and its bridge,
    // the places by name; the patrol at the Outpost; a hidden chit in each
    // village's hideout.
    assert.equal(await page.$$eval('.hex-map .location.hex', (n) => n.length), map.hexes.length);
    assert.equal(map.hexes.length, 48);
    assert.equal(await page.$$eval('.hexside[data-feature="river"]', (n) => n.length), 4);
    assert.equal(await page.$$eval('.hexside[data-feature="bridge"]', (n) => n.length), 1);
    const names = await page.$$eval('.place-name', (n) => n.map((x) => x.textContent));
    for (const place of ['Outpost', 'Amra', 'Kessa', 'Dorn', 'Velik', 'Tamar']) assert.ok(names.includes(place), `${place} named`);
    const patrol = await page.$eval('.pieces [data-at="0101"][data-piece]', (n) => n.getAttribute('data-piece'));
    assert.equal(await drawnWhereTheViewSays(page, token, onMap), 1, 'the patrol alone is on the map');
    for (const village of ['amra', 'kessa', 'dorn', 'velik', 'tamar']) {
      assert.equal(await page.$eval(`[data-location="hideout_${village}"] .tray-count`, (n) => n.textContent), '1', `${village}'s chit`);
    }

    // The only counter that can move starts selected, its objectives lit:
    // one lit hex for each move. Clicking it puts it down and picks it up.
    const {choices} = await openChoices(token);
    const moves = choices.filter((c) => c.kind === 'move');
    assert.equal(moves.length, 5, 'a move to each objective');
    await page.waitForSelector(`.pieces [data-piece="${patrol}"].selected`);
    const lit = await page.$$eval('.hex-map .location.target', (n) => n.map((x) => x.getAttribute('data-location')).sort());
    assert.deepEqual(lit, moves.map((c) => c.to).sort());
    await shot(page, 'patrol-start');
    await page.click(`.pieces [data-piece="${patrol}"]`);
    await page.waitForFunction(() => !document.querySelector('.hex-map .location.target'));
    await page.click(`.pieces [data-piece="${patrol}"]`);
    await page.waitForSelector('.hex-map .location.target');
    assert.equal(await page.evaluate(() => document.body.dataset.actions), '0', 'selecting is not acting');

    // The game, the moves by pointing and the rest by buttons.
    const played = await playToEnd(page, token, {pick: picker(4)});
    console.log(`# Patrol: ${played.actions} actions, ${played.board} by pointing at the hex map, ${played.button} by buttons`);
    await shot(page, 'patrol-end');

    assert.ok(played.finished, 'the game ended');
    assert.match(await page.$eval('#status', (n) => n.textContent), /Game over/);
    assert.ok(played.board >= 5, `${played.board} moves by pointing`);
    assert.ok(played.taken.some((t) => /^Search .*, \d\+\)$/.test(t)), `a search taken: ${played.taken}`);
    const rules = await page.$$eval('#log .log-rule', (n) => n.map((x) => x.textContent));
    for (const rule of ['[2]', '[3]', '[4]']) assert.ok(rules.includes(rule), `the log cites ${rule}`);
    assert.match(await page.$eval('#log', (n) => n.textContent), /Patrol moved from Outpost \(0101\)/);
    assert.ok(rules.length > played.decisions, 'the log grew');
    // The log follows the game: its newest line is in view, though the
    // panel above it changed height with every decision.
    const log = await page.$eval('#log', (n) => ({top: n.scrollTop, height: n.clientHeight, full: n.scrollHeight}));
    assert.ok(log.full - log.top - log.height < 40, `the newest log line in view: ${JSON.stringify(log)}`);
    assert.ok((await drawnWhereTheViewSays(page, token, onMap)) >= 1, 'the patrol on the map, where the view puts it');
    assert.deepEqual(page.problems, []);
    assert.deepEqual(page.dialogs, []);
  } finally {
    await browser.close();
  }
});

// The answer to a click can come after the stream has already brought the
// new state, which the page drew while waiting (its choices shut): the page
// must then open the new decision all the same, not leave it shut.
test('Patrol: an answer slower than the stream leaves the next decision open', async () => {
  const started = await lobby('POST', '/api/new', {scenario: 'patrol/valley', seed: 1});
  const browser = await launch();
  try {
    const page = await openPage(browser);
    const cdp = await page.createCDPSession();
    await cdp.send('Fetch.enable', {patterns: [{urlPattern: '*/act', requestStage: 'Response'}]});
    cdp.on('Fetch.requestPaused', async (e) => {
      await page.waitForFunction(() => document.body.dataset.actions === '1', {timeout: 5000}).catch(() => {});
      await cdp.send('Fetch.continueRequest', {requestId: e.requestId});
    });
    await page.goto(BASE + started.links.patrol);
    await waitReady(page);
    await page.click('#choices [data-choice="1"]'); // stay at the Outpost
    await page.waitForSelector('#choices [data-choice]:not([disabled])', {timeout: 5000});
    assert.equal(await page.evaluate(() => document.body.dataset.actions), '1');
    assert.match(await page.$eval('#status', (n) => n.textContent), /Search/);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
