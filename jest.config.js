// `npm test` runs the suite twice in one jest run: once on cdktf, once on cdktn
// (one jest project each, sharing the worker pool). scripts/framework.js maps
// the framework module for the project's CDK_FRAMEWORK; `jest --selectProjects
// cdktn` runs one of them.
const path = require('path');

// Proofs against prebuilt bindings that exist for cdktf only (there is no cdktn
// kubernetes or null binding): they run in the cdktf pass. So do the long
// lifecycles against the Redshift emulator (a minute or two each), whose
// framework-dependent part is the synthesized stack: on cdktn, the package test
// runs the profile lifecycle (create, rename with forEach, move, release) with
// the real terraform from a consumer app, and the synth-level tests
// (moved-removed, iteration.validate.terraform, explain, the snapshots) run in
// both passes.
const CDKTF_ONLY = [
  '<rootDir>/__tests__/cluster/node-list.differential.test.ts',
  '<rootDir>/__tests__/core/replace-trigger.differential.test.ts',
  '<rootDir>/__tests__/core/move-and-release.terraform.test.ts',
  // Two profiles of one name applied against the emulator: the authority for the profile's identity.
  '<rootDir>/__tests__/core/live-objects.terraform.test.ts',
  '<rootDir>/__tests__/e2e/authentication-profile-lifecycle.test.ts',
  '<rootDir>/__tests__/warehouse/iteration.terraform.test.ts',
  '<rootDir>/__tests__/explain/profiles.terraform.test.ts',
  // The README's first stack is a cdktf app; planned once.
  '<rootDir>/__tests__/docs/first-stack.terraform.test.ts',
  // Framework-free judges, run once: the renderings in a real browser, GitHub's and Microsoft's own
  // validators of the CI formats, real Terraform 1.11 plans, the aws provider's region lists, HashiCorp's
  // version-constraint tables (the explain and synth tests of both frameworks still run in both passes).
  '<rootDir>/__tests__/explain/html-report.browser.test.ts',
  '<rootDir>/__tests__/explain/find-chromium.test.ts',
  '<rootDir>/__tests__/explain/ci-formats.test.ts',
  // GitHub's runner parser (a port, against the runner's own tables) and GitHub's Markdown renderer (cmark-gfm)
  // judging the renderings: framework-free.
  '<rootDir>/__tests__/explain/runner-commands.upstream.test.ts',
  '<rootDir>/__tests__/explain/forgery.test.ts',
  '<rootDir>/__tests__/explain/terraform-1-11.terraform.test.ts',
  // explain judged by terraform show on 14 real plans (about 90 s), and the plan files' modes: the renderer is the authority.
  '<rootDir>/__tests__/explain/terraform-show.terraform.test.ts',
  '<rootDir>/__tests__/explain/plan-mode.terraform.test.ts',
  '<rootDir>/__tests__/warehouse/aws-regions.test.ts',
  '<rootDir>/__tests__/core/version-constraint.upstream.test.ts',
  // GitHub's limits, judged by Microsoft's Multitool on files of 25,000 results: framework-free.
  '<rootDir>/__tests__/explain/github-limits.test.ts',
  // The judges' own teeth and their assembly's failed build: they test the judges, not the framework.
  '<rootDir>/__tests__/core/judges-teeth.test.ts',
  '<rootDir>/__tests__/core/judges-build.test.ts',
];
// The browser test (a real Chrome or Chromium: scripts/find-chromium.ts) fails where no browser can be
// found, saying how to provide one; SKIP_BROWSER_TEST=1 leaves it out of a local run instead, said on
// stderr. CI always runs it: the variable is refused there (CI set, or .ci/run).
const BROWSER_TEST = '<rootDir>/__tests__/explain/html-report.browser.test.ts';
const skipBrowserTest = process.env.SKIP_BROWSER_TEST === '1';
if (skipBrowserTest && process.env.CI) {
  throw new Error('SKIP_BROWSER_TEST=1 is refused in CI (CI is set): the browser test always runs there');
}
if (skipBrowserTest) {
  process.stderr.write('jest: SKIP_BROWSER_TEST=1: the browser test (__tests__/explain/html-report.browser.test.ts) is left out of this run\n');
}
// Each published package is tested once, in the pass of its own framework.
const PACKAGE_TESTS = {
  cdktf: '<rootDir>/__tests__/packaging/cdktf-package.test.ts',
  cdktn: '<rootDir>/__tests__/packaging/cdktn-package.test.ts',
};

function project(name) {
  const previous = process.env.CDK_FRAMEWORK;
  process.env.CDK_FRAMEWORK = name;
  delete require.cache[require.resolve('./scripts/framework')];
  const { moduleNameMapper } = require('./scripts/framework');
  if (previous === undefined) delete process.env.CDK_FRAMEWORK;
  else process.env.CDK_FRAMEWORK = previous;
  /** @type {import('jest').Config} */
  return {
    displayName: name,
    rootDir: __dirname,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
    testPathIgnorePatterns: [
      '/node_modules/',
      ...(name === 'cdktn' ? CDKTF_ONLY : []),
      ...(skipBrowserTest ? [BROWSER_TEST] : []),
      ...Object.entries(PACKAGE_TESTS).filter(([framework]) => framework !== name).map(([, file]) => file),
    ],
    moduleNameMapper,
    // Sets CDK_FRAMEWORK in the worker before each test file, for the code that reads it.
    setupFiles: [path.join(__dirname, '__tests__', 'support', `framework-${name}.js`)],
    transform: {
      // jest only transpiles (tsconfig sets isolatedModules); `npm test` type-checks first with tsc.
      '^.+\\.ts$': ['ts-jest', {}],
    },
  };
}

/** @type {import('jest').Config} */
module.exports = {
  projects: [project('cdktf'), project('cdktn')],
  // Everything temporary goes below one directory, removed after the run.
  globalSetup: '<rootDir>/__tests__/support/global-setup.js',
  globalTeardown: '<rootDir>/__tests__/support/global-teardown.js',
  // Terraform runs and package installs take seconds to minutes.
  testTimeout: 120000,
  // Two workers on CI's two cores (jest's default is cores - 1: one worker, the files one after another). Most
  // of the time is terraform, npm and the emulators waiting on each other, which two workers overlap.
  maxWorkers: 2,
};
