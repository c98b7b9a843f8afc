// Reads the JSON reports `npm test` writes (scripts/test.mjs): the totals CI's summary line counts,
// and the names of the failed tests, which test.mjs repeats at the very end of the log because a CI
// log is often read from its tail.
import path from 'node:path';

/** Vitest's JSON report (Jest's shape): counts, and "vitest  <file> › <test>" for each failure. */
export function readVitestReport(report, cwd = process.cwd()) {
  const failedTests = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(cwd, file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) failedTests.push(`vitest  ${where} › ${t.fullName ?? t.title}`);
    // A file that failed before any test ran (a hook, an import) has no failed test to name.
    if (!failed.length && file.status === 'failed')
      failedTests.push(`vitest  ${where} (the file failed: ${(file.message ?? '').split('\n')[0]})`);
  }
  const failedSuitesOnly =
    report.numFailedTestSuites && !report.numFailedTests ? report.numFailedTestSuites : 0;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + failedSuitesOnly,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failedTests,
  };
}

/** Playwright's JSON report: counts, and "<step>  <file>:<line> › [project] <describe › test>" for each failure. */
export function readPlaywrightReport(report, step) {
  const failedTests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected')
          failedTests.push(
            `${step}  ${spec.file}:${spec.line} › [${t.projectName}] ${[...titles, spec.title].join(' › ')}`,
          );
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top-level suites are the files, already named by each spec's file.
  for (const file of report.suites ?? []) walk(file, []);
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
    failedTests,
  };
}
