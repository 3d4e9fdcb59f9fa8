// This package's name and framework (the cdktn package is named cdktn-…), read
// from its package.json: the name of its command, and what a written module imports.
import * as fs from 'fs';
import * as path from 'path';

/** This package's name, and its framework. */
export function ownPackage(): { name: string; framework: string; version?: string } {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const json = JSON.parse(fs.readFileSync(file, 'utf8'));
      const name: string = json.name;
      return { name, framework: name.startsWith('cdktn') ? 'cdktn' : 'cdktf', ...(typeof json.version === 'string' ? { version: json.version } : {}) };
    }
  }
  return { name: 'cdktf-warehouse-monitoring-cluster', framework: 'cdktf' };
}

/** The package's command: its bin, named after the package. */
export function commandName(): string {
  return ownPackage().name;
}
