// `npm run bench` is specified in docs/performance.md; until the benchmark lands it says so.
console.error('The benchmark is not written yet: see issue "Performance" and docs/performance.md.');
process.exitCode = 1;
