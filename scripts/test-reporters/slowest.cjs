/**
 * Prints the twenty slowest tests at the end of a run, so whoever finds `npm test` getting slower
 * sees where the time went without re-running anything. One file serves both runners: jest calls
 * onTestResult/onRunComplete, Playwright calls onTestEnd/onEnd.
 */
const SHOWN = 20;

class SlowestTests {
  constructor() {
    this.timings = [];
    this.files = [];
  }

  // jest: one call per test file.
  onTestResult(test, result) {
    const file = relative(result.testFilePath);
    // A backend file's set-up (a server and a database) happens outside its tests' own durations.
    const { start, end } = result.perfStats ?? {};
    if (start && end) this.files.push([end - start, file]);
    for (const each of result.testResults) {
      if (typeof each.duration === 'number')
        this.timings.push([each.duration, `${file} › ${each.fullName}`]);
    }
  }

  onRunComplete() {
    this.print('jest');
    const files = this.files.sort((a, b) => b[0] - a[0]).slice(0, SHOWN);
    const lines = files.map(([ms, name]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
    if (files.length > 0)
      process.stdout.write(
        `\nThe ${files.length} slowest jest files, set-up included:\n${lines.join('\n')}\n`,
      );
  }

  // Playwright: one call per test.
  onTestEnd(test, result) {
    const title = test.titlePath().filter(Boolean).join(' › ');
    this.timings.push([result.duration, title]);
  }

  onEnd() {
    this.print('Playwright');
  }

  printsToStdio() {
    return false;
  }

  print(runner) {
    const slowest = this.timings.sort((a, b) => b[0] - a[0]).slice(0, SHOWN);
    if (slowest.length === 0) return;
    const total = this.timings.reduce((sum, [ms]) => sum + ms, 0);
    const lines = slowest.map(([ms, name]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
    process.stdout.write(
      `\nThe ${slowest.length} slowest ${runner} tests (of ${this.timings.length}, ${(total / 1000).toFixed(0)} s of test time in all):\n${lines.join('\n')}\n`,
    );
  }
}

function relative(file) {
  return file.startsWith(process.cwd()) ? file.slice(process.cwd().length + 1) : file;
}

module.exports = SlowestTests;
