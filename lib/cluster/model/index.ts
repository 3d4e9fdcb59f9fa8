export * from './meta';
export * from './node-spec';
export * from './node-status';
export * from './node';
