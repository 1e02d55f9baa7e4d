// One headless chromium for all the test files of a run (tests/browser/run
// starts it): prints its DevTools address on one line, then keeps it
// running until it is stopped. Each test opens its pages in contexts of its
// own (helpers.mjs), so sharing the browser shares no cookies or storage;
// it saves a chromium start per file.
//
//   node shared_browser.mjs PROFILE_DIR

import puppeteer from 'puppeteer-core';
import {CHROMIUM_ARGS} from './helpers.mjs';

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: [...CHROMIUM_ARGS, `--user-data-dir=${process.argv[2]}`],
});
console.log(browser.wsEndpoint());
browser.on('disconnected', () => process.exit(1));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, async () => {
  await browser.close();
  process.exit(0);
});
