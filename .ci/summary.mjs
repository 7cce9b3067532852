// Totals over the CI stages from vitest's JSON reports, ending with the line `N passed, N failed`.
// Arguments: one `name:exitCode:seconds:reportPath` per stage (reportPath `-` for a stage with no
// tests, such as the type check). Exits 1 if any test failed, or a stage failed or crashed without
// a report; each such stage counts as one failure so the last line never reads "0 failed" on red.
import { existsSync, readFileSync } from 'node:fs';

const MAX_LISTED = 40;
const ROOT = `${process.cwd()}/`;
const rel = (path) => (path.startsWith(ROOT) ? path.slice(ROOT.length) : path);
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const rows = [];

function readReport(path) {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

for (const arg of process.argv.slice(2)) {
  const [name, code, seconds, ...rest] = arg.split(':');
  const reportPath = rest.join(':');
  const exitCode = Number(code);
  const row = { stage: name, exit: exitCode, seconds: Number(seconds), passed: 0, failed: 0, skipped: 0, note: '' };
  rows.push(row);

  if (reportPath === '-') {
    if (exitCode !== 0) {
      row.failed = 1;
      row.note = 'failed (see its output above)';
      failures.push(`${name}: exit code ${exitCode}`);
    }
  } else {
    const report = readReport(reportPath);
    if (!report) {
      row.failed = 1;
      row.note = 'crashed without a report';
      failures.push(`${name}: exit code ${exitCode} and no JSON report at ${reportPath}`);
    } else {
      row.passed = report.numPassedTests ?? 0;
      row.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
      for (const file of report.testResults ?? []) {
        const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
        for (const t of failedTests) failures.push(`${name}: ${rel(file.name)} > ${t.fullName}`);
        row.failed += failedTests.length;
        // A file that failed to load or whose hooks threw has no failed test of its own: count it once.
        if (file.status === 'failed' && failedTests.length === 0) {
          row.failed += 1;
          failures.push(`${name}: ${rel(file.name)}: ${(file.message || 'failed to run').split('\n')[0]}`);
        }
      }
      if (exitCode !== 0 && row.failed === 0) {
        row.failed = 1;
        row.note = 'non-zero exit with no failed test (unhandled error?)';
        failures.push(`${name}: exit code ${exitCode} with no failed test`);
      }
    }
  }
  passed += row.passed;
  failed += row.failed;
  skipped += row.skipped;
}

console.log('\nstage               exit   time  passed  failed  skipped  note');
for (const r of rows) {
  console.log(
    `${r.stage.padEnd(18)} ${String(r.exit).padStart(5)} ${`${r.seconds}s`.padStart(6)} ${String(r.passed).padStart(7)} ${String(r.failed).padStart(7)} ${String(r.skipped).padStart(8)}  ${r.note}`,
  );
}
if (failures.length) {
  console.log('\nFailures:');
  for (const f of failures.slice(0, MAX_LISTED)) console.log(`  - ${f}`);
  if (failures.length > MAX_LISTED) console.log(`  ... and ${failures.length - MAX_LISTED} more`);
}
if (skipped) console.log(`\n(${skipped} skipped or todo)`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
