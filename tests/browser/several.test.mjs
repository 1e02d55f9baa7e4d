// Issue 61.7: like choices in one go. At Lebanon '82's support commitment
// (8.3: commit a marker, or done) a player picks several markers and
// confirms; the page takes them one decision at a time as the rules ask
// again, and the rules see each as one decision.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {BASE, api, launch, lobby, openChoices, openPage, picker, tokenOf, waitReady} from './helpers.mjs';

// Plays at random by whoever decides until a side is asked to commit a
// support marker with two or more markers offered; returns that side.
async function playToCommitment(links, limit = 3000) {
  const pick = picker(17);
  for (let n = 0; n < limit; n++) {
    const watcher = (await api('GET', `/api/play/${links.spectator}/state`)).json;
    if (watcher.view.finished) return null;
    const side = watcher.view.deciding;
    const open = await openChoices(links[side]);
    const markers = open.choices.filter((c) => c.kind === 'piece');
    if (/commit a marker/.test(open.view.prompt || '') && markers.length >= 2) return side;
    const choice = open.choices[pick(open.choices.length)];
    const acted = await api('POST', `/api/play/${links[side]}/act`, {at: open.actions, choice: choice.value});
    assert.equal(acted.status, 200, JSON.stringify(acted.json));
  }
  return null;
}

test("61.7 Lebanon '82: several support markers committed by one pick and one confirmation", async () => {
  const started = await lobby('POST', '/api/new', {scenario: 'lebanon_82/1982', seed: 3,
    sides: {israel: 'person', syria: 'person', plo: 'person'}});
  const links = Object.fromEntries(Object.entries(started.links).map(([who, link]) => [who, tokenOf(link)]));
  const side = await playToCommitment(links);
  assert.ok(side, 'a side was asked to commit a support marker');
  const before = await openChoices(links[side]);
  const offered = before.choices.filter((c) => c.kind === 'piece').map((c) => c.piece);
  const browser = await launch();
  try {
    const page = await openPage(browser);
    await page.goto(`${BASE}/play/${links[side]}`);
    await waitReady(page);
    await page.click('#several [data-several="start"]');
    // Picking toggles a button, and takes nothing yet.
    const first = before.choices.find((c) => c.kind === 'piece');
    await page.click(`#choices [data-choice="${first.n}"]`);
    assert.equal(await page.$eval(`#choices [data-choice="${first.n}"]`, (b) => b.getAttribute('aria-pressed')), 'true');
    await page.click(`#choices [data-choice="${first.n}"]`);
    assert.equal(await page.$eval(`#choices [data-choice="${first.n}"]`, (b) => b.getAttribute('aria-pressed')), 'false');
    assert.equal(Number(await page.evaluate(() => document.body.dataset.actions)), before.actions);
    await page.click('#several [data-several="all"]');
    assert.equal(await page.$$eval('#choices [aria-pressed="true"]', (n) => n.length), offered.length);
    await page.click('#several [data-several="confirm"]');
    // Done when the page has taken them all, or said where it stopped.
    await page.waitForFunction((n, at) => Number(document.body.dataset.actions) >= at + n ||
      /Took \d+ of/.test(document.getElementById('message').textContent), {timeout: 20000}, offered.length, before.actions);
    await page.waitForFunction(() => !/Taking/.test(document.getElementById('several').textContent), {timeout: 20000});
    const after = await openChoices(links[side]);
    const taken = after.actions - before.actions;
    const message = await page.$eval('#message', (m) => m.textContent);
    console.log(`# 61.7: ${side} took ${taken} of ${offered.length} markers in one go${message ? `: ${message}` : ""}`);
    assert.ok(taken >= 2, `${taken} markers committed (${message})`);
    assert.ok(taken === offered.length || message.startsWith(`Took ${taken} of ${offered.length}`),
      `all ${offered.length} taken, or the page says where it stopped: ${taken}, "${message}"`);
    // Each was its own decision: the log holds one commitment an action.
    const log = (await api('GET', `/api/play/${links[side]}/log?after=${before.actions}`)).json.events || [];
    const actions = new Set(log.filter((e) => e.action > before.actions).map((e) => e.action));
    assert.equal(actions.size, taken);
    // The markers left the side's pool, one an action.
    const pool = (view) => (view.locations.find((l) => l.id === `${side}_support`) || {}).pieces || [];
    assert.equal(pool(before.view).length - pool(after.view).length, taken);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
