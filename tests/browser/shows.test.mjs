// Issue 61.6: a choice that stands for hexes lights them. Lebanon '82's
// "Sector of the 880" (10.3) offers four sectors by their words; pointing at
// one lights every hex of it on the board, and leaving it puts them out.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {BASE, api, launch, lobby, openChoices, openPage, tokenOf, waitReady} from './helpers.mjs';

test("61.6 Lebanon '82: pointing at a sector of the 880 lights its hexes", async () => {
  const started = await lobby('POST', '/api/new', {scenario: 'lebanon_82/1982', seed: 2,
    sides: {israel: 'person', syria: 'person', plo: 'person'}});
  const token = tokenOf(started.links.israel);
  // Israel sets up first (10.3): its earlier placements taken, to the 880's sector.
  let open = await openChoices(token);
  for (let n = 0; n < 200 && open.view.prompt !== 'Sector of the 880'; n++) {
    const acted = await api('POST', `/api/play/${token}/act`, {at: open.actions, choice: open.choices[0].value});
    assert.equal(acted.status, 200, JSON.stringify(acted.json));
    open = await openChoices(token);
  }
  assert.equal(open.view.prompt, 'Sector of the 880');
  assert.equal(open.choices.length, 4, 'the four sectors it may take');
  for (const c of open.choices) assert.ok(c.shows && c.shows.length > 10, `${c.text} shows its hexes`);
  const browser = await launch();
  try {
    const page = await openPage(browser);
    await page.goto(`${BASE}/play/${token}`);
    await waitReady(page);
    const lit = () => page.$$eval('svg.board .location.hex.hinted', (n) => n.map((x) => x.getAttribute('data-location')).sort());
    assert.deepEqual(await lit(), []);
    for (const c of open.choices) {
      await page.hover(`#choices [data-choice="${c.n}"]`);
      assert.deepEqual(await lit(), [...c.shows].sort(), `${c.text}: its hexes lit`);
    }
    await page.mouse.move(1, 1);
    assert.deepEqual(await lit(), [], 'none lit once the pointer leaves the buttons');
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
