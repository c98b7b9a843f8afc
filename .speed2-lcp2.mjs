import { chromium, devices } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const [n, ...routes] = process.argv.slice(2);
for (const route of routes) {
  const out = [];
  for (let i = 0; i < Number(n); i++) {
    const ctx = await browser.newContext({ ...devices['Moto G4'], viewport: { width: 412, height: 823 } });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      window.__lcp = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push([Math.round(e.startTime), e.element?.textContent.trim().slice(0, 12)]); }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto('http://127.0.0.1:4470' + route, { waitUntil: 'networkidle' });
    const fcp = await page.evaluate(() => Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime));
    out.push(`FCP ${fcp} LCP ${JSON.stringify(await page.evaluate(() => window.__lcp))}`);
    await ctx.close();
  }
  console.log(route + '\n  ' + out.join('\n  '));
}
await browser.close();
