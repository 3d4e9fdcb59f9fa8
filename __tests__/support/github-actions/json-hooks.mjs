// @actions/workflow-parser imports its JSON schema without an import attribute
// (it is bundled where GitHub uses it); Node wants `with { type: 'json' }`.
export async function load(url, context, next) {
  if (url.endsWith('.json')) return next(url, { ...context, importAttributes: { ...context.importAttributes, type: 'json' } });
  return next(url, context);
}
