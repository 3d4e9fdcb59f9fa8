// The AWS SDK is loaded by a read, never by importing the library. One file of
// its own: jest's module registry (what require.cache shows) is per test file.
import { RedshiftEmulator } from '../support/redshift-emulator';

const SDK = `${require('path').sep}@aws-sdk${require('path').sep}client-redshift${require('path').sep}`;
const sdkLoaded = () => Object.keys(require.cache).some((file) => file.includes(SDK));

test('requiring lib/index does not load @aws-sdk/client-redshift; AuthenticationProfileReader.list does', async () => {
  expect(sdkLoaded()).toBe(false);
  const lib = require('../../lib');
  expect(typeof lib.AuthenticationProfile).toBe('function');
  const { AuthenticationProfileReader } = require('../../lib/warehouse/profile-reader');
  expect(sdkLoaded()).toBe(false);

  const emulator = await RedshiftEmulator.start();
  const saved = { ...process.env };
  try {
    Object.assign(process.env, {
      AWS_ACCESS_KEY_ID: 'AKIAFAKEFAKEFAKEFAKE',
      AWS_SECRET_ACCESS_KEY: 'fake-secret',
      AWS_REGION: 'us-east-1',
      AWS_ENDPOINT_URL_REDSHIFT: emulator.url,
      AWS_EC2_METADATA_DISABLED: 'true',
    });
    emulator.putProfile('p1', '{"a":"1"}');
    await expect(AuthenticationProfileReader.list()).resolves.toHaveLength(1);
    expect(sdkLoaded()).toBe(true);
  } finally {
    process.env = saved;
    await emulator.stop();
  }
});

test('GIVEN the SDK is not installed THEN sdk-not-installed, saying what to install', async () => {
  jest.resetModules();
  jest.doMock('@aws-sdk/client-redshift', () => {
    throw Object.assign(new Error("Cannot find module '@aws-sdk/client-redshift'"), { code: 'MODULE_NOT_FOUND' });
  });
  const { AuthenticationProfileReader, AuthenticationProfileReadFailure } = require('../../lib/warehouse/profile-reader');
  const error = await AuthenticationProfileReader.list({ region: 'us-east-1' }).catch((e: unknown) => e);
  expect(error.reason).toBe(AuthenticationProfileReadFailure.SDK_NOT_INSTALLED);
  expect(error.message).toMatch(/@aws-sdk\/client-redshift could not be loaded \(MODULE_NOT_FOUND\); install it next to this library: npm install @aws-sdk\/client-redshift/);
});
