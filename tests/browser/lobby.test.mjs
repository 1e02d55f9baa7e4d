// The lobby: the printed address (with the key) opens it; a game started
// from its form against the bot gets a link for the person's side and one
// for spectators, none for the bot's side; the save is listed with its bot, and its
// Replay button opens the replay page. Without the key there is no lobby.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {BASE, KEY, launch, openPage, shot, waitReady} from './helpers.mjs';

test('lobby: start a game against the bot, list its save, replay it', async () => {
  const browser = await launch();
  try {
    const stranger = await openPage(browser);
    const refused = await stranger.goto(`${BASE}/`);
    assert.equal(refused.status(), 403, 'no lobby without the key');

    const page = await openPage(browser);
    await page.goto(`${BASE}/?key=${KEY}`);
    await waitReady(page);
    assert.equal(new URL(page.url()).search, '', 'the key leaves the address bar');
    const offered = await page.$$eval('[data-game="golan"] select[data-side="israel"] option', (n) => n.map((o) => o.value));
    assert.deepEqual(offered.slice(0, 3), ['person', 'bot', 'bot:random'], 'a person, the server\'s bot, a bot of its own');
    assert.ok(offered.some((v) => v.startsWith('bot:mcts:')), 'a search bot of its own');
    await page.select('[data-game="golan"] select[data-side="israel"]', 'bot:mcts:iterations=200,depth=40');
    await page.type('[data-game="golan"] input[name="seed"]', '9');
    await page.click('[data-start="golan"]');
    await page.waitForSelector('#started [data-link="syria"]');
    assert.equal(await page.$('#started [data-link="israel"]'), null, 'no link for the bot');
    assert.ok(await page.$('#started [data-link="spectator"]'));
    assert.match(await page.$eval('#started', (n) => n.textContent), /Send this link only to the player of Syria/);
    const link = await page.$eval('#started [data-link="syria"] input', (n) => n.value);
    assert.match(link, /\/play\/[0-9a-f]{32}$/);
    await shot(page, 'lobby-started');

    // Syria's page plays against the bot.
    const syria = await openPage(browser);
    await syria.goto(link);
    await waitReady(syria);
    assert.ok(await syria.$('[data-choice]'), 'Syria decides first');

    // The save is listed with its bot; Replay opens it.
    await page.waitForSelector('[data-replay]');
    const save = await page.$eval('#started .link-note', (n) => n.textContent.match(/Saved as (\S+)\./)[1]);
    const row = await page.$eval(`[data-replay="${save}"]`, (n) => n.closest('tr').textContent);
    assert.match(row, /israel=mcts:iterations=200,depth=40/, 'the save names the bot that plays it');
    await Promise.all([page.waitForNavigation(), page.click(`[data-replay="${save}"]`)]);
    assert.match(page.url(), /\/replay\/[0-9a-f]{32}$/);
    await waitReady(page);
    assert.ok(await page.$('#replay-slider'));
    assert.deepEqual(page.problems, []);
    assert.deepEqual(syria.problems, []);
  } finally {
    await browser.close();
  }
});
