// Writes the upstream test tables of the API server's ObjectMeta rules
// (ValidateObjectMetaAccessor and what it calls) as a JSON fixture, from a git
// mirror of kubernetes/apimachinery at the tag named below:
//
//   node scripts/port-objectmeta-tables.js <dir with the git mirrors>
//
// where the directory holds kubernetes+apimachinery/repo (a bare clone), as for
// scripts/port-grammar-tables.js. The fixture names its repository, tag, commit,
// files and test functions. The JSON is committed; this script only documents
// and repeats the port. (The kubernetes/kubernetes tables, whose repository is
// too large to mirror here, are in fixtures/upstream/node-validation.json, ported
// by hand with their citation.)
'use strict';
const { execFileSync } = require('child_process');
const { writeFileSync } = require('fs');
const { join } = require('path');
const { tableAfter } = require('./go-table');

const mirrors = process.argv[2];
if (!mirrors) throw new Error('usage: node scripts/port-objectmeta-tables.js <mirrors dir>');
const root = join(__dirname, '..');
const TAG = 'v0.32.0';
const git = join(mirrors, 'kubernetes+apimachinery', 'repo');
const commit = execFileSync('git', ['-C', git, 'rev-parse', `${TAG}^{commit}`]).toString().trim();
const show = (path) => execFileSync('git', ['-C', git, 'show', `${TAG}:${path}`]).toString();

// The Go constants the tables use, by the values apimachinery v0.32.0 gives them.
const CONSTANTS = {
  trueVar: true,
  falseVar: false,
  'metav1.FinalizerOrphanDependents': 'orphan',
  'metav1.FinalizerDeleteDependents': 'foregroundDeletion',
  'metav1.ManagedFieldsOperationApply': 'Apply',
  'metav1.ManagedFieldsOperationUpdate': 'Update',
};
const constant = (v) => {
  if (v && typeof v === 'object' && '$ident' in v) {
    if (!(v.$ident in CONSTANTS)) throw new Error(`unknown constant ${v.$ident}`);
    return CONSTANTS[v.$ident];
  }
  return v;
};

const objectmeta = show('pkg/api/validation/objectmeta_test.go');
const generic = show('pkg/api/validation/generic_test.go');
const v1 = show('pkg/apis/meta/v1/validation/validation_test.go');
// The error predicates are Go closures; whether a row has one is all the port needs.
const groupVersion = show('pkg/runtime/schema/group_version_test.go').replace(/err: func\(err error\) bool \{[^}]*\}/g, 'err: true');

const ownerReference = (r) => {
  const out = { apiVersion: r.APIVersion, kind: r.Kind, name: r.Name, uid: r.UID };
  if (r.Controller !== undefined) out.controller = constant(r.Controller);
  return out;
};
const managedFieldsEntry = (e) => {
  const out = {};
  if (e.Operation !== undefined) out.operation = constant(e.Operation);
  if (e.FieldsType !== undefined) out.fieldsType = e.FieldsType;
  if (e.APIVersion !== undefined) out.apiVersion = e.APIVersion;
  if (e.Manager !== undefined) out.manager = e.Manager;
  if (e.Subresource !== undefined) out.subresource = e.Subresource;
  return out;
};
const keyed = (o) => Object.entries(o).filter(([k]) => !k.startsWith('$'));

const fixture = {
  _source: {
    repo: 'kubernetes/apimachinery',
    version: TAG,
    commit,
    path: 'pkg/api/validation/objectmeta_test.go, pkg/api/validation/generic_test.go, pkg/apis/meta/v1/validation/validation_test.go, pkg/runtime/schema/group_version_test.go',
    license: 'Apache-2.0 (Copyright The Kubernetes Authors)',
    why: 'The API server (Kubernetes 1.32 vendors k8s.io/apimachinery v0.32.x; the files are the same from v0.32.0 to v0.32.4) validates a Node\'s metadata with ValidateObjectMetaAccessor (pkg/api/validation/objectmeta.go): ValidateOwnerReferences (apiVersion read with schema.ParseGroupVersion, BannedOwners), ValidateFinalizers, ValidateManagedFields and ValidateFieldManager (pkg/apis/meta/v1/validation/validation.go), generateName with NameIsDNSSubdomain after maskTrailingDash (generic.go).',
    generator: 'scripts/port-objectmeta-tables.js',
  },
  ownerReferences: {
    _from: 'objectmeta_test.go TestValidateObjectMetaOwnerReferences: the owner references of one object, whether ValidateObjectMeta errs, and the start of the first error',
    rows: tableAfter(objectmeta, 'func TestValidateObjectMetaOwnerReferences(t *testing.T) {\n\ttrueVar := true\n\tfalseVar := false\n\ttestCases := []struct {').$items.map((c) => ({
      description: c.description,
      ownerReferences: c.ownerReferences.$items.map(ownerReference),
      expectError: c.expectError,
      expectedErrorMessage: c.expectedErrorMessage,
    })),
  },
  conflictingFinalizers: {
    _from: 'objectmeta_test.go TestValidateFinalizersPreventConflictingFinalizers: finalizers, and the error they give',
    rows: keyed(tableAfter(objectmeta, 'func TestValidateFinalizersPreventConflictingFinalizers(t *testing.T) {\n\ttestcases := map[string]struct {')).map(([name, c]) => ({
      name,
      finalizers: c.ObjectMeta.Finalizers.$items.map(constant),
      expectedErr: c.ExpectedErr,
    })),
  },
  maskTrailingDash: {
    _from: 'generic_test.go TestMaskTrailingDash: a generateName before and after masking (NameIsDNSSubdomain then checks the masked name)',
    rows: tableAfter(generic, 'func TestMaskTrailingDash(t *testing.T) {\n\ttestCases := []struct {').$items.map((c) => ({
      before: c.beforeMasking,
      after: c.expectedAfterMasking,
      description: c.description,
    })),
  },
  fieldManager: {
    _from: 'validation_test.go TestValidateFieldManagerValid / TestValidateFieldManagerInvalid: field managers ValidateFieldManager accepts / refuses',
    valid: tableAfter(v1, 'func TestValidateFieldManagerValid(t *testing.T) {\n\ttests := []string').$items,
    invalid: tableAfter(v1, 'func TestValidateFieldManagerInvalid(t *testing.T) {\n\ttests := []string').$items,
  },
  managedFields: {
    _from: 'validation_test.go TestValidateMangedFieldsValid / TestValidateManagedFieldsInvalid: one ManagedFieldsEntry each, which ValidateManagedFields accepts / refuses',
    valid: tableAfter(v1, 'func TestValidateMangedFieldsValid(t *testing.T) {\n\ttests := []metav1.ManagedFieldsEntry').$items.map(managedFieldsEntry),
    invalid: tableAfter(v1, 'func TestValidateManagedFieldsInvalid(t *testing.T) {\n\ttests := []metav1.ManagedFieldsEntry').$items.map(managedFieldsEntry),
  },
  parseGroupVersion: {
    _from: 'group_version_test.go TestGroupVersionParse: an apiVersion, the group and version ParseGroupVersion reads, or that it errs',
    rows: tableAfter(groupVersion, 'func TestGroupVersionParse(t *testing.T) {\n\ttests := []struct {').$items.map((c) => (c.err ? { input: c.input, err: true } : { input: c.input, group: c.out.Group ?? '', version: c.out.Version ?? '' })),
  },
};

writeFileSync(join(root, '__tests__/cluster/fixtures/upstream/objectmeta.json'), `${JSON.stringify(fixture, null, 1)}\n`);
