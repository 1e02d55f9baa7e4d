// Golan 1973 between two people, each in a browser of their own opened on
// their side's link. Proves: clicking a counter lights up its destinations;
// clicking one moves it, and the other page shows the move within a second;
// each page shows the other side's hidden pieces as blank backs, and
// neither the page nor what the server sends it names a piece the fog hides;
// an undo past the reveal is asked of the other page, which declines, then
// agrees.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {BASE, api, launch, lobby, openChoices, openPage, pageDump, picker, shot, tokenOf, waitReady} from './helpers.mjs';

// The names of `side`'s pieces that `reader`'s view hides (on the map, fogged).
async function hiddenNames(ownLink, otherLink) {
  const own = (await api('GET', `/api/play/${tokenOf(ownLink)}/state`)).json.view;
  const other = (await api('GET', `/api/play/${tokenOf(otherLink)}/state`)).json.view;
  const shownToOther = new Set();
  for (const l of other.locations) for (const p of l.pieces || []) if (!p.hidden) shownToOther.add(p.name);
  const hidden = new Set();
  for (const l of own.locations) {
    const seen = other.locations.find((o) => o.id === l.id);
    for (const p of l.pieces || []) {
      if (p.hidden || p.owner !== own.as) continue;
      const shown = seen && (seen.pieces || []).some((q) => !q.hidden && q.id === p.id);
      if (!shown && !shownToOther.has(p.name)) hidden.add(p.name);
    }
  }
  return [...hidden];
}

test('Golan: two people, two browsers, fog of war', async () => {
  const started = await lobby('POST', '/api/new', {scenario: 'golan/october', seed: 3, sides: {syria: 'person', israel: 'person'}});
  const {syria, israel} = started.links;
  assert.ok(syria && israel && started.links.spectator);
  const browser = await launch();
  try {
    const a = await openPage(browser); // Syria
    const b = await openPage(browser); // Israel
    await Promise.all([a.goto(BASE + syria), b.goto(BASE + israel)]);
    await Promise.all([waitReady(a), waitReady(b)]);

    // Fog: Israel's units on the map are blank backs on Syria's page, and
    // their names are nowhere in Syria's page, state or log.
    const secret = await hiddenNames(israel, syria);
    assert.ok(secret.includes('Israeli Infantry'), `hidden: ${secret}`);
    const backs = await a.$$eval('.pieces [data-hidden-owner="israel"]', (n) => n.length);
    assert.equal(backs, 3, 'three Israeli units on the map show their backs');
    const dumpA = await pageDump(a);
    const stateA = JSON.stringify((await api('GET', `/api/play/${tokenOf(syria)}/state`)).json);
    const logA = JSON.stringify((await api('GET', `/api/play/${tokenOf(syria)}/log?after=-1`)).json);
    for (const name of secret) {
      assert.ok(!dumpA.includes(name), `Syria's page names ${name}`);
      assert.ok(!stateA.includes(name), `Syria's state names ${name}`);
      assert.ok(!logA.includes(name), `Syria's log names ${name}`);
    }
    // And the other way round.
    const secretB = await hiddenNames(syria, israel);
    const dumpB = await pageDump(b);
    for (const name of secretB) assert.ok(!dumpB.includes(name), `Israel's page names ${name}`);
    assert.equal(await b.$$eval('.pieces [data-hidden-owner="syria"]', (n) => n.length), 5);
    assert.match(await b.$eval('#status', (n) => n.textContent), /Waiting for Syria/);
    assert.equal(await b.$$eval('[data-choice]', (n) => n.length), 0, 'Israel has no choices now');
    await shot(a, 'golan-syria-start');
    await shot(b, 'golan-israel-start');

    // Syria clicks its armour at Kuneitra: it is chosen (a `piece` choice),
    // then its destinations light up.
    await a.click('[data-piece="1"]');
    await a.waitForFunction(() => document.body.dataset.actions === '1');
    await a.waitForSelector('.location.target');
    const targets = await a.$$eval('.location.target', (n) => n.map((x) => x.getAttribute('data-location')));
    const moves = await a.$$eval('[data-choice]', (n) => n.length);
    assert.ok(targets.includes('0503'), `0503 lit: ${targets}`);
    assert.equal(targets.length, moves, 'one lit hex for each move choice');
    assert.ok(await a.$('[data-piece="1"].selected'), 'the armour is selected');
    await shot(a, 'golan-syria-destinations');

    // The move, and the other page following it.
    const clicked = Date.now();
    await a.click('[data-location="0503"]');
    await b.waitForFunction(() => document.body.dataset.actions === '2', {timeout: 1000});
    const roundTrip = Date.now() - clicked;
    await a.waitForFunction(() => document.body.dataset.actions === '2');
    // The armour stands beside Israel's infantry, which reveals it.
    const onB = await b.evaluate(() => {
      const log = document.getElementById('log').textContent;
      return {log, revealed: Boolean(document.querySelector('.pieces [data-piece="1"]'))};
    });
    assert.ok(onB.revealed, 'Israel sees the revealed armour');
    assert.match(onB.log, /moved from Kuneitra \(0804\) to 0503/);
    assert.ok(await a.$('.pieces [data-piece="1"]'));
    await shot(a, 'golan-syria-moved');
    await shot(b, 'golan-israel-sees-move');
    console.log(`# round trip of one move to the other page: ${roundTrip} ms`);

    // Undo past what the other side has seen (the reveal) is asked for:
    // Israel's page shows the question; declined, nothing changes; asked
    // again and agreed, both pages go back.
    await a.waitForSelector('#undo:not([hidden]):not([disabled])');
    assert.equal(await a.$eval('#undo', (n) => n.textContent), 'Ask to undo');
    await a.click('#undo');
    await b.waitForSelector('[data-undo-answer="decline"]', {timeout: 2000});
    assert.match(await b.$eval('#undo-proposal', (n) => n.textContent), /Syria asks to take back 1 action\./);
    await a.waitForFunction(() => /waiting for Israel/.test(document.getElementById('undo-proposal').textContent));
    await shot(b, 'golan-israel-asked-to-undo');
    await b.click('[data-undo-answer="decline"]');
    await a.waitForFunction(() => /Israel declined/.test(document.getElementById('undo-proposal').textContent), {timeout: 2000});
    assert.equal(await a.evaluate(() => document.body.dataset.actions), '2');
    await a.waitForSelector('#undo:not([disabled])');
    await a.click('#undo');
    await b.waitForSelector('[data-undo-answer="agree"]', {timeout: 2000});
    await b.click('[data-undo-answer="agree"]');
    await Promise.all([a, b].map((p) => p.waitForFunction(() => document.body.dataset.actions === '1', {timeout: 2000})));
    assert.match(await a.$eval('#undo-proposal', (n) => n.textContent), /All agreed/);
    assert.ok(await a.$('.pieces [data-at="0804"]'), 'the armour is back at Kuneitra');
    await shot(a, 'golan-syria-undone');
    assert.deepEqual(a.problems, []);
    assert.deepEqual(b.problems, []);
  } finally {
    await browser.close();
  }
});

