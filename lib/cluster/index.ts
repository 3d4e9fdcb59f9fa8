export * from './model';
export * from './node-list';
export * from './cluster-nodes';
export * from './kubernetes-provider';
export * from './config-status-machine';
export { isDnsSubdomain, isQualifiedName, isLabelValue, ANNOTATIONS_MAX_BYTES, KubernetesNames } from './kubernetes-names';
export * from './node-reader';
