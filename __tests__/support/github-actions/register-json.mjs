import { register } from 'node:module';
register('./json-hooks.mjs', import.meta.url);
