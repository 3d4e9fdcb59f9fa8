// The plan's mode: read from the saved plan file (its tfplan entry's ui_mode),
// inferred from the JSON where the JSON tells it, refused when a caller gives
// something else. Plan files from the real terraform (terraform_data needs no
// provider download).
import * as fs from 'fs';
import * as path from 'path';
import { PlanExplanation, PlanMode, ValidationError } from '../../lib';
import { inferPlanMode } from '../../lib/explain/plan-mode';
import { readPlanJson } from '../../lib/explain/plan-json';
import { terraform, workdir } from '../support/terraform';
import { errorOf } from '../support/errors';

let dir: string;
const files: { [mode: string]: string } = {};

beforeAll(() => {
  dir = workdir({ 'main.tf.json': JSON.stringify({ resource: { terraform_data: { a: { input: 'x' } } } }) });
  terraform(dir, ['init', '-input=false', '-no-color']);
  terraform(dir, ['apply', '-input=false', '-no-color', '-auto-approve']);
  for (const [mode, flags] of [['normal', []], ['destroy', ['-destroy']], ['refresh-only', ['-refresh-only']]] as const) {
    files[mode] = path.join(dir, `${mode}.tfplan`);
    terraform(dir, ['plan', '-input=false', '-no-color', `-out=${files[mode]}`, ...flags]);
  }
});

describe('the plan mode', () => {
  test('GIVEN saved plans of each mode THEN planModeOfFile reads the mode terraform wrote', () => {
    expect(PlanExplanation.planModeOfFile(files.normal)).toBe(PlanMode.NORMAL);
    expect(PlanExplanation.planModeOfFile(files.destroy)).toBe(PlanMode.DESTROY);
    expect(PlanExplanation.planModeOfFile(files['refresh-only'])).toBe(PlanMode.REFRESH_ONLY);
  });

  test('GIVEN their JSON THEN the mode is inferred as the file says; each no-change line is terraform\'s', () => {
    for (const mode of Object.values(PlanMode)) {
      const json = terraform(dir, ['show', '-json', files[mode]]).stdout;
      expect([mode, inferPlanMode(readPlanJson(json))]).toEqual([mode, mode]);
      const shown = terraform(dir, ['show', '-no-color', files[mode]]).stdout;
      const explained = PlanExplanation.fromPlanAndConfig(json, fs.readFileSync(path.join(dir, 'main.tf.json'), 'utf8'));
      expect(shown.split('\n')).toContain(explained.terraformHeadline);
    }
  });

  test.each([
    ['text', 'not a plan at all'],
    ['a truncated plan', 'TRUNCATE'],
    ['an empty file', ''],
  ])('GIVEN %s THEN planModeOfFile throws a ValidationError naming planFile and the size, not the content', (_label, content) => {
    const file = path.join(dir, 'bad.tfplan');
    if (content === 'TRUNCATE') fs.writeFileSync(file, fs.readFileSync(files.normal).subarray(0, 200));
    else fs.writeFileSync(file, content);
    const error = errorOf(() => PlanExplanation.planModeOfFile(file));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain('planFile');
    expect(error.message).toMatch(/a file of \d+ bytes that is not a saved plan/);
    if (content !== '' && content !== 'TRUNCATE') expect(error.message).not.toContain(content);
  });

  test('GIVEN a missing file THEN a ValidationError, not an ENOENT TypeError', () => {
    expect(errorOf(() => PlanExplanation.planModeOfFile(path.join(dir, 'missing.tfplan'))).message).toContain('a path that cannot be read (ENOENT)');
  });

  test.each([['sideways'], [42], [{ mode: 'normal' }], ['NORMAL']])('GIVEN planMode %p THEN a ValidationError naming options/planMode', (mode) => {
    const json = terraform(dir, ['show', '-json', files.normal]).stdout;
    const error = errorOf(() => PlanExplanation.fromPlanAndConfig(json, '{}', { planMode: mode as any }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain('options/planMode');
    expect(error.message).toContain('"normal", "destroy", "refresh-only"');
  });

  test('GIVEN a plan of Terraform 1.0 (no delete reasons yet) THEN a delete without reason is not read as a destroy plan', () => {
    const change = { address: 'terraform_data.a', mode: 'managed', type: 'terraform_data', change: { actions: ['delete'], before: {}, after: null } };
    const plan = (version: string) => readPlanJson({ format_version: '1.0', terraform_version: version, planned_values: {}, configuration: {}, applyable: true, complete: true, errored: false, resource_changes: [change] });
    expect(inferPlanMode(plan('1.0.11'))).toBe(PlanMode.NORMAL);
    expect(inferPlanMode(plan('1.11.4'))).toBe(PlanMode.DESTROY);
  });
});
