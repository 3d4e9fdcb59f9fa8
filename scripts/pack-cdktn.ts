// `npm run pack:cdktn [-- --out DIR]`: the tarball a CDK Terrain (cdktn) app installs.
import * as path from 'path';
import { packPackage } from './stage-package';

const at = process.argv.indexOf('--out');
const outDir = path.resolve(at >= 0 ? process.argv[at + 1] : path.join(__dirname, '..'));
process.stdout.write(`${packPackage('cdktn', outDir)}\n`);
