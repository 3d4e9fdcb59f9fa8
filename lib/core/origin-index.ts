// The index of origins a stack's metadata holds (written by construct-origin.ts,
// read by explain's construct map): `"//".metadata.constructOrigins` is
// `{ <construct class>: { <file:line, or "" when not recorded>: [<construct path below the stack>, …] } }`,
// one entry per construct of this library, whatever number of resources it declares.

/** The key of the index in the stack's `"//".metadata`. */
export const ORIGINS_METADATA_KEY = 'constructOrigins';

/** The index: class → source (or "") → construct paths below the stack. */
export type OriginIndex = { [constructClass: string]: { [source: string]: string[] } };
