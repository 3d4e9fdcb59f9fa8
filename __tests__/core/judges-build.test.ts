// The judges' assembly when a test-only construct does not compile (issue 43,
// What to build 4): the build fails at once naming jsii's error, releases its
// lock, and a second reader (another jest worker) fails at once with the same
// error instead of waiting for a build that will never come.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readAssembly, useTestConstructDirs } from '../support/construct-catalog';

describe("the judges' assembly, when a test-only construct does not compile", () => {
  test('GIVEN a file with a type error THEN the build fails naming the error and the file, the lock is gone, and a second reader fails at once', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broken-constructs-'));
    fs.writeFileSync(
      path.join(dir, 'broken.ts'),
      ["import { Construct } from 'constructs';", '/** A construct that does not compile. */', 'export class BrokenThing extends Construct {', '  /** The count. */', "  public readonly count: number = 'three';", '}', ''].join('\n'),
    );
    useTestConstructDirs([dir]);
    let message = '';
    try {
      readAssembly();
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain(path.basename(dir));
    expect(message).toMatch(/TS2322|not assignable/);
    // The failure is left where the cache would be, and the lock beside it is gone: another worker (here
    // this one again, its cache cleared) reads the failure and fails with it, instead of waiting out a lock
    // or building again. (Other test files of the run build, and lock, assemblies of their own there: this
    // build's files are the ones whose failure names its directory.)
    const failed = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('wmc-jsii-') && f.endsWith('.failed') && fs.readFileSync(path.join(os.tmpdir(), f), 'utf8').includes(path.basename(dir)));
    expect(failed).toHaveLength(1);
    expect(fs.readFileSync(path.join(os.tmpdir(), failed[0]), 'utf8')).toBe(message);
    expect(fs.existsSync(path.join(os.tmpdir(), failed[0].replace(/\.failed$/, '.lock')))).toBe(false);
    useTestConstructDirs([dir]);
    expect(() => readAssembly()).toThrow(message);
  }, 600_000);
});
