// The library's entry point: a plan explained in the constructs' terms, with
// its three renderings and its CI gates.
import { readArgument } from '../core/snapshot';
import { ConstructMap } from './construct-map';
import { explainPlan } from './explain-plan';
import { ExplainedConstruct, ExplainedOutput, ExplainedResource, TerraformCounts } from './explained';
import { describeValue } from '../core/received-value';
import { ValidationError } from '../core/validation-error';
import { ALL_GATES, ExplainGate, matchedGates } from './gates';
import { readPlanJson } from './plan-json';
import { HTML_TITLE, renderHtml } from './render-html';
import { renderJson } from './render-json';
import { MARKDOWN_PART_LIMIT, renderMarkdown, renderMarkdownParts } from './render-markdown';
import { renderText } from './render-text';
import { buildReport, PlanExtras, Report } from './report';
import { compileSchema, SchemaCheck } from '../core/json-schema';
import { Problems } from '../core/problems';
import { renderGithubAnnotations } from './render-github';
import { renderSarif } from './render-sarif';
import { risksOf } from './risks';
import * as fs from 'fs';
import { inferPlanMode, PlanMode } from './plan-mode';
import { planFileMode } from './plan-file';
import { terraformHeadline } from './terraform-headline';
import { guardrailsAtPlan } from './plan-guardrails';
import { terraformCounts } from './construct-changes';

// The options' mode, checked: a value from another language may be anything; an unknown property is refused.
function readPlanMode(method: string, options: PlanReadOptions | undefined): PlanMode | undefined {
  const mode = readOptions(method, options === null ? undefined : options, PLAN_READ_OPTIONS)?.planMode;
  if (mode === undefined || (Object.values(PlanMode) as unknown[]).includes(mode)) return mode;
  throw new ValidationError(method, [{ path: 'options/planMode', received: describeValue(mode), allowed: `one of ${Object.values(PlanMode).map((m) => JSON.stringify(m)).join(', ')} (PlanMode)` }]);
}

/** What the plan's JSON does not say about it. */
export interface PlanReadOptions {
  /**
   * The mode the plan was made in. `terraform show -json` does not write it; the saved
   * plan file does ({@link PlanExplanation.planModeOfFile}). It decides Terraform's
   * headline for a plan with no change ("No changes. No objects need to be destroyed.").
   *
   * @default - inferred from the JSON where it tells it (a destroy's deletes have no reason, a refresh-only plan lists no unchanged instance)
   */
  readonly planMode?: PlanMode;
}

/** How {@link PlanExplanation.toText} writes. */
export interface ExplainTextOptions {
  /**
   * ANSI colours (Terraform's: green for what is made, red for what goes, yellow for updates).
   *
   * @default false
   */
  readonly color?: boolean;
}

/** Where the CI formats ({@link PlanExplanation.toSarif}, {@link PlanExplanation.toGithubAnnotations}) point and what they call an error. */
export interface ExplainCiOptions {
  /**
   * The gates the pipeline refuses (`--fail-on`): a risk whose gate is here is an error, not a warning.
   *
   * @default - none: replacements, deletions and drift are warnings
   */
  readonly failOn?: ExplainGate[];
  /**
   * The app's directory relative to the repository's root (`infra`), put before each construct's
   * source file so that annotations and code scanning find it in the repository.
   *
   * @default - the app is at the repository's root
   */
  readonly sourceRoot?: string;
}

/** How {@link PlanExplanation.toHtml} writes. */
export interface ExplainHtmlOptions {
  /**
   * The stack's name: shown above its changes, on each card (`data-stack`), and in the stack filter.
   *
   * @default "stack"
   */
  readonly stack?: string;

  /**
   * The page's title and heading.
   *
   * @default "Terraform plan, by construct"
   */
  readonly title?: string;
}

/**
 * A Terraform plan explained per construct: for each resource, the construct
 * path that declared it, what happens to it (create, update, replace, delete,
 * import, move, remove from state, no-op), why, and which fields change in the
 * construct's own terms (profile content keys, policy principals per relation,
 * node labels, annotations and taints); what changed outside Terraform (drift)
 * in the same terms. Sensitive values and values under credential-looking keys
 * are never shown; no output holds an absolute path.
 */
