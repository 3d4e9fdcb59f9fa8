// Entry point for `cdktf synth` (see cdktf.json); `npm run synth` uses scripts/synth.ts.
import { App } from '../lib/core/framework';
import { buildExamples } from './app';

const app = new App();
buildExamples(app);
app.synth();
