// Arab Israeli Wars with house rules (a mod of AIW) in the browser, played
// to its end by pointing at the cards and the fronts. Proves: the page
// shows the mod's titles and its weaker Arab start (2 TT at each front, not
// the base game's 3); a card is deployed by clicking its front's tray, a
// card chosen by clicking it, a transfer by clicking the card then the lit
// front; each act grows the action count and the log (with rule
// references); the game ends (Game over) with no error on the page.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {BASE, launch, lobby, openChoices, openPage, picker, playToEnd, shot, tokenOf, waitReady} from './helpers.mjs';

// The value each Arab TT track shows: the index of its marked box (they start at 0).
async function arabTT(page) {
  return page.$$eval('[data-track^="arab_tt_"]', (tracks) => tracks.map((t) =>
    [...t.querySelectorAll('.track-box')].findIndex((b) => b.classList.contains('marked'))));
}

test('AIW house rules: a whole game played by pointing at cards and fronts', async () => {
  const started = await lobby('POST', '/api/new', {scenario: 'aiw_house_rules/1948', seed: 3});
  assert.ok(started.links.israel, 'a link for Israel');
  assert.equal(started.links.arab, undefined, 'no link for the automatic Arabs');
  const token = tokenOf(started.links.israel);
  const browser = await launch();
  try {
    const page = await openPage(browser);
    await page.goto(BASE + started.links.israel);
    await waitReady(page);

    const header = await page.$eval('#header', (n) => n.textContent);
    assert.match(header, /Arab Israeli Wars \(house rules\)/);
    assert.match(header, /1948: War of Independence \(house rules\)/);
    assert.deepEqual(await arabTT(page), [2, 2, 2], 'house rule 2: the Arabs start with 2 TT at each front');
    assert.match(await page.$eval('#log', (n) => n.textContent), /the Arabs start with 2 TT at each front/);
    for (const front of ['north', 'central', 'south']) assert.ok(await page.$(`[data-location="${front}"].tray`), `tray ${front}`);
    assert.ok(await page.$$eval('[data-location="israeli_hand"] g.card[data-piece]', (n) => n.length) >= 1, 'the hand shows its cards');

    // The first decision deploys a card of the hand: the fronts are lit,
    // and a click on one's tray deploys it there.
    const {choices} = await openChoices(token);
    const fronts = choices.filter((c) => c.kind === 'location').map((c) => c.location).sort();
    assert.deepEqual(fronts, ['central', 'north', 'south']);
    const lit = await page.$$eval('.trays .location.target', (n) => n.map((x) => x.getAttribute('data-location')).sort());
    assert.deepEqual(lit, fronts, 'the fronts are lit');
    await shot(page, 'aiw-house-rules-start');
    const before = await page.$$eval('[data-location="north"] g.card[data-piece]', (n) => n.length);
    await page.click('[data-location="north"] .tray-title');
    await page.waitForFunction(() => document.body.dataset.actions === '1');
    assert.equal(await page.$$eval('[data-location="north"] g.card[data-piece]', (n) => n.length), before + 1, 'the card went north');

    const played = await playToEnd(page, token, {pick: picker(3)});
    console.log(`# AIW house rules: ${played.actions} actions, ${played.board} by pointing at cards and fronts, ${played.button} by buttons`);
    await shot(page, 'aiw-house-rules-end');

    assert.ok(played.finished, 'the game ended');
    assert.match(await page.$eval('#status', (n) => n.textContent), /Game over/);
    assert.ok(played.board >= 10, `${played.board} choices by pointing`);
    const rules = await page.$$eval('#log .log-rule', (n) => n.map((x) => x.textContent));
    for (const rule of ['[1]', '[3]', '[4]', '[5]']) assert.ok(rules.includes(rule), `the log cites ${rule}`);
    assert.ok(rules.length > played.decisions, 'the log grew');
    assert.equal(await page.$$eval('[data-choice]', (n) => n.length), 0, 'no choices once over');
    assert.deepEqual(page.problems, []);
    assert.deepEqual(page.dialogs, []);
  } finally {
    await browser.close();
  }
});
