/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  transform: {
    // jest only transpiles (tsconfig sets isolatedModules); `npm test` type-checks first with tsc.
    '^.+\\.ts$': ['ts-jest', {}],
  },
  testTimeout: 120000,
};
