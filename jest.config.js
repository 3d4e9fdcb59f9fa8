/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  transform: {
    // Type checking is `npm run build` (run by `npm test` first); jest only transpiles.
    '^.+\\.ts$': ['ts-jest', { isolatedModules: true }],
  },
  testTimeout: 120000,
};
