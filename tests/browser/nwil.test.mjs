// The Next War in Lebanon between two people, each in a browser of their
// own. Proves: after the set-up (played through the API), each page shows
// its own hand of Joint Ops chits by name and the other's as a closed pile,
// and neither the page nor what the server sends it names the other's
// chits; the Insurgent units the IDF saw set up, now under their stacks'
// tops (8.0), show on its page as it remembers them (faded, named in the
// tooltip), as the IDF's units do on the Insurgent's, and a spectator
// remembers nothing; the IDF's page points at its choices and acts.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {BASE, api, launch, lobby, openPage, pageDump, shot, tokenOf, waitReady} from './helpers.mjs';

// Plays the set-up with each decision's first choice, through the API.
async function setUp(links) {
  for (let i = 0; i < 200; i++) {
    const spectator = (await api('GET', `/api/play/${tokenOf(links.spectator)}/state`)).json;
    if (spectator.view.turn >= 1 || spectator.view.finished) return;
    const side = spectator.view.deciding;
    const st = (await api('GET', `/api/play/${tokenOf(links[side])}/state`)).json;
    const answer = await api('POST', `/api/play/${tokenOf(links[side])}/act`, {at: st.actions, choice: st.view.choices[0].value});
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
  }
  throw new Error('the set-up did not end in 200 decisions');
}

// The names of the chits a page's hand tray shows.
async function handNames(page, side) {
  return page.$$eval(`[data-location="${side}_hand"] [data-piece]`, (nodes) => nodes.map((n) => n.getAttribute('data-piece')));
}

test('NWiL: each side sees its own chits, never the other side\'s', async () => {
  const started = await lobby('POST', '/api/new', {scenario: 'next_war_in_lebanon/lebanon_2006', seed: 2,
    sides: {idf: 'person', insurgent: 'person'}});
  await setUp(started.links);
  const browser = await launch();
  try {
    const idf = await openPage(browser);
    const ins = await openPage(browser);
    await Promise.all([idf.goto(BASE + started.links.idf), ins.goto(BASE + started.links.insurgent)]);
    await Promise.all([waitReady(idf), waitReady(ins)]);
    assert.ok((await handNames(idf, 'idf')).length > 0, 'the IDF sees its chits');
    assert.equal((await handNames(idf, 'insurgent')).length, 0, 'the IDF sees no Insurgent chit');
    assert.ok(await idf.$('[data-location="insurgent_hand"] .hidden-pile'), 'the Insurgent hand shows a closed pile');
    assert.ok((await handNames(ins, 'insurgent')).length > 0, 'the Insurgent sees its chits');
    assert.equal((await handNames(ins, 'idf')).length, 0, 'the Insurgent sees no IDF chit');
    // Nothing the Insurgent's page holds names a chit of the IDF's hand.
    const idfState = (await api('GET', `/api/play/${tokenOf(started.links.idf)}/state`)).json.view;
    const hand = idfState.locations.find((l) => l.id === 'idf_hand').pieces.map((p) => p.id);
    const insState = JSON.stringify((await api('GET', `/api/play/${tokenOf(started.links.insurgent)}/state`)).json);
    for (const id of hand) assert.ok(!insState.includes(`"id":${id},`), `the Insurgent's state names chit ${id}`);
    const dump = await pageDump(ins);
    assert.ok(!/IDF chose J-\d</.test(dump), 'the Insurgent page shows an IDF selection');
    // What the IDF remembers: each look its view gives is drawn, faded.
    const seen = new Set();
    for (const l of idfState.locations) {
      for (const p of l.pieces || []) if (p.remembered) seen.add(p.remembered.label);
    }
    assert.ok(seen.size > 0, 'the IDF remembers Insurgent units it saw set up');
    const drawn = await idf.$$eval('[data-remembered]', (nodes) => nodes.map((n) =>
      [n.getAttribute('data-remembered'), n.getAttribute('data-hidden-owner'), getComputedStyle(n).opacity]));
    assert.deepEqual([...new Set(drawn.map(([label]) => label))].sort(), [...seen].sort());
    for (const [label, owner, opacity] of drawn) {
      assert.equal(owner, 'insurgent', `${label} is a hidden Insurgent piece`);
      assert.ok(Number(opacity) < 1, `${label} is drawn faded`);
    }
    assert.equal(await idf.$$eval('[data-remembered][data-piece]', (n) => n.length), 0, 'a memory names no piece id');
    const insMemory = await ins.$$eval('[data-remembered]', (nodes) => nodes.map((n) => n.getAttribute('data-hidden-owner')));
    assert.ok(insMemory.every((owner) => owner === 'idf'), 'the Insurgent remembers IDF units only: it sees its own');
    const watching = JSON.stringify((await api('GET', `/api/play/${tokenOf(started.links.spectator)}/state`)).json);
    assert.ok(!watching.includes('"remembered"'), 'a spectator remembers nothing');
    const box = await (await idf.$('[data-remembered]')).boundingBox();
    await idf.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await idf.waitForSelector('.tooltip:not([hidden])');
    assert.match(await idf.$eval('.tooltip', (n) => n.textContent), /a hidden Insurgent piece \(seen: .+\)/);
    await shot(idf, 'nwil-idf');
    await shot(ins, 'nwil-insurgent');
    // The IDF acts by its choices: ending its phase hands the turn over.
    const before = await idf.evaluate(() => document.body.dataset.actions);
    await idf.click('[data-choice]:last-of-type');
    await ins.waitForFunction((k) => document.body.dataset.actions !== k, {timeout: 5000}, before);
    assert.deepEqual(idf.problems, []);
    assert.deepEqual(ins.problems, []);
  } finally {
    await browser.close();
  }
});