export class PlanExplanation {
  /**
   * Explains a plan for a synthesized stack.
   *
   * @param planJson the output of `terraform show -json PLANFILE` (a normal or a `-refresh-only` plan)
   * @param stackDirectory the synthesized stack directory (`cdktf.out/stacks/<stack>`: `cdk.tf.json`, or `cdk.tf` with `metadata.json`)
   * @param options what the JSON does not say: the plan's mode
   * @returns the explanation
   * @throws a ValidationError naming the JSON path of a malformed plan, or the stack directory's problem
   */
  public static fromPlan(planJson: string, stackDirectory: string, options: PlanReadOptions = {}): PlanExplanation {
    planJson = readArgument('PlanExplanation.fromPlan', 'planJson', planJson);
    stackDirectory = readArgument('PlanExplanation.fromPlan', 'stackDirectory', stackDirectory);
    const mode = readPlanMode('PlanExplanation.fromPlan', options);
    return PlanExplanation._fromPlanAndMap(planJson, ConstructMap.fromStackDirectory(stackDirectory), mode);
  }

  /**
   * The mode a saved plan file (`terraform plan -out=FILE`) was made in, read from the
   * file itself (its `tfplan` entry's `ui_mode`): `terraform show -json` does not give it.
   *
   * @param planFile the saved plan file
   * @returns its mode
   * @throws a ValidationError when the file cannot be read or is not a saved plan
   */
  public static planModeOfFile(planFile: string): PlanMode {
    planFile = readArgument('PlanExplanation.planModeOfFile', 'planFile', planFile);
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(planFile);
    } catch (e) {
      throw new ValidationError('PlanExplanation.planModeOfFile', [{ path: 'planFile', received: `a path that cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`, allowed: 'a saved plan file (terraform plan -out=FILE)' }]);
    }
    const mode = planFileMode(bytes);
    if (mode === undefined) {
      throw new ValidationError('PlanExplanation.planModeOfFile', [{ path: 'planFile', received: `a file of ${bytes.length} bytes that is not a saved plan`, allowed: 'a saved plan file (terraform plan -out=FILE): a zip with a tfplan entry' }]);
    }
    return mode;
  }

  /**
   * Explains a plan for a stack's synthesized configuration held in memory.
   *
   * @param planJson the output of `terraform show -json PLANFILE`
   * @param stackConfigJson the stack's `cdk.tf.json` (or an HCL synth's `metadata.json`)
   * @param options what the JSON does not say: the plan's mode
   * @returns the explanation
   */
  public static fromPlanAndConfig(planJson: string, stackConfigJson: string, options: PlanReadOptions = {}): PlanExplanation {
    planJson = readArgument('PlanExplanation.fromPlanAndConfig', 'planJson', planJson);
    stackConfigJson = readArgument('PlanExplanation.fromPlanAndConfig', 'stackConfigJson', stackConfigJson);
    const mode = readPlanMode('PlanExplanation.fromPlanAndConfig', options);
    return PlanExplanation._fromPlanAndMap(planJson, ConstructMap.fromStackConfig(stackConfigJson), mode);
  }

  /**
   * @param mode the plan's mode (from its saved file); inferred from the JSON when undefined
   * @internal
   */
  public static _fromPlanAndMap(plan: unknown, map: ConstructMap, mode?: PlanMode): PlanExplanation {
    const read = readPlanJson(plan);
    const planMode = mode ?? inferPlanMode(read);
    const explained = explainPlan(read, map, planMode);
    const counts = terraformCounts(explained.changes);
    return new PlanExplanation(
      buildReport(explained.changes, explained.drift, explained.outputs, {
        deferred: explained.deferred,
        actionInvocations: explained.actionInvocations,
        folds: explained.folds,
        headline: terraformHeadline(read, planMode, counts),
        guardrails: guardrailsAtPlan(read, map),
        ...(planMode === undefined ? {} : { planMode }),
      }),
      read.unknownKeys,
    );
  }

  /** Every managed resource of the plan's `resource_changes`, unchanged ones included: construct resources by construct path then address, then the others by address. */
  public readonly changes: ExplainedResource[];

  /** What the refresh found changed outside Terraform (`resource_drift`), in the same order. */
  public readonly drift: ExplainedResource[];

  /** The changes per construct (one entry per construct instance, unchanged ones included), in the same order. */
  public readonly constructs: ExplainedConstruct[];

  /** The drift per construct. */
  public readonly driftConstructs: ExplainedConstruct[];

  /** The root module's output changes (unchanged outputs left out), by name. */
  public readonly outputs: ExplainedOutput[];

  /** Terraform's own count of the plan, as its `Plan:` line gives it. */
  public readonly terraformCounts: TerraformCounts;

  /**
   * The line `terraform show` states the plan's outcome with: its `Plan:` line, or, for a
   * plan with no change, its "No changes. …" line for the plan's mode.
   */
  public readonly terraformHeadline: string;

  /**
   * The mode the plan was made in.
   *
   * @default - not known: the JSON does not tell it and none was given
   */
  public readonly planMode?: PlanMode;

  private readonly report: Report;

  /** Top-level keys of the plan that this version of explain does not read. */
  private readonly unreadKeys: readonly string[];

  private constructor(report: Report, unreadKeys: readonly string[]) {
    this.report = report;
    this.unreadKeys = unreadKeys;
    this.changes = [...report.changes];
    this.drift = [...report.drift];
    this.constructs = [...report.constructs];
    this.driftConstructs = [...report.driftConstructs];
    this.outputs = [...report.outputs];
    this.terraformCounts = report.terraform;
    this.terraformHeadline = report.headline;
    this.planMode = report.planMode;
  }

  /**
   * The top-level keys of the plan this version of explain does not know (a newer Terraform's), for the command's warning.
   *
   * @internal
   */
  public get _unreadKeys(): readonly string[] {
    return this.unreadKeys;
  }

  /**
   * What the plan defers and the actions it runs, for the tests.
   *
   * @internal
   */
  public get _extras(): PlanExtras {
    return { deferred: this.report.deferred, actionInvocations: this.report.actionInvocations };
  }

  /** @internal the report the renderings read */
  public get _report(): Report {
    return this.report;
  }

  /**
   * The terminal view: Terraform's count, then one block per changed construct
   * (a headline with its symbol, path, class, action and cause, and where it
   * was declared; its field changes beneath), the drift, the other resources
   * and the outputs.
   *
   * @param options colour
   * @returns the text, ending with a newline
   */
  public toText(options?: ExplainTextOptions): string {
    options = readOptions('PlanExplanation.toText', options, TEXT_OPTIONS);
    return renderText(this.report, options?.color === true);
  }

  /**
   * Markdown for a pull-request comment: Terraform's count, a summary table and
   * a collapsible section per changed construct, in one text (every part of
   * {@link toMarkdownParts}, in order).
   *
   * @returns the Markdown, ending with a newline
   */
  public toMarkdown(): string {
    return renderMarkdown(this.report);
  }

  /**
   * The Markdown cut into numbered parts that each fit a GitHub comment, each
   * starting with `<!-- cdktf-warehouse-monitoring-cluster:explain part N -->`,
   * a marker that stays the same from run to run.
   *
   * @param maxBytes the most UTF-8 bytes a part may hold (never fewer than its characters)
   * @returns the parts, in order (one for most plans)
   */
  public toMarkdownParts(maxBytes?: number): string[] {
    maxBytes = readArgument('PlanExplanation.toMarkdownParts', 'maxBytes', maxBytes);
    if (maxBytes !== undefined && (typeof maxBytes !== 'number' || !Number.isInteger(maxBytes) || maxBytes < 4096)) {
      throw new ValidationError('PlanExplanation.toMarkdownParts', [{ path: 'maxBytes', received: describeValue(maxBytes), allowed: 'a whole number of bytes, at least 4096' }]);
    }
    return renderMarkdownParts(this.report, maxBytes ?? MARKDOWN_PART_LIMIT);
  }

  /**
   * One self-contained HTML page for people: Terraform's count and the summary,
   * one card per changed construct (its action badge with Terraform's symbol,
   * path, class, cause and declaring `file:line`; its field changes side by side,
   * before and after, grouped by content key, relation and node), the drift the
   * same way, the other resources by address and the outputs, with filters by
   * action and by stack that work from the keyboard. Its CSS and script are
   * inline and nothing is loaded from anywhere (a Content-Security-Policy allows
   * only the page's own style and script); every value is HTML-escaped.
   *
   * @param options the stack's name and the page's title
   * @returns the HTML document, ending with a newline
   * @throws a ValidationError when an option is not a string
   */
  public toHtml(options?: ExplainHtmlOptions): string {
    options = readOptions('PlanExplanation.toHtml', options, HTML_OPTIONS);
    // The page is written now, not by Terraform: a list or map token (which the schema check passes over) is no text.
    // A string is text, whatever it looks like (a directory named like a token marker included).
    const tokens = (['stack', 'title'] as const).filter((k) => options?.[k] !== undefined && typeof options[k] !== 'string');
    if (tokens.length > 0) {
      throw new ValidationError('PlanExplanation.toHtml', tokens.map((k) => ({ path: `options/${k}`, received: describeValue(options![k]), allowed: 'a string (not a list or map token)' })));
    }
    return renderHtml([{ stack: options?.stack ?? 'stack', report: this.report }], options?.title ?? HTML_TITLE);
  }

  /**
   * The JSON report, as docs/explain-report.schema.json describes it.
   *
   * @returns the JSON text, ending with a newline
   */
  public toJson(): string {
    return renderJson(this.report);
  }

  /**
   * SARIF 2.1.0 for code scanning: one rule per risk (replace, delete, drift,
   * remove from state, import), one result per risky construct on the line of
   * code that declared it, most severe first; within GitHub's limits (at most
   * 25,000 results, under 10 MB gzipped), what is left out counted in a notification
   * of the run.
   *
   * @param options the gates that make a risk an error, and the app's directory in the repository
   * @returns the SARIF log as JSON text, ending with a newline
   */
  public toSarif(options?: ExplainCiOptions): string {
    const read = readCiOptions('PlanExplanation.toSarif', options);
    return renderSarif(risksOf(this.report, read.failOn), { sourceRoot: read.sourceRoot });
  }

  /**
   * GitHub Actions workflow commands: an annotation per risky construct
   * (`::warning file=…,line=…,title=…::…`; `::error` when its gate is refused;
   * `::notice` for imports and removals from state), on the line that declared it;
   * at most 10 per level (what GitHub shows a step), the most severe first, then one
   * notice counting the rest.
   *
   * @param options the gates that make a risk an error, and the app's directory in the repository
   * @returns the commands, one per line
   */
  public toGithubAnnotations(options?: ExplainCiOptions): string[] {
    const read = readCiOptions('PlanExplanation.toGithubAnnotations', options);
    return renderGithubAnnotations(risksOf(this.report, read.failOn), read.sourceRoot);
  }

  /**
   * Which of the given gates the plan matches.
   *
   * @param gates the gates a pipeline refuses
   * @returns the matched gates, in the order replace, delete, drift
   * @throws a ValidationError when a gate is not one of ExplainGate
   */
  public gatesMatched(gates: ExplainGate[]): ExplainGate[] {
    gates = readArgument('PlanExplanation.gatesMatched', 'gates', gates);
    if (!Array.isArray(gates) || gates.some((g) => !(ALL_GATES as readonly unknown[]).includes(g))) {
      throw new ValidationError('PlanExplanation.gatesMatched', [{ path: 'gates', received: describeValue(gates), allowed: `a list of ${ALL_GATES.join(', ')}` }]);
    }
    // A deferred delete or replace counts: Terraform will still make it, in a later plan.
    return matchedGates(gates, [...this.changes, ...this.report.deferred.map((d) => d.resource)], this.drift, this.report.guardrails.findings);
  }
}

