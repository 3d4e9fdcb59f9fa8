// The annotations whose content the API server reads when it validates a Node
// (ValidateNodeSpecificAnnotations, kubernetes pkg/apis/core/validation/validation.go,
// the same text in 1.31.1 and after 1.32): when not empty,
//   scheduler.alpha.kubernetes.io/taints          json.Unmarshal into []core.Taint, then validateNodeTaints;
//   scheduler.alpha.kubernetes.io/preferAvoidPods json.Unmarshal into v1.AvoidPods, then each entry's
//                                                 podSignature.podController must be set and be the controller.
// Decoding follows Go's encoding/json (go-json.ts). A text Go cannot decode is one
// problem at the annotation, its content not shown (it may hold anything).
import { isUnresolved, Problems } from '../core/problems';
import { GoType, unmarshalGo } from './go-json';
import { isLabelValue, isQualifiedName, KEY_RULE, VALUE_RULE } from './kubernetes-names';

/** core.TaintsAnnotationKey. */
export const TAINTS_ANNOTATION = 'scheduler.alpha.kubernetes.io/taints';
/** core.PreferAvoidPodsAnnotationKey. */
export const PREFER_AVOID_PODS_ANNOTATION = 'scheduler.alpha.kubernetes.io/preferAvoidPods';

const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

// The internal core.Taint has no json tags: its Go field names are matched case-insensitively.
const TAINTS: GoType = {
  kind: 'slice',
  elem: { kind: 'struct', fields: { Key: { kind: 'string' }, Value: { kind: 'string' }, Effect: { kind: 'string' }, TimeAdded: { kind: 'pointer', elem: { kind: 'time' } } } },
};

// k8s.io/api core/v1 AvoidPods, PreferAvoidPodsEntry, PodSignature and meta/v1 OwnerReference, by json tag.
const AVOID_PODS: GoType = {
  kind: 'struct',
  fields: {
    preferAvoidPods: {
      kind: 'slice',
      elem: {
        kind: 'struct',
        fields: {
          podSignature: {
            kind: 'struct',
            fields: {
              podController: {
                kind: 'pointer',
                elem: {
                  kind: 'struct',
                  fields: {
                    apiVersion: { kind: 'string' },
                    kind: { kind: 'string' },
                    name: { kind: 'string' },
                    uid: { kind: 'string' },
                    controller: { kind: 'pointer', elem: { kind: 'bool' } },
                    blockOwnerDeletion: { kind: 'pointer', elem: { kind: 'bool' } },
                  },
                },
              },
            },
          },
          evictionTime: { kind: 'time' },
          reason: { kind: 'string' },
          message: { kind: 'string' },
        },
      },
    },
  },
};

interface DecodedTaint { Key: string; Value: string; Effect: string }
interface DecodedAvoidPods { preferAvoidPods?: { podSignature: { podController?: { controller?: boolean } } }[] }

/** ValidateNodeSpecificAnnotations on one node's annotations at `path` (…/metadata/annotations). */
export function checkNodeSpecificAnnotations(annotations: { [key: string]: unknown }, path: string, problems: Problems): void {
  const taints = annotations[TAINTS_ANNOTATION];
  if (typeof taints === 'string' && taints !== '' && !isUnresolved(taints)) checkTaintsAnnotation(taints, `${path}/${TAINTS_ANNOTATION}`, problems);
  const avoid = annotations[PREFER_AVOID_PODS_ANNOTATION];
  if (typeof avoid === 'string' && avoid !== '' && !isUnresolved(avoid)) checkAvoidPodsAnnotation(avoid, `${path}/${PREFER_AVOID_PODS_ANNOTATION}`, problems);
}

// ValidateTaintsInNodeAnnotations: helper.GetTaintsFromNodeAnnotations, then validateNodeTaints.
function checkTaintsAnnotation(text: string, path: string, problems: Problems): void {
  const decoded = unmarshalGo(text, TAINTS);
  if ('error' in decoded) {
    problems.addConcealed(path, text, `the JSON of a list of taints ([{"key": …, "value": …, "effect": …}]) that Go's encoding/json reads into []Taint: ${decoded.error}`);
    return;
  }
  const taints = (decoded.value ?? []) as DecodedTaint[];
  // validateNodeTaints: key a qualified name, value a label value, effect required and one of three, (key, effect) unique.
  const seen = new Map<string, number>();
  taints.forEach((taint, j) => {
    const at = `${path}/${j}`;
    if (!isQualifiedName(taint.Key)) problems.add(`${at}/key`, taint.Key, `a taint key that is ${KEY_RULE}`);
    if (!isLabelValue(taint.Value)) problems.add(`${at}/value`, taint.Value, `a taint value that is ${VALUE_RULE}`);
    if (taint.Effect === '') problems.add(`${at}/effect`, undefined, `a value is required (${TAINT_EFFECTS.join(', ')})`);
    else if (!TAINT_EFFECTS.includes(taint.Effect)) problems.add(`${at}/effect`, taint.Effect, TAINT_EFFECTS.join(', '));
    const identity = `${taint.Key}\u0000${taint.Effect}`;
    const first = seen.get(identity);
    if (first === undefined) seen.set(identity, j);
    else problems.add(at, { key: taint.Key, effect: taint.Effect }, `a (key, effect) pair no other taint of the annotation has (${first} has it)`);
  });
}

// ValidateAvoidPodsInNodeAnnotations: schedulinghelper.GetAvoidPodsFromNodeAnnotations, then validatePreferAvoidPodsEntry.
function checkAvoidPodsAnnotation(text: string, path: string, problems: Problems): void {
  const decoded = unmarshalGo(text, AVOID_PODS);
  if ('error' in decoded) {
    problems.addConcealed(path, text, `the JSON of an AvoidPods object ({"preferAvoidPods": [{"podSignature": {"podController": {…, "controller": true}}}]}) that Go's encoding/json reads: ${decoded.error}`);
    return;
  }
  const entries = (decoded.value as DecodedAvoidPods).preferAvoidPods ?? [];
  entries.forEach((entry, j) => {
    const at = `${path}/preferAvoidPods/${j}/podSignature`;
    const controller = entry.podSignature.podController;
    if (controller === undefined) {
      problems.add(at, undefined, 'a podSignature with a podController (the owner reference of the pods to avoid)');
    } else if (controller.controller !== true) {
      // validatePreferAvoidPodsEntry dereferences controller: unset, the server fails with an internal error.
      problems.add(`${at}/podController/controller`, controller.controller, controller.controller === false
        ? 'true: the podController must point to a controller'
        : 'true: the podController must point to a controller (unset, the API server fails with an internal error)');
    }
  });
}
