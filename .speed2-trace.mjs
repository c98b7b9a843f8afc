import fs from 'node:fs';
import lighthouse, { defaultConfig } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const route of process.argv.slice(2)) {
  const dir = `/tmp/speed2-gather${route.replace(/\W+/g, '_')}`;
  fs.rmSync(dir, { recursive: true, force: true }); fs.mkdirSync(dir);
  await lighthouse(`http://127.0.0.1:4470${route}`, { output: 'json', logLevel: 'error', onlyCategories: ['performance'], port: chrome.port, gatherMode: dir, throttling: defaultConfig.settings?.throttling });
  console.log(dir, fs.readdirSync(dir));
}
await chrome.kill();
