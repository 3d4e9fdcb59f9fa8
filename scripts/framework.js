// Which CDK framework the tests, examples, scripts and benchmark run on: cdktf
// (the default) or its community fork cdktn, chosen with CDK_FRAMEWORK. The code
// imports the framework from lib/core/framework.ts only; this maps the module
// name 'cdktf' to 'cdktn' (and its deep paths) for jest and for ts-node.
'use strict';
const Module = require('module');

const name = process.env.CDK_FRAMEWORK || 'cdktf';
if (name !== 'cdktf' && name !== 'cdktn') {
  throw new Error(`CDK_FRAMEWORK must be cdktf or cdktn, not ${JSON.stringify(name)}`);
}

/**
 * jest's moduleNameMapper for the chosen framework. Under cdktn the datadog
 * binding is cdktn's own (@cdktn/provider-datadog), so the differential tests
 * compare against the binding a cdktn user would use.
 */
const moduleNameMapper =
  name === 'cdktn'
    ? { '^cdktf$': 'cdktn', '^cdktf/(.*)$': 'cdktn/$1', '^@cdktf/provider-datadog/(.*)$': '@cdktn/provider-datadog/$1' }
    : {};

/** For `node -r ./scripts/framework.js`: the same mapping for plain require(). */
function register() {
  if (name === 'cdktf') return;
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    if (request === 'cdktf' || request.startsWith('cdktf/')) request = 'cdktn' + request.slice('cdktf'.length);
    return resolve.call(this, request, ...rest);
  };
}

module.exports = { name, moduleNameMapper, register };
if (require.main !== module && module.parent && module.parent.id === 'internal/preload') register();
