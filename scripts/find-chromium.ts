// Which Chrome or Chromium the HTML report's browser test drives
// (__tests__/explain/html-report.browser.test.ts, through playwright-core), so
// that `npm test` runs on a contributor's machine as it does in CI:
//
// 1. CHROMIUM_PATH, when set: the binary it names (a wrong path is an error,
//    never passed over);
// 2. an installed Chrome or Chromium at the usual places (Linux: Debian's and
//    Ubuntu's chromium, Google Chrome; macOS: the applications);
// 3. the Chromium playwright downloads (`npx playwright-core install
//    chromium`), when its executable is there.
//
// None found is a problem that says how to provide one. `ts-node
// scripts/find-chromium.ts` prints the verdict (scripts/install-chromium.sh
// runs it); exit status 1 when none was found.
import * as fs from 'fs';

/** The environment variable naming the browser to use. */
export const CHROMIUM_PATH = 'CHROMIUM_PATH';

/** The environment variable that leaves the browser test out of a local run (refused in CI: jest.config.js). */
export const SKIP_BROWSER_TEST = 'SKIP_BROWSER_TEST';

/** Where Chrome and Chromium are installed, in the order they are tried. */
export const INSTALLED: { readonly [platform: string]: readonly string[] } = {
  linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'],
  darwin: ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', '/Applications/Chromium.app/Contents/MacOS/Chromium'],
};

/** What the lookup reads: the environment, the platform, the file system, playwright's registry. */
export interface ChromiumLookup {
  readonly env: NodeJS.ProcessEnv;
  readonly platform: NodeJS.Platform;
  /** Whether `path` is a file this process may execute. */
  readonly isExecutable: (path: string) => boolean;
  /** Where playwright keeps its own Chromium (whether or not it was downloaded); undefined when playwright-core cannot say. */
  readonly playwrightChromium: () => string | undefined;
}

/** A browser found, and which rule found it. */
export interface FoundChromium {
  readonly path: string;
  readonly source: 'CHROMIUM_PATH' | 'installed' | 'playwright';
}

/** The browser to use, or the problem: what was looked at and how to provide one. */
export function findChromium(lookup: ChromiumLookup = systemLookup()): FoundChromium | { readonly problem: string } {
  const given = lookup.env[CHROMIUM_PATH];
  if (given !== undefined && given !== '') {
    return lookup.isExecutable(given) ? { path: given, source: 'CHROMIUM_PATH' } : { problem: `${CHROMIUM_PATH} is set to ${JSON.stringify(given)}, which is not an executable file: point it at a Chrome or Chromium binary, or unset it` };
  }
  const installed = (INSTALLED[lookup.platform] ?? []).find((path) => lookup.isExecutable(path));
  if (installed !== undefined) return { path: installed, source: 'installed' };
  const downloaded = lookup.playwrightChromium();
  if (downloaded !== undefined && downloaded !== '' && lookup.isExecutable(downloaded)) return { path: downloaded, source: 'playwright' };
  const looked = [...(INSTALLED[lookup.platform] ?? []), `playwright's download (${downloaded || 'none for this platform'})`];
  return {
    problem:
      `no Chrome or Chromium for the HTML report's browser test (looked at ${CHROMIUM_PATH}, then ${looked.join(', ')}). Provide one: ` +
      `set ${CHROMIUM_PATH} to a Chrome or Chromium binary; or install one (Debian/Ubuntu: apt-get install chromium; macOS: Google Chrome or Chromium in /Applications); ` +
      `or run "npx playwright-core install chromium" (playwright's own build, in its cache). To run the suite without the browser test, set ${SKIP_BROWSER_TEST}=1 (refused in CI).`,
  };
}

/** The lookup of this machine. */
export function systemLookup(): ChromiumLookup {
  return {
    env: process.env,
    platform: process.platform,
    isExecutable: (path) => {
      try {
        fs.accessSync(path, fs.constants.X_OK);
        return fs.statSync(path).isFile();
      } catch {
        return false;
      }
    },
    playwrightChromium: () => {
      try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        return (require('playwright-core') as typeof import('playwright-core')).chromium.executablePath();
      } catch {
        return undefined;
      }
    },
  };
}

if (require.main === module) {
  const found = findChromium();
  if ('problem' in found) {
    process.stdout.write(`${found.problem}\n`);
    process.exit(1);
  }
  process.stdout.write(`${found.path} (${found.source === 'installed' ? 'installed' : found.source === 'playwright' ? "playwright's download" : `from ${CHROMIUM_PATH}`})\n`);
}
