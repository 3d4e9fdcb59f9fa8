// Removes the run's temporary directory (see global-setup.js).
const fs = require('fs');

module.exports = async function globalTeardown() {
  const root = process.env.WMC_TEST_TMPDIR;
  if (root && root.includes('wmc-tests-')) fs.rmSync(root, { recursive: true, force: true });
};
