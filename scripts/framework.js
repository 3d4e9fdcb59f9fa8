// Which CDK framework the tests, examples, scripts and benchmark run on: cdktf
// (the default) or its community fork cdktn, chosen with CDK_FRAMEWORK. The code
// imports the framework from lib/core/framework.ts only; this maps the module
// name 'cdktf' to 'cdktn' (and its deep paths), for jest and for plain require().
'use strict';
const Module = require('module');

const name = process.env.CDK_FRAMEWORK || 'cdktf';
if (name !== 'cdktf' && name !== 'cdktn') {
  throw new Error(`CDK_FRAMEWORK must be cdktf or cdktn, not ${JSON.stringify(name)}`);
}

// Module prefixes read as another under cdktn. The datadog binding becomes
// cdktn's own, the one a cdktn user would compare with; the other @cdktf
// bindings have no cdktn counterpart and, loaded here, extend cdktn's classes.
const RENAMES = name === 'cdktn' ? [['cdktf', 'cdktn'], ['@cdktf/provider-datadog', '@cdktn/provider-datadog']] : [];

/** jest's moduleNameMapper for the chosen framework. */
const moduleNameMapper = {};
for (const [from, to] of RENAMES) {
  moduleNameMapper[`^${from}$`] = to;
  moduleNameMapper[`^${from}/(.*)$`] = `${to}/$1`;
}

function rename(request) {
  for (const [from, to] of RENAMES) {
    if (request === from || request.startsWith(`${from}/`)) return to + request.slice(from.length);
  }
  return request;
}

/** For `node -r ./scripts/framework.js` (and ts-node -r): the same mapping for require(). */
function register() {
  if (RENAMES.length === 0) return;
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    return resolve.call(this, rename(request), ...rest);
  };
}

module.exports = { name, moduleNameMapper, register };
if (module.parent && module.parent.id === 'internal/preload') register();