// Issue 61.9: an undo that takes back more than the asking side's last
// action (the other side has played since) says so before it is asked.
test('Golan: asking to take back several actions says how many and which first', async () => {
  const started = await lobby('POST', '/api/new', {scenario: 'golan/october', seed: 4});
  const links = {syria: tokenOf(started.links.syria), israel: tokenOf(started.links.israel)};
  const pick = picker(9);
  const undoOf = async (side) => (await api('GET', `/api/play/${links[side]}/state`)).json;
  // Both sides play until one's undo would take back the other's actions too.
  let asker = null;
  for (let n = 0; n < 400 && !asker; n++) {
    const st = await undoOf('syria');
    if (st.view.finished) break;
    for (const side of ['syria', 'israel']) {
      const u = (await undoOf(side)).undo;
      if (u.needs_agreement && u.count > 1) asker = side;
    }
    if (asker) break;
    const token = links[st.view.deciding];
    const open = await openChoices(token);
    const choice = open.choices[pick(open.choices.length)];
    assert.equal((await api('POST', `/api/play/${token}/act`, {at: open.actions, choice: choice.value})).status, 200);
  }
  assert.ok(asker, 'a side came to need the other side to undo several actions');
  const other = asker === 'syria' ? 'israel' : 'syria';
  const before = await undoOf(asker);
  const count = before.undo.count;
  const browser = await launch();
  try {
    const page = await openPage(browser);
    await page.goto(`${BASE}/play/${links[asker]}`);
    await waitReady(page);
    await page.waitForSelector('#undo:not([hidden]):not([disabled])');
    assert.equal(await page.$eval('#undo', (b) => b.textContent), `Ask to undo ${count} actions`);
    await page.click('#undo');
    await page.waitForSelector('[data-undo-confirm="ask"]');
    const first = before.actions - count + 1;
    assert.match(await page.$eval('#undo-proposal', (n) => n.textContent),
      new RegExp(`take back ${count} actions \\(${first} to ${before.actions}\\), back to and with your last action\\?`));
    // Nothing is asked until the player says so.
    assert.equal((await undoOf(other)).undo.proposal, null);
    await shot(page, 'golan-undo-says-how-many');
    await page.click('[data-undo-confirm="cancel"]');
    await page.waitForFunction(() => document.getElementById('undo-proposal').hidden);
    assert.equal((await undoOf(other)).undo.proposal, null);
    await page.click('#undo');
    await page.click('[data-undo-confirm="ask"]');
    await page.waitForFunction(() => /waiting for/.test(document.getElementById('undo-proposal').textContent));
    const asked = (await undoOf(other)).undo.proposal;
    assert.equal(asked.count, count);
    assert.equal(asked.yours_to_answer, true);
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
  }
});
