// One temporary directory per test run: every temp dir the tests, cdktf's
// Testing.app() and terraform make lands below it (TMPDIR is inherited by the
// jest workers and their child processes), and global-teardown.js removes it.
const fs = require('fs');
const os = require('os');
const path = require('path');

module.exports = async function globalSetup() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wmc-tests-'));
  process.env.WMC_TEST_TMPDIR_PARENT = os.tmpdir();
  process.env.TMPDIR = root;
  process.env.WMC_TEST_TMPDIR = root;
};
