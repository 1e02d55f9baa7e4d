// Lebanon '82 (1976: Syria against the PLO) in the browser: the biggest hex
// map of ours, drawn from its data (950 hexes, the Litani and the other
// rivers, the Qaraoun's lake hexsides, the roads, the places by name); the
// Syrian set-up and moves taken by pointing at lit hexes, the PLO a bot;
// every counter where the view puts it; the log citing the exclusive and
// series rules; no error on the page.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {BASE, api, drawnWhereTheViewSays, launch, lobby, openPage, picker, playToEnd, shot, tokenOf, waitReady}
  from './helpers.mjs';

test("Lebanon '82: the 1976 invasion played by pointing at the hex map", async () => {
  const started = await lobby('POST', '/api/new', {scenario: 'lebanon_82/1976', seed: 5, sides: {syria: 'person', plo: 'bot'}});
  assert.ok(started.links.syria, 'a link for Syria');
  const token = tokenOf(started.links.syria);
  const board = (await api('GET', `/api/play/${token}/board`)).json;
  const map = board.maps.find((m) => m.kind === 'hex');
  const onMap = new Set(board.locations.filter((l) => l.map).map((l) => l.id));
  const browser = await launch();
  try {
    const page = await openPage(browser);
    await page.goto(BASE + started.links.syria);
    await waitReady(page);

    assert.equal(map.hexes.length, 38 * 25);
    assert.equal(await page.$$eval('.hex-map .location.hex', (n) => n.length), map.hexes.length);
    assert.ok(await page.$$eval('.hexside[data-feature="river"]', (n) => n.length) > 50, 'the rivers');
    assert.equal(await page.$$eval('.hexside[data-feature="lake"]', (n) => n.length), 5);
    const names = await page.$$eval('.place-name', (n) => n.map((x) => x.textContent));
    for (const place of ['Sidon', 'Tyre', 'Beirut Airport', 'PLO HQ', 'Zahle']) assert.ok(names.includes(place), `${place} named`);

    // 25.1: each Syrian unit set up on a lit hex of the map's north or east edge, then two turns' worth of play.
    const played = await playToEnd(page, token, {pick: picker(6), most: 40});
    console.log(`# Lebanon '82: ${played.actions} actions, ${played.board} by pointing at the hex map, ${played.button} by buttons`);
    await shot(page, 'lebanon_82');
    assert.ok(played.board >= 4, `${played.board} set-ups and moves by pointing`);
    const rules = await page.$$eval('#log .log-rule', (n) => n.map((x) => x.textContent));
    assert.ok(rules.includes('[25.1]'), 'the log cites 25.1');
    assert.ok(rules.includes('[10.5]'), 'the log cites 10.5');
    assert.ok((await drawnWhereTheViewSays(page, token, onMap)) >= 11, 'the units on the map, where the view puts them');
    assert.deepEqual(page.problems, []);
    assert.deepEqual(page.dialogs, []);
  } finally {
    await browser.close();
  }
});
