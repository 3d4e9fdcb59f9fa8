import { App } from 'cdktf';

/** The cluster example stacks, by stack name. */
export const CLUSTER_EXAMPLES: { [name: string]: (app: App, name: string) => void } = {};
