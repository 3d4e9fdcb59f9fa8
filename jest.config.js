// The suite runs on the framework scripts/framework.js names (CDK_FRAMEWORK):
// `npm test` runs it on cdktf, then on cdktn.
const framework = require('./scripts/framework');

// Proofs against prebuilt bindings that exist for cdktf only (there is no cdktn
// kubernetes or null binding): they run in the cdktf pass.
const CDKTF_ONLY = ['<rootDir>/__tests__/cluster/node-list.differential.test.ts', '<rootDir>/__tests__/core/replace-trigger.differential.test.ts'];

/** @type {import('jest').Config} */
module.exports = {
  displayName: framework.name,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...(framework.name === 'cdktn' ? CDKTF_ONLY : [])],
  moduleNameMapper: framework.moduleNameMapper,
  transform: {
    // jest only transpiles (tsconfig sets isolatedModules); `npm test` type-checks first with tsc.
    '^.+\\.ts$': ['ts-jest', {}],
  },
  testTimeout: 120000,
};
