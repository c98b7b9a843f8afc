import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (const variant of ['default', 'dejavu', 'default', 'dejavu']) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await ctx.newPage();
  if (variant === 'dejavu') await page.addInitScript(() => { document.addEventListener('DOMContentLoaded', () => { const s = document.createElement('style'); s.textContent = '*{font-family:"DejaVu Sans" !important}'; document.head.append(s); }); });
  const cdp = await ctx.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
  await page.goto(process.argv[2], { waitUntil: 'load' });
  await page.waitForTimeout(800);
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end'); await done;
  const lay = events.filter((e) => e.name === 'Layout' && e.dur > 1000).map((e) => (e.dur / 1000).toFixed(1) + '/' + e.args.beginData?.dirtyObjects);
  const style = events.filter((e) => e.name === 'UpdateLayoutTree' && e.dur > 1000).map((e) => (e.dur / 1000).toFixed(1));
  console.log(variant, 'layout', lay.join(' '), '| style', style.join(' '));
  await ctx.close();
}
await browser.close();
