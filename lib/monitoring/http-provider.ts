import { Construct } from 'constructs';
import { compileSchema } from '../core/json-schema';
import { constructPathOf, Problems } from '../core/problems';
import { checkProviderIdentity } from '../core/provider-identity';
import { readProps } from '../core/snapshot';
import { WireProvider } from '../core/wire-elements';

/** Props of an {@link HttpProvider}. */
export interface HttpProviderProps {
  /**
   * Alias, for a second http provider in one stack.
   *
   * @default - the default http provider
   */
  readonly alias?: string;

  /**
   * Version constraint for `hashicorp/http` (3.x has `request_headers`,
   * `response_body` and `status_code`).
   *
   * @default ">= 3.0.0, < 4.0.0"
   */
  readonly versionConstraint?: string;
}

const checkProps = compileSchema({
  type: 'object',
  properties: {
    // Checked by checkProviderIdentity (the string pipeline).
    alias: {},
    versionConstraint: {},
  },
  additionalProperties: false,
});

/**
 * The `hashicorp/http` provider, used by `CurrentOrg` with
 * `CurrentOrgSource.HTTP` to read the org id on providers older than 4.16.
 * It has no settings.
 */
export class HttpProvider extends WireProvider {
  /**
   * @param scope the scope in which to define this provider (a stack, or a construct inside one)
   * @param id the scoped construct id
   * @param props the alias and version constraint (every invalid value is reported in one `ValidationError`)
   */
  constructor(scope: Construct, id: string, props: HttpProviderProps = {}) {
    props = readProps(constructPathOf(scope, id), props, 'props', true) ?? {};
    const problems = new Problems();
    checkProps(props, problems);
    const identity = checkProviderIdentity(props, problems);
    // Refused before the provider exists: nothing is added to the tree, nothing written.
    problems.throwIfAnyAt(constructPathOf(scope, id));
    super(scope, id, {
      providerName: 'http',
      source: 'hashicorp/http',
      versionConstraint: identity.versionConstraint ?? '>= 3.0.0, < 4.0.0',
      alias: identity.alias,
      attributes: () => ({}),
    });
  }
}
