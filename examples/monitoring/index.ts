import { App } from 'cdktf';

/** The monitoring example stacks, by stack name. */
export const MONITORING_EXAMPLES: { [name: string]: (app: App, name: string) => void } = {};
