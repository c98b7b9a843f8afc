import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (const f of ['latin','cjk','latin','cjk','latin','cjk']) {
  const ctx = await browser.newContext(); const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page); const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
  await page.goto('file:///tmp/lh/exp/' + f + '.html'); await page.waitForTimeout(700);
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r)); await cdp.send('Tracing.end'); await done;
  console.log(f, events.filter((e) => e.name === 'Layout').map((e) => (e.dur / 1000).toFixed(1)).join(' '));
  await ctx.close();
}
await browser.close();
