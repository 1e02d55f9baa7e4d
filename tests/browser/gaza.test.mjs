// A Reign of Missiles (Gaza 2012) in the browser, played to its end: a
// solitaire game on an area map, Hamas played by the rules. Proves: the
// area map is drawn (every area, every connection with its arrowheads) and
// the launchers stand in their Gaza areas, every counter inside its area's
// box however crowded (at the start and the end); a person places the Iron Domes by
// clicking areas and attacks launchers by clicking their counters, the rest
// by the buttons; each act grows the action count and the log (with rule
// references); the rest of the game, played through the server's requests,
// reaches the page by its stream: the counters stay where the view puts
// them and the game ends (Game over) with no error on the page.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {BASE, api, drawnWhereTheViewSays, launch, lobby, openPage, picker, playByRequests, playToEnd, shot, tokenOf, waitReady}
  from './helpers.mjs';

// Each counter drawn in an area, and whether it lies inside the area's box
// (a crowded area must not spill its counters over its neighbours).
async function countersInsideTheirAreas(page) {
  return page.evaluate(() => {
    const out = [];
    for (const area of document.querySelectorAll('.area-map .location.area')) {
      const id = area.getAttribute('data-location');
      const box = area.querySelector('.area-fill').getBoundingClientRect();
      for (const c of document.querySelectorAll(`.pieces [data-at="${id}"]`)) {
        const r = (c.querySelector('.counter-body') || c).getBoundingClientRect();
        const inside = r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
        out.push({area: id, piece: c.getAttribute('data-piece'), inside});
      }
    }
    return out;
  });
}

test('Gaza 2012: the area map played by pointing, then followed by its stream to the end of the game', async () => {
  const started = await lobby('POST', '/api/new', {scenario: 'reign_of_missiles/gaza_2012', seed: 3});
  assert.ok(started.links.israel, 'a link for Israel');
  assert.equal(started.links.hamas, undefined, 'no link for the automatic Hamas');
  const token = tokenOf(started.links.israel);
  const board = (await api('GET', `/api/play/${token}/board`)).json;
  const map = board.maps.find((m) => m.kind === 'area');
  const onMap = new Set(board.locations.filter((l) => l.map).map((l) => l.id));
  const browser = await launch();
  try {
    const page = await openPage(browser);
    await page.goto(BASE + started.links.israel);
    await waitReady(page);

    // The map: one box per area, one line per connection, arrowheads on the
    // directed ones (the rockets' arrows).
    assert.equal(await page.$$eval('.area-map .location.area', (n) => n.length), map.areas.length, 'every area drawn');
    assert.equal(await page.$$eval('.area-map line.connection', (n) => n.length), map.connections.length, 'every connection drawn');
    assert.ok(await page.$$eval('.area-map line.connection.directed[marker-end]', (n) => n.length) > 0, 'arrows drawn');
    assert.equal(await page.$eval('[data-location="g1"] .area-title', (n) => n.textContent), 'North Gaza');

    // The set-up deployed the launchers into the four Gaza areas: their
    // counters stand inside those boxes.
    const pieces = await drawnWhereTheViewSays(page, token, onMap);
    assert.ok(pieces >= 10, `${pieces} launchers on the map`);
    const inside = await countersInsideTheirAreas(page);
    assert.ok(inside.length >= 10, `${inside.length} counters in areas`);
    assert.deepEqual(inside.filter((c) => !c.inside), [], 'every counter inside its area');
    assert.match(await page.$eval('#status', (n) => n.textContent), /Place Iron Dome 1 of 8/);
    assert.ok(await page.$$eval('.area-map .location.target', (n) => n.length) >= 3, 'the areas an Iron Dome may go to are lit');
    await shot(page, 'gaza-start');

    // The first Iron Dome, placed by a click on its area, appears there.
    const firstArea = await page.$eval('.area-map .location.target', (n) => n.getAttribute('data-location'));
    await page.click(`[data-location="${firstArea}"] .area-title`);
    await page.waitForFunction(() => document.body.dataset.actions === '1');
    assert.ok(await page.$(`.pieces [data-at="${firstArea}"]`), `an Iron Dome in ${firstArea}`);
    const startLog = await page.$$eval('#log .log-rule', (n) => n.length);

    // The first turns by pointing at the map and pressing buttons; the rest
    // of the game (hundreds of decisions, the same kinds) through the
    // server's requests, the page following the stream to the end.
    const pick = picker(3);
    const played = await playToEnd(page, token, {pick, most: 80});
    const rest = await playByRequests(token, {pick});
    await page.waitForFunction(() => document.body.classList.contains('finished'), {timeout: 10000});
    console.log(`# Gaza: ${played.actions} actions, ${played.board} by pointing at the board, ${played.button} by buttons, then ${rest} decisions by requests`);
    await shot(page, 'gaza-end');

    assert.ok(rest > 0, 'the game went on after the page\'s decisions');
    assert.ok(await page.evaluate(() => document.body.classList.contains('finished')));
    assert.match(await page.$eval('#status', (n) => n.textContent), /Game over/);
    assert.ok(played.board >= 10, `${played.board} choices by pointing at the board`);
    assert.equal(await page.$$eval('[data-choice]', (n) => n.length), 0, 'no choices once over');
    const rules = await page.$$eval('#log .log-rule', (n) => n.map((x) => x.textContent));
    assert.ok(rules.length > startLog + played.decisions + rest, `the log grew (${rules.length} rule references)`);
    for (const rule of ['[10.2]', '[7.1]', '[7.1.1]']) assert.ok(rules.includes(rule), `the log cites ${rule}`);
    assert.match(await page.$eval('#log', (n) => n.textContent), /game over/i);
    await drawnWhereTheViewSays(page, token, onMap);
    assert.deepEqual((await countersInsideTheirAreas(page)).filter((c) => !c.inside), [], 'every counter inside its area');
    assert.deepEqual(page.problems, []);
    assert.deepEqual(page.dialogs, []);
  } finally {
    await browser.close();
  }
});
