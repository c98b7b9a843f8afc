import { chromium } from '@playwright/test';
import { signIn, startLocalSupabase } from './scripts/lighthouse-signed-in.mjs';
const sb = await startLocalSupabase(process.cwd(), 24391);
const sessions = await signIn(sb.url, new Set(['member']));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
const page = await ctx.newPage();
await page.goto('http://127.0.0.1:4998/robots.txt');
await page.evaluate(([k, v]) => localStorage.setItem(k, v), ['sb-127-auth-token', JSON.stringify(sessions.get('member'))]);
await page.goto('http://127.0.0.1:4998' + process.argv[2]);
await page.waitForTimeout(3000);
const variants = {
  asis: '',
  nobalance: '*{text-wrap:wrap !important}',
  nolegibility: '*{text-rendering:auto !important}',
  dejavu: '*{font-family:"DejaVu Sans" !important}',
  noanim: '*{animation:none !important; transition:none !important}',
  noshadow: '*{box-shadow:none !important}',
  all: '*{text-wrap:wrap !important;text-rendering:auto !important;font-family:"DejaVu Sans" !important}',
};
for (let round = 0; round < 2; round++)
for (const [name, css] of Object.entries(variants)) {
  const ms = await page.evaluate((css) => {
    const s = document.createElement('style'); s.textContent = css; document.head.append(s);
    document.body.offsetHeight;
    const times = [];
    for (let i = 0; i < 10; i++) {
      document.documentElement.style.width = (i % 2 ? 400 : 401) + 'px';
      const t = performance.now(); document.body.offsetHeight; times.push(performance.now() - t);
    }
    document.documentElement.style.width = ''; s.remove(); document.body.offsetHeight;
    times.sort((a, b) => a - b); return times[5];
  }, css);
  console.log(name.padEnd(14), ms.toFixed(2), 'ms', await page.evaluate(() => document.querySelectorAll('*').length), 'elements');
}
await browser.close(); sb.stop(); process.exit(0);
