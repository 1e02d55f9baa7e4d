// What the browser tests share: the server started by `run` (its address
// and host key come in the environment), headless chromium through
// puppeteer-core, the lobby's requests made directly, and screenshots into
// the artefacts folder.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

export const BASE = process.env.CARDBOARD_URL; // http://127.0.0.1:PORT
export const KEY = process.env.CARDBOARD_KEY;
export const ARTEFACTS = process.env.CARDBOARD_ARTEFACTS || path.join(path.dirname(new URL(import.meta.url).pathname), 'artefacts');

if (!BASE || !KEY) throw new Error('CARDBOARD_URL and CARDBOARD_KEY are not set: run the tests with tests/browser/run CARDBOARD');

// The flags keep chromium off the network it cannot reach here (the
// background requests are refused and slow it down) and out of the
// sandbox it cannot have as root.
export async function launch() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cardboard-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`],
  });
  const close = browser.close.bind(browser);
  browser.close = async () => {
    await close();
    fs.rmSync(profile, {recursive: true, force: true});
  };
  return browser;
}

// A page in a context of its own (its own cookies: a player's browser), with
// the page's errors and dialogs recorded for the test to check.
export async function openPage(browser, width = 1400, height = 850) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({width, height});
  page.problems = [];
  page.dialogs = [];
  page.on('pageerror', (e) => page.problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of (403|409|422)/.test(m.text())) page.problems.push(`console: ${m.text()}`);
  });
  page.on('dialog', async (d) => {
    page.dialogs.push(d.message());
    await d.dismiss();
  });
  return page;
}

// A lobby request with the host key.
export async function lobby(method, route, body) {
  const response = await fetch(BASE + route, {
    method,
    headers: {'X-Cardboard-Key': KEY, 'Content-Type': 'application/json'},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${json.error}`);
  return json;
}

// A request through a play or replay token (no key needed: the token is the secret).
export async function api(method, route, body) {
  const response = await fetch(BASE + route, {
    method,
    headers: {'Content-Type': 'application/json'},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {status: response.status, json: await response.json()};
}

export function tokenOf(link) {
  return link.split('/').pop();
}

export async function waitReady(page) {
  await page.waitForSelector('body[data-ready="1"]', {timeout: 15000});
}

export async function actionsOf(page) {
  return Number(await page.evaluate(() => document.body.dataset.actions));
}

export async function waitActions(page, n, timeout = 5000) {
  await page.waitForFunction((k) => document.body.dataset.actions === String(k), {timeout}, n);
}

export async function shot(page, name) {
  fs.mkdirSync(ARTEFACTS, {recursive: true});
  const file = path.join(ARTEFACTS, `${name}.png`);
  await page.screenshot({path: file});
  return file;
}

// Everything of the page a reader could find: its text and every attribute.
export async function pageDump(page) {
  return page.evaluate(() => {
    const parts = [document.documentElement.textContent];
    for (const node of document.querySelectorAll('*')) for (const a of node.attributes) parts.push(a.value);
    return parts.join('\n');
  });
}
