// The replay page: a save of a few Golan actions opened as a replay.
// Proves: the slider runs from 0 to the number of actions; moving it or the
// step buttons moves the board (the armour at Kuneitra, then at 0503) and
// the log with it (after a jump, in one request); "Take over from here" starts a new game at that action
// and shows its links, which open a page at that action.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {BASE, api, launch, lobby, openPage, shot, tokenOf, waitActions, waitReady} from './helpers.mjs';

async function act(link, at, choice) {
  const answer = await api('POST', `/api/play/${tokenOf(link)}/act`, {at, choice});
  assert.equal(answer.status, 200, `act ${choice}: ${JSON.stringify(answer.json)}`);
}

test('Replay: slider, steps, log and take-over', async () => {
  const started = await lobby('POST', '/api/new', {scenario: 'golan/october', seed: 5, sides: {syria: 'person', israel: 'person'}});
  await act(started.links.syria, 0, 'piece=1');
  await act(started.links.syria, 1, 'piece=1,to=0503');
  await act(started.links.syria, 2, 'piece=2');
  const {link} = await lobby('POST', '/api/replay', {save: started.save});
  assert.match(link, /^\/replay\/[0-9a-f]{32}$/);

  const browser = await launch();
  try {
    const page = await openPage(browser);
    // The host's browser: the printed address leaves the key in a cookie
    // (taking over starts a game, which is the host's to do).
    await page.goto(`${BASE}/?key=${process.env.CARDBOARD_KEY}`);
    await page.goto(BASE + link);
    await waitReady(page);
    assert.equal(await page.$eval('#replay-slider', (n) => n.max), '3');
    assert.equal(await page.evaluate(() => document.body.dataset.actions), '0');
    assert.ok(await page.$('.pieces [data-at="0804"]'), 'at the start the armour is at Kuneitra');
    assert.equal(await page.$('.pieces [data-at="0503"]'), null);
    const startLines = await page.$$eval('#log .log-line', (n) => n.length);
    const asked = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname + new URL(r.url()).search));

    // The slider to the end.
    await page.$eval('#replay-slider', (n) => {
      n.value = '3';
      n.dispatchEvent(new Event('input', {bubbles: true}));
    });
    await waitActions(page, 3);
    assert.ok(await page.$('.pieces [data-at="0503"]'), 'at the end the armour is at 0503');
    // The events of the actions jumped over are fetched after the board is shown.
    await page.waitForFunction(() => document.getElementById('log').textContent.includes('to 0503'), {timeout: 5000});
    assert.ok((await page.$$eval('#log .log-line', (n) => n.length)) > startLines);
    // The jump asked for the board at 3 and, once, for the log up to it.
    assert.deepEqual(asked.filter((u) => /\/(at|log)/.test(u)).map((u) => u.replace(/^.*\/api\/replay\/[0-9a-f]+/, '')),
      ['/at/3', '/log?upto=3']);
    assert.match(await page.$eval('#replay-position', (n) => n.textContent), /3 \/ 3/);
    await shot(page, 'replay-end');

    // Step back, and to the start.
    await page.click('#replay-prev');
    await waitActions(page, 2);
    await page.click('#replay-start');
    await waitActions(page, 0);
    assert.equal(await page.$('.pieces [data-at="0503"]'), null);
    assert.ok(!(await page.$eval('#log', (n) => n.textContent)).includes('to 0503'), 'the log follows back');
    await page.click('#replay-next');
    await page.click('#replay-next');
    await waitActions(page, 2);
    assert.ok(await page.$('.pieces [data-at="0503"]'));

    // Take over at action 2: a new game with its own links.
    await page.click('#take-over');
    await page.waitForSelector('#take-over-links [data-link="syria"]');
    const syriaLink = await page.$eval('#take-over-links [data-link="syria"] input', (n) => n.value);
    assert.ok(await page.$('#take-over-links [data-link="spectator"]'));
    await shot(page, 'replay-take-over');
    const taken = await openPage(browser);
    await taken.goto(syriaLink);
    await waitReady(taken);
    assert.equal(await taken.evaluate(() => document.body.dataset.actions), '2');
    assert.ok(await taken.$('[data-choice]'), 'Syria decides in the new game');
    await shot(taken, 'replay-taken-over');
    assert.deepEqual(page.problems, []);
    assert.deepEqual(taken.problems, []);
  } finally {
    await browser.close();
  }
});