// The options structs, closed (an unknown property is refused, its value not shown), as the constructs' props are.
const PLAN_READ_OPTIONS = compileSchema({
  type: 'object',
  description: 'an object with planMode, or nothing',
  additionalProperties: false,
  properties: { planMode: {} },
});
const TEXT_OPTIONS = compileSchema({
  type: 'object',
  description: 'an object with color, or nothing',
  additionalProperties: false,
  properties: { color: { type: 'boolean', description: 'true or false' } },
});
const HTML_OPTIONS = compileSchema({
  type: 'object',
  description: 'an object with stack and title, or nothing',
  additionalProperties: false,
  properties: { stack: { type: 'string', description: 'a string' }, title: { type: 'string', description: 'a string' } },
});
const CI_OPTIONS = compileSchema({
  type: 'object',
  description: 'an object with failOn and sourceRoot, or nothing',
  additionalProperties: false,
  properties: { failOn: {}, sourceRoot: {} },
});

/** Reads an options argument once and checks it against its closed schema. */
function readOptions<T>(where: string, options: T | undefined, check: SchemaCheck): T | undefined {
  options = readArgument(where, 'options', options);
  if (options === undefined) return undefined;
  const problems = new Problems();
  check(options, problems, 'options');
  problems.throwIfAnyAt(where);
  return options;
}

function readCiOptions(where: string, options: ExplainCiOptions | undefined): { failOn: ExplainGate[]; sourceRoot?: string } {
  options = readOptions(where, options, CI_OPTIONS);
  const failOn = options?.failOn ?? [];
  if (!Array.isArray(failOn) || failOn.some((g) => !(ALL_GATES as readonly unknown[]).includes(g))) {
    throw new ValidationError(where, [{ path: 'options/failOn', received: describeValue(failOn), allowed: `a list of ${ALL_GATES.join(', ')}` }]);
  }
  const sourceRoot = options?.sourceRoot;
  if (sourceRoot !== undefined && (typeof sourceRoot !== 'string' || /^(?:[\\/]|[A-Za-z]:)/.test(sourceRoot) || /[\u0000-\u001f]/.test(sourceRoot))) {
    throw new ValidationError(where, [{ path: 'options/sourceRoot', received: describeValue(sourceRoot), allowed: 'a directory relative to the repository root, such as "infra"' }]);
  }
  return { failOn: [...failOn], ...(sourceRoot === undefined ? {} : { sourceRoot }) };
}
