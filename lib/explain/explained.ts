// The explanation's parts, as the library returns them and the JSON report
// writes them (docs/explain-report.schema.json describes the JSON). One field
// change (ExplainedFieldChange) sits below, in lib/core/field-change.ts: the
// constructs' field differs return it too.
import { ExplainedFieldChange } from '../core/field-change';

export type { ExplainedFieldChange } from '../core/field-change';

/** One resource of the plan, explained. */
export interface ExplainedResource {
  /** Terraform's address of the resource (its new address when moved). */
  readonly address: string;
  /**
   * The path of the construct that declared it, below the stack
   * (`analysts`, `team/dashboard`).
   *
   * @default - none: not declared by a construct of this library (or no longer in the configuration)
   */
  readonly constructPath?: string;
  /**
   * The class of the construct that declared it.
   *
   * @default - none: not recorded, or not declared by a construct of this library
   */
  readonly constructClass?: string;
  /**
   * `file:line` of the code that declared its construct, relative to the app's directory.
   *
   * @default - none: not recorded, or not declared by a construct of this library
   */
  readonly source?: string;
  /**
   * What the resource is to its construct: `profile`, `name trigger`,
   * `policy`, `node manifest`, `node labels`, `node annotations`, `node taints`,
   * or `other` for a resource these constructs did not make.
   */
  readonly kind: string;
  /**
   * The node a node resource is for.
   *
   * @default - none (not a node resource)
   */
  readonly node?: string;
  /**
   * What happens, in order: `create`, `update`, `replace`, `replace without destroy`
   * (Terraform's `["create","forget"]`: the old object is forgotten, not destroyed), `delete`, `import`,
   * `move`, `remove from state`, `no-op`, `read`; for drift,
   * `changed outside Terraform` or `deleted outside Terraform`.
   */
  readonly actions: string[];
  /** Why, one sentence each (a rename through the replace trigger, an attribute forcing replacement, an import, moved or removed block, …). */
  readonly causes: string[];
  /** Terraform's own actions (`change.actions`). */
  readonly terraformActions: string[];
  /**
   * The address before a moved block.
   *
   * @default - none (not moved)
   */
  readonly previousAddress?: string;
  /**
   * The deposed key when the change is to a deposed object of the address (an
   * old object `create_before_destroy` left behind), not to its current object.
   *
   * @default - none (the current object)
   */
  readonly deposed?: string;
  /** The field changes, in the construct's terms (none for a delete or a removal from state). */
  readonly fields: ExplainedFieldChange[];
}

/** A field change under a construct's headline: a field change, and the node it is on for a node list. */
export interface ExplainedConstructField extends ExplainedFieldChange {
  /**
   * The node the change is on (a NodeList's changes are per node).
   *
   * @default - none (not a node resource)
   */
  readonly node?: string;
}

/**
 * One construct (one instance, for a construct repeated with `forEach` or
 * `count`) and everything the plan does to it: its resources folded into one
 * headline, the cause stated once, its field changes beneath.
 */
export interface ExplainedConstruct {
  /**
   * The construct's path below the stack; for a construct the configuration no
   * longer has (deleted, released), the construct part of cdktf's name for it.
   */
  readonly constructPath: string;
  /**
   * The instance key, `["key"]` or `[0]`, of a construct repeated with `forEach` or `count`.
   *
   * @default - none (not repeated)
   */
  readonly instanceKey?: string;
  /** False for a construct the configuration no longer has (its resources are deleted or forgotten). */
  readonly inConfiguration: boolean;
  /**
   * The construct's class (`AuthenticationProfile`, `RestrictionPolicy`, `NodeList`), from the stack's metadata.
   *
   * @default - none: a stack synthesized by a version that did not record it
   */
  readonly constructClass?: string;
  /**
   * `file:line` of the code that declared the construct, relative to the app's directory.
   *
   * @default - none: not recorded (turned off, or a stack synthesized by a version that did not record it)
   */
  readonly source?: string;
  /**
   * Terraform's symbol for what happens: `+` create, `~` update, `-/+` replace
   * (`+/-` creating first), `+/.` replace without destroy, `-` delete, `.`
   * remove from state, `<=` read; blank (three spaces) for a move or an import alone.
   */
  readonly symbol: string;
  /** What happens to the construct, in order (the actions of its resources, `no-op` only when nothing else). */
  readonly actions: string[];
  /** Why, each cause once; the name trigger's replacement shows as the cause of the profile's, not as a change of its own. */
  readonly causes: string[];
  /** The addresses of the construct's resources in the plan, the folded name trigger included. */
  readonly addresses: string[];
  /** The field changes, in the construct's terms, each once. */
  readonly fields: ExplainedConstructField[];
}

/** A root module output's change. */
export interface ExplainedOutput {
  /** The output's name. */
  readonly name: string;
  /** `create`, `update`, `delete` or `no-op`. */
  readonly action: string;
  /**
   * The value before, as field values are shown (`(sensitive)` for a sensitive output).
   *
   * @default - none (created)
   */
  readonly before?: string;
  /**
   * The value after, shown as `before` is.
   *
   * @default - none (deleted)
   */
  readonly after?: string;
}

/** Terraform's own count of the plan, as its `Plan:` line gives it. */
export interface TerraformCounts {
  /** Resources imported. */
  readonly import: number;
  /** Resources created (replacements included). */
  readonly add: number;
  /** Resources updated in place. */
  readonly change: number;
  /** Resources destroyed (replacements included). */
  readonly destroy: number;
  /** Resources removed from state without being destroyed. */
  readonly forget: number;
}

// The parts below are the JSON report's (version 2) and the renderers': not
// properties of PlanExplanation, whose jsii API is unchanged.

/** A change Terraform leaves to a later plan (`deferred_changes`), explained as the resources of `changes` are. */
export interface ExplainedDeferredChange {
  /** Terraform's reason: `unknown`, `instance_count_unknown`, `resource_config_unknown`, `provider_config_unknown`, `deferred_prereq`, `absent_prereq`. */
  readonly reason: string;
  /** The change, its first cause the deferral in words. */
  readonly resource: ExplainedResource;
}

/** The resource an action invocation names: the one whose lifecycle triggers it, or the one filling an invoked action's caller object. */
export interface ExplainedActionResource {
  readonly address: string;
  /** Its construct's path, when one of these constructs made it. */
  readonly constructPath?: string;
  /** Its kind, as `changes` names it (`other` for a resource these constructs did not make). */
  readonly kind: string;
}

/** An action Terraform will run (`action_invocations`, Terraform 1.14+ `action` blocks), or one it defers. */
export interface ExplainedActionInvocation {
  /** The action's address: `action.<type>.<name>`. */
  readonly address: string;
  /** The action's type (`aws_lambda_invoke`). */
  readonly type: string;
  /** `lifecycle` (an `action_trigger` of a resource) or `invoke` (`terraform plan -invoke`). */
  readonly trigger: string;
  /** Terraform's event: `BeforeCreate`, `AfterCreate`, `BeforeUpdate`, `AfterUpdate`, `BeforeDestroy`, `AfterDestroy`; absent when invoked. */
  readonly event?: string;
  /** When it runs, in words: `after update`, `before create`, …, or `invoked with -invoke`. */
  readonly when: string;
  /** The triggering (or calling) resource. */
  readonly resource?: ExplainedActionResource;
  /** Terraform's on_failure (1.16+): `ActionOnFailureHalt`, `ActionOnFailureTaint`, `ActionOnFailureContinue`. */
  readonly onFailure?: string;
  /** Set when deferred (`deferred_action_invocations`): Terraform's reason. */
  readonly deferredReason?: string;
}
