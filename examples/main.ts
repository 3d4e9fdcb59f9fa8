// Entry point for `cdktf synth` (see cdktf.json); `npm run synth` uses scripts/synth.ts.
import { App } from 'cdktf';
import { buildExamples } from './app';

const app = new App();
buildExamples(app);
app.synth();
