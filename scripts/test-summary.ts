import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';

// Prints one line of totals over the Vitest JSON reports given as arguments, in the plain
// form CI reads: "tests: N passed, N failed, N skipped". A missing report counts as a failure.
const reportSchema = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numPendingTests: z.number(),
  numTodoTests: z.number(),
});

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`${file}: no report (the run did not finish)`);
    failed += 1;
    continue;
  }
  const report = reportSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
