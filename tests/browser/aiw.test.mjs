// Arab Israeli Wars in the browser: a solitaire card game (no map) played by
// clicking the choice buttons. Proves: the lobby starts a game whose
// automatic side (the Arabs) the rules play; the page shows the cards in their trays; each
// click acts, the action count and the log grow (with rule references); the
// game runs to its end (Game over) without an error on the page.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {BASE, launch, lobby, openPage, picker, playToEnd, shot, tokenOf, waitReady} from './helpers.mjs';

test('AIW: a game played by clicking its choices', async () => {
  const started = await lobby('POST', '/api/new', {scenario: 'arab_israeli_wars/1948', seed: 11});
  assert.ok(started.links.israel, 'a link for Israel');
  assert.equal(started.links.arab, undefined, 'no link for the automatic Arabs');
  const browser = await launch();
  try {
    const page = await openPage(browser);
    await page.goto(BASE + started.links.israel);
    await waitReady(page);
    await shot(page, 'aiw-start');

    // The board: the three fronts, the decks as hidden piles, the hand's cards.
    for (const front of ['north', 'central', 'south']) assert.ok(await page.$(`[data-location="${front}"]`), `tray ${front}`);
    assert.ok(await page.$('[data-location="israeli_deck"] .hidden-pile'), 'the deck shows its back');
    const cards = await page.$$eval('[data-location="israeli_hand"] [data-piece]', (nodes) => nodes.length);
    assert.ok(cards >= 1, 'the hand shows its cards');
    assert.match(await page.$eval('#status', (n) => n.textContent), /\S/, 'the status says something');

    const startLines = await page.$$eval('#log .log-line', (n) => n.length);
    const played = await playToEnd(page, tokenOf(started.links.israel), {pick: picker(3), point: () => false});
    console.log(`# AIW: ${played.actions} actions, ${played.button} by buttons`);
    await shot(page, 'aiw-end');
    assert.ok(played.finished, `the game ended (${played.actions} actions)`);
    assert.ok(played.button >= 5, `${played.button} clicks`);
    const logLines = await page.$$eval('#log .log-line', (n) => n.length);
    assert.ok(logLines > startLines + played.button, `the log grew (${startLines} to ${logLines} lines)`);
    const rules = await page.$$eval('#log .log-rule', (n) => n.map((x) => x.textContent));
    for (const rule of ['[1]', '[3]', '[5]']) assert.ok(rules.includes(rule), `the log cites ${rule}`);
    // Cards on the board: every drawn piece is a card in a card game.
    const drawnCards = await page.$$eval('g.card[data-piece]', (n) => n.length);
    assert.ok(drawnCards > 0, 'cards are drawn');
    assert.ok(await page.evaluate(() => document.body.classList.contains('finished')));
    assert.match(await page.$eval('#status', (n) => n.textContent), /Game over/);
    assert.equal(await page.$$eval('[data-choice]', (n) => n.length), 0, 'no choices once over');
    assert.deepEqual(page.problems, []);
    assert.deepEqual(page.dialogs, []);
  } finally {
    await browser.close();
  }
});
