// A hint in the browser: the player's Hint button asks the server's bot
// what it would take at the decision. Proves: the button is offered to the
// side that decides and to nobody else; the bot's choice is named and its
// button marked among the choices, with its most tried choices and how sure
// it is of them; nothing is taken; the hint lapses once the game moves on.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {BASE, actionsOf, launch, lobby, openPage, shot, waitActions, waitDecision, waitReady} from './helpers.mjs';

test('Hint: the bot names its choice and marks it, and takes nothing', async () => {
  const started = await lobby('POST', '/api/new', {scenario: 'arab_israeli_wars/1948', seed: 5});
  const browser = await launch();
  try {
    const page = await openPage(browser);
    await page.goto(BASE + started.links.israel);
    await waitReady(page);
    await waitDecision(page);
    const before = await actionsOf(page);
    assert.equal(await page.$eval('#hint', (n) => n.hidden), false, 'the deciding side is offered a hint');
    await page.click('#hint');
    await page.waitForFunction(() => !document.getElementById('hint-box').hidden, {timeout: 30000});
    await shot(page, 'hint');
    const said = await page.$eval('#hint-box', (n) => n.textContent);
    const named = said.match(/would take (\d+)\./);
    assert.ok(named, `the hint names a choice: ${said}`);
    assert.match(said, /most tried choices/);
    // How sure it is, in words (issue 61.8): a clear preference or a guess.
    assert.match(said, /A clear preference: its playouts gave it \d+% against \d+%|A guess: the bot cannot tell its two most tried choices apart/);
    const marked = await page.$$eval('#choices .choice.hinted', (n) => n.map((b) => b.dataset.choice));
    assert.deepEqual(marked, [named[1]], 'its choice is marked, and only it');
    assert.equal(await actionsOf(page), before, 'nothing was taken');

    // Taking a choice moves the game on: the hint lapses.
    await page.click('#choices [data-choice]:not([disabled])');
    await waitActions(page, before + 1, 10000);
    await page.waitForFunction(() => document.getElementById('hint-box').hidden, {timeout: 10000});
    assert.equal(await page.$$eval('#choices .choice.hinted', (n) => n.length), 0, 'no choice is marked any more');

    // A spectator is offered none.
    const watcher = await openPage(browser);
    await watcher.goto(BASE + started.links.spectator);
    await waitReady(watcher);
    assert.equal(await watcher.$eval('#hint', (n) => n.hidden), true, 'no hint for a spectator');
    assert.deepEqual(page.problems, []);
    assert.deepEqual(watcher.problems, []);
  } finally {
    await browser.close();
  }
});
