// What ImportTarget is (lib/core/construct-descriptor.ts).
import { ConstructDescriptor } from './construct-descriptor';

/** ImportTarget: an import block with no resource, for `terraform plan -generate-config-out`; Terraform must generate it, so it is validated only. */
export const IMPORT_TARGET: ConstructDescriptor = {
  className: 'ImportTarget',
  docsPage: 'docs/adopt.md',
  declares: [],
  minimal: { ImportTargetConfig: { terraformType: 'aws_redshift_authentication_profile', importId: 'p' } },
  entryPoints: { '<init>': { judged: 'validate' } },
};
