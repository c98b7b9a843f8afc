/**
 * `npm run bench:statements`: what the monthly job costs per statement. Renders N statements (the
 * 73-line, 5-page test statement, each with its own member and account number) with one Chromium,
 * signs each with the development certificate and verifies the signature, then reports the time
 * per statement for each step, the sizes, and the time 10,000 statements would take at that rate.
 * It reports numbers and checks each PDF verifies; it sets no time limit.
 *   BENCH_STATEMENTS=200  BENCH_CONCURRENCY=1 (renderers sharing the browser)  BENCH_UNTAGGED=1
 */
import { availableParallelism, loadavg } from 'node:os';
import { statementFixture } from '../support/statement-fixture';
import { createStatementRenderer, launchStatementBrowser } from '../../scripts/statements/render';
import {
  createStatementSigner,
  loadSigningIdentity,
  verifyStatementPdf,
} from '../../scripts/statements/sign';

const COUNT = Number(process.env['BENCH_STATEMENTS'] ?? 200);
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 1);
const TAGGED = process.env['BENCH_UNTAGGED'] !== '1';
const PROJECTED = 10_000;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const duration = (totalMs: number) => {
  const minutes = Math.floor(totalMs / 60_000);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
};

const started = performance.now();
const browser = await launchStatementBrowser();
const launchMs = performance.now() - started;
const signerStarted = performance.now();
const signer = createStatementSigner(loadSigningIdentity({ env: {} }));
const signerMs = performance.now() - signerStarted;

const render: number[] = [];
const sign: number[] = [];
const check: number[] = [];
const sizes: number[] = [];
let next = 0;

async function worker(): Promise<void> {
  const renderer = await createStatementRenderer({ browser, tagged: TAGGED });
  try {
    for (let index = next++; index < COUNT; index = next++) {
      const data = statementFixture({ name: `Bench Member ${index}`, email: `bench${index}@example.com` });
      data.member.account_number = String(10_000 + index).padStart(8, '0');
      data.reference = `LC-${data.member.account_number}-2026-11-v1`;
      let t = performance.now();
      const pdf = await renderer.render(data);
      render.push(performance.now() - t);
      t = performance.now();
      const signed = await signer.sign(pdf, {
        reason: `Monthly statement ${data.reference}`,
        contactInfo: data.firm.complaints_email,
      });
      sign.push(performance.now() - t);
      t = performance.now();
      verifyStatementPdf(signed);
      check.push(performance.now() - t);
      sizes.push(signed.length);
    }
  } finally {
    await renderer.close();
  }
}

const loopStarted = performance.now();
await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
const wallMs = performance.now() - loopStarted;
await browser.close();

const perStatement = wallMs / COUNT;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
console.log(
  `Statements: ${COUNT}, ${CONCURRENCY} renderer(s) on one Chromium, ${TAGGED ? 'tagged' : 'untagged'} PDF, ` +
    `${availableParallelism()} cores, load average at the end ${loadavg()[0]?.toFixed(2)}`,
);
console.log(`Start-up: Chromium ${ms(launchMs)}, signer (opens the PKCS#12) ${ms(signerMs)}`);
for (const [label, values] of [
  ['render (HTML → PDF)', render],
  ['sign', sign],
  ['verify', check],
] as const) {
  console.log(
    `  ${label.padEnd(20)} median ${ms(percentile(values, 0.5))}, p95 ${ms(percentile(values, 0.95))}, mean ${ms(mean(values))}`,
  );
}
console.log(`  signed PDF size      mean ${(mean(sizes) / 1024).toFixed(0)} KB`);
console.log(`Wall time: ${(wallMs / 1000).toFixed(1)} s, ${ms(perStatement)} per statement`);
console.log(
  `Projected for ${PROJECTED.toLocaleString('en')} statements: ${duration(perStatement * PROJECTED)}`,
);
