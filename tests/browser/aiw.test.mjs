// Arab Israeli Wars in the browser: a solitaire card game (no map) played by
// clicking the choice buttons. Proves: the lobby starts a game with a bot
// for the automatic side; the page shows the cards in their trays; each
// click acts, the action count and the log grow; the game runs to its end
// or to a fixed number of actions without an error on the page.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {BASE, launch, lobby, openPage, shot, waitActions, waitReady} from './helpers.mjs';

const MOST_ACTIONS = 40;

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

    let actions = Number(await page.evaluate(() => document.body.dataset.actions));
    let logLines = await page.$$eval('#log .log-line', (n) => n.length);
    let clicks = 0;
    while (clicks < MOST_ACTIONS) {
      if (await page.evaluate(() => document.body.classList.contains('finished'))) break;
      const buttons = await page.$$('[data-choice]');
      if (!buttons.length) {
        // The Arabs' turn is played by the server; wait for it to come back.
        await page.waitForFunction((k) => document.body.dataset.actions !== String(k) || document.querySelector('[data-choice]')
          || document.body.classList.contains('finished'), {timeout: 5000}, actions);
        actions = Number(await page.evaluate(() => document.body.dataset.actions));
        continue;
      }
      // A fixed, varied pick: the choices in turn.
      const pick = buttons[clicks % buttons.length];
      try {
        await pick.click();
      } catch (e) {
        // The page redrew its choices between finding the button and the
        // click (a stream's event arrived): look again, as a person would.
        if (/detached|not clickable/i.test(String(e.message))) continue;
        throw e;
      }
      await page.waitForFunction((k) => Number(document.body.dataset.actions) > k, {timeout: 5000}, actions);
      const now = Number(await page.evaluate(() => document.body.dataset.actions));
      assert.ok(now > actions, 'the click acted');
      actions = now;
      clicks++;
      const lines = await page.$$eval('#log .log-line', (n) => n.length);
      assert.ok(lines >= logLines, 'the log does not shrink');
      logLines = lines;
    }
    await shot(page, 'aiw-after');
    assert.ok(clicks >= 10 || (await page.evaluate(() => document.body.classList.contains('finished'))), `${clicks} clicks`);
    assert.ok(logLines > 10, `the log grew (${logLines} lines)`);
    // Cards on the board: every drawn piece is a card in a card game.
    const drawnCards = await page.$$eval('g.card[data-piece]', (n) => n.length);
    assert.ok(drawnCards > 0, 'cards are drawn');
    const finished = await page.evaluate(() => document.body.classList.contains('finished'));
    if (finished) assert.match(await page.$eval('#status', (n) => n.textContent), /Game over/);
    assert.deepEqual(page.problems, []);
    assert.deepEqual(page.dialogs, []);
  } finally {
    await browser.close();
  }
});
