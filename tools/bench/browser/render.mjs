// How fast the browser page is, in headless chromium:
//   render_ms_median      from navigation to the first full render
//                         (body[data-ready="1"], the page's
//                         performance mark "cardboard-ready") of the
//                         largest map, A Reign of Missiles, in a
//                         browser that never saw the page;
//   render_cached_ms_median  the same, opened a second time (the page's
//                         files kept by the browser, the game's data asked
//                         for again);
//   draw_ms_median        of which the drawing, from the answers being in
//                         (mark "cardboard-data") to the render's end;
//   round_trip_ms_median  from a click that acts on one page to the other
//                         page's data-actions changing, in Golan between
//                         two people (two browsers, the server between).
// Starts its own `cardboard serve` from the project root and prints one
// JSON line: {render_ms_median, round_trip_ms_median, runs, ...}.
//
//   node tools/bench/browser/render.mjs build/interpreter/cardboard [--runs N]

import {spawn} from 'node:child_process';
import {createRequire} from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const require = createRequire(path.join(root, 'tests/browser/package.json'));
const puppeteer = require('puppeteer-core');

const args = process.argv.slice(2);
const binary = args.find((a) => !a.startsWith('--'));
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 10;
if (!binary || !(runs > 0)) {
  console.error('usage: node tools/bench/browser/render.mjs CARDBOARD_BINARY [--runs N]');
  process.exit(1);
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function startServer(saves) {
  const server = spawn(path.resolve(binary), ['serve', '--port', '0', '--json', '--saves', saves, '--bot-delay', '0'],
    {cwd: root, stdio: ['ignore', 'pipe', 'inherit']});
  const line = await new Promise((resolve, reject) => {
    readline.createInterface({input: server.stdout}).once('line', resolve);
    server.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
  });
  const {url, key} = JSON.parse(line);
  return {server, base: new URL(url).origin, key};
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cardboard-bench-'));
  fs.mkdirSync(path.join(work, 'saves'));
  const {server, base, key} = await startServer(path.join(work, 'saves'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', `--user-data-dir=${path.join(work, 'profile')}`],
  });
  const lobby = async (route, body) => {
    const r = await fetch(base + route, {method: 'POST', headers: {'X-Cardboard-Key': key, 'Content-Type': 'application/json'}, body: JSON.stringify(body)});
    if (!r.ok) throw new Error(`${route}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  try {
    // Render: a fresh context each run (a browser that never saw the
    // page), then a second page in it (the page's files in its cache, as
    // when a player opens the link again); one warm-up first.
    const rom = await lobby('/api/new', {scenario: 'reign_of_missiles/gaza_2012', seed: 1});
    const renders = [];
    const cached = [];
    const draws = []; // the drawing alone, once the answers are in
    const render = async (context) => {
      const page = await context.newPage();
      await page.setViewport({width: 1400, height: 850});
      await page.goto(base + rom.links.israel);
      await page.waitForSelector('body[data-ready="1"]', {timeout: 30000});
      const times = await page.evaluate(() => {
        const ready = performance.getEntriesByName('cardboard-ready')[0].startTime;
        return [ready, ready - performance.getEntriesByName('cardboard-data')[0].startTime];
      });
      await page.close();
      return times;
    };
    for (let i = 0; i <= runs; i++) {
      const context = await browser.createBrowserContext();
      const [ms, draw] = await render(context);
      const [again] = await render(context);
      if (i > 0) {
        renders.push(ms);
        draws.push(draw);
        cached.push(again);
      }
      await context.close();
    }

    // Round trip: Syria acts on page A, Israel's page B follows.
    const golan = await lobby('/api/new', {scenario: 'golan/october', seed: 3, sides: {syria: 'person', israel: 'person'}});
    const open = async (link) => {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({width: 1400, height: 850});
      await page.goto(base + link);
      await page.waitForSelector('body[data-ready="1"]');
      return page;
    };
    const a = await open(golan.links.syria);
    const b = await open(golan.links.israel);
    // B notes when its action count changes, by the clock both share.
    await b.evaluate(() => {
      new MutationObserver(() => (window.changedAt = Date.now())).observe(document.body, {attributes: true, attributeFilter: ['data-actions']});
    });
    const trips = [];
    while (trips.length < runs) {
      const before = await a.evaluate(() => document.body.dataset.actions);
      // A counter to choose, else a lit destination, else the choices are spent.
      const target = await a.evaluate(() => {
        const counter = document.querySelector('.pieces .counter.choosable:not(.selected)');
        if (counter) return `[data-piece="${counter.getAttribute('data-piece')}"]`;
        const hex = document.querySelector('.location.target');
        return hex ? `[data-location="${hex.getAttribute('data-location')}"]` : null;
      });
      if (!target) break;
      await b.evaluate(() => (window.changedAt = null));
      let clicked = Date.now();
      // A's page may still be drawing the last answer (a refresh after the
      // stream's event): a counter replaced between the query and the click
      // is not clicked at all, so it is looked for again.
      for (let tries = 0; ; tries++) {
        try {
          clicked = Date.now();
          await a.click(target);
          break;
        } catch (error) {
          if (tries >= 20 || !/detached|not clickable/.test(error.message)) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      await b.waitForFunction(() => window.changedAt !== null, {timeout: 10000});
      trips.push((await b.evaluate(() => window.changedAt)) - clicked);
      await a.waitForFunction((k) => document.body.dataset.actions !== k, {}, before);
    }
    console.log(JSON.stringify({
      render_ms_median: Math.round(median(renders) * 10) / 10,
      render_cached_ms_median: Math.round(median(cached) * 10) / 10,
      draw_ms_median: Math.round(median(draws) * 10) / 10,
      round_trip_ms_median: trips.length ? Math.round(median(trips) * 10) / 10 : null,
      runs,
      render_ms: renders.map((x) => Math.round(x)),
      render_cached_ms: cached.map((x) => Math.round(x)),
      round_trip_ms: trips,
      map: 'reign_of_missiles/gaza_2012',
    }));
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    fs.rmSync(work, {recursive: true, force: true});
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
