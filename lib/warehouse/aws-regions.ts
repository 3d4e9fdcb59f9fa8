/**
 * The AWS region ids the Terraform provider `hashicorp/aws` accepts for its
 * `region` setting when `skip_region_validation` is not set. Any other value
 * fails at `terraform plan` (when the provider is configured) with
 * `invalid AWS Region: <region>`, even though it synthesizes.
 *
 * How the provider decides (traced in the sources, 2026-07):
 *
 * 1. hashicorp/terraform-provider-aws, `internal/conns/config.go`,
 *    `(*Config).ConfigureProvider`: after `awsbase.GetAwsConfig`,
 *    `if !c.SkipRegionValidation { basevalidation.SupportedRegion(cfg.Region) }`,
 *    `basevalidation` being `github.com/hashicorp/aws-sdk-go-base/v2/validation`.
 *    Read in the 5.x versions of that file held by the source index (they call
 *    `awsbasev1.GetSession` next, as 5.100.0 does). The 6.x wiring was read in
 *    `internal/provider/sdkv2/provider.go` (index commit
 *    18fc80b64733d85f8a2797c09547815503f27fe7, "Copyright IBM Corp. 2014, 2026"):
 *    `skip_region_validation` goes to `conns.Config.SkipRegionValidation`, then to
 *    `config.ConfigureProvider`. The index held no 6.x text of `config.go`; nothing
 *    else reads that field. (6.x also checks a per-resource `region` against the
 *    provider's partition, in `internal/provider/sdkv2/region.go`. That is a
 *    separate check, and this library writes no per-resource region.)
 *
 * 2. Versions pinned. For 5.100.0, from the build info of the released binary
 *    `terraform-provider-aws_v5.100.0_x5` (`vcs.revision`
 *    f7a3b98da589ab1d52756b0dcee0dbf2de83d635, 2025-06-12): aws-sdk-go-base/v2
 *    v2.0.0-beta.65 (awsv1shim v2.0.0-beta.66, aws-sdk-go v1.55.7). For 6.x, the
 *    newest stored `go.mod` (go 1.26.6, aws-sdk-go-v2 v1.43.6) pins aws-sdk-go-base/v2
 *    v2.0.0-beta.73. The newest `version/VERSION` the index lists is 6.23.0
 *    (commit 6815f5dd108e7e8859ad4384a8728ff0c58b3e77). Releases go further: the
 *    pulumi/pulumi-aws v7.43.0 release notes name terraform-provider-aws v6.61.0.
 *    The index gives no version for that `go.mod`. No root-module tag of
 *    aws-sdk-go-base is newer than beta.73.
 *
 * 3. hashicorp/aws-sdk-go-base, `validation/region.go`, `SupportedRegion`: the
 *    region must be a key of `p.Regions()` for some `p` in
 *    `endpoints.DefaultPartitions()`. The match is exact: no pattern, no case folding,
 *    and `aws-global` is not a key. This was `awsbase.ValidateRegion` until
 *    v2.0.0-beta.36 (CHANGELOG, #650). Older providers read aws-sdk-go v1
 *    `aws/endpoints/defaults.go`; this one does not. 5.100.0 uses aws-sdk-go v1's
 *    `endpoints.PartitionForRegion` only to pick a DNS suffix, after validation.
 *
 * 4. hashicorp/aws-sdk-go-base, `endpoints/partition.go` (`DefaultPartitions`)
 *    and `endpoints/endpoints_gen.go` (the `partitions` map, each with a
 *    `regions` map). This is generated code (`endpoints/generate.go`) from
 *    aws/aws-sdk-go-v2
 *    `codegen/smithy-aws-go-codegen/src/main/resources/software/amazon/smithy/aws/go/codegen/endpoints.json`.
 *    - v2.0.0-beta.65 (f6dbbfd0dd8c5ff2093b6f0c2922acc6b30791df, 2025-06-06):
 *      44 regions, {@link AWS_PROVIDER_5_REGIONS}.
 *    - v2.0.0-beta.66 (e5676b763ac93a490748fe7ad7c8b00b06c3b599) adds
 *      `ap-southeast-6`.
 *    - v2.0.0-beta.68 (b836af681b2a72108d2bb5ffc36b2bb57616124f) adds
 *      `us-isob-west-1`.
 *    - v2.0.0-beta.73 (fc880961f63439eb567c7c403c6dbbcd4b65e8c5, 2026-05-26) and
 *      the branch head (71dcf8ad2f4d8c9f02407d73a8dc666f79bfb555, 2026-07-01)
 *      have the same 46 regions, {@link AWS_PROVIDER_6_REGIONS}.
 *
 * The two lists differ. 6.x adds `ap-southeast-6` and `us-isob-west-1`; 5.100.0
 * rejects both. A list stands for the newest release of its major: 5.100.0 is
 * the last 5.x, and earlier 5.x pinned older betas with fewer regions. 6.0.0
 * (June 2025) came out before beta.66 (2025-09-02), so early 6.x releases accept
 * fewer regions than the 6.x list.
 * Checked against the real 5.100.0: with the 46 ids of beta.73, 44 plan and
 * `ap-southeast-6` and `us-isob-west-1` fail with `invalid AWS Region`
 * (__tests__/warehouse/aws-regions.test.ts repeats a sample).
 */

/** Region ids by partition id, as `endpoints_gen.go` lists them. */
export type RegionsByPartition = { readonly [partition: string]: readonly string[] };

/** Provider 5.x (5.100.0): aws-sdk-go-base/v2 v2.0.0-beta.65, 44 regions. */
export const AWS_PROVIDER_5_REGIONS_BY_PARTITION: RegionsByPartition = {
  'aws': [
    'af-south-1', 'ap-east-1', 'ap-east-2', 'ap-northeast-1', 'ap-northeast-2', 'ap-northeast-3',
    'ap-south-1', 'ap-south-2', 'ap-southeast-1', 'ap-southeast-2', 'ap-southeast-3', 'ap-southeast-4',
    'ap-southeast-5', 'ap-southeast-7', 'ca-central-1', 'ca-west-1', 'eu-central-1', 'eu-central-2',
    'eu-north-1', 'eu-south-1', 'eu-south-2', 'eu-west-1', 'eu-west-2', 'eu-west-3', 'il-central-1',
    'me-central-1', 'me-south-1', 'mx-central-1', 'sa-east-1', 'us-east-1', 'us-east-2', 'us-west-1',
    'us-west-2',
  ],
  'aws-cn': ['cn-north-1', 'cn-northwest-1'],
  'aws-eusc': ['eusc-de-east-1'],
  'aws-iso': ['us-iso-east-1', 'us-iso-west-1'],
  'aws-iso-b': ['us-isob-east-1'],
  'aws-iso-e': ['eu-isoe-west-1'],
  'aws-iso-f': ['us-isof-east-1', 'us-isof-south-1'],
  'aws-us-gov': ['us-gov-east-1', 'us-gov-west-1'],
};

/** Provider 6.x (newest, aws-sdk-go-base/v2 v2.0.0-beta.73): 46 regions. */
export const AWS_PROVIDER_6_REGIONS_BY_PARTITION: RegionsByPartition = {
  'aws': [
    'af-south-1', 'ap-east-1', 'ap-east-2', 'ap-northeast-1', 'ap-northeast-2', 'ap-northeast-3',
    'ap-south-1', 'ap-south-2', 'ap-southeast-1', 'ap-southeast-2', 'ap-southeast-3', 'ap-southeast-4',
    'ap-southeast-5', 'ap-southeast-6', 'ap-southeast-7', 'ca-central-1', 'ca-west-1', 'eu-central-1',
    'eu-central-2', 'eu-north-1', 'eu-south-1', 'eu-south-2', 'eu-west-1', 'eu-west-2', 'eu-west-3',
    'il-central-1', 'me-central-1', 'me-south-1', 'mx-central-1', 'sa-east-1', 'us-east-1', 'us-east-2',
    'us-west-1', 'us-west-2',
  ],
  'aws-cn': ['cn-north-1', 'cn-northwest-1'],
  'aws-eusc': ['eusc-de-east-1'],
  'aws-iso': ['us-iso-east-1', 'us-iso-west-1'],
  'aws-iso-b': ['us-isob-east-1', 'us-isob-west-1'],
  'aws-iso-e': ['eu-isoe-west-1'],
  'aws-iso-f': ['us-isof-east-1', 'us-isof-south-1'],
  'aws-us-gov': ['us-gov-east-1', 'us-gov-west-1'],
};

function flatten(byPartition: RegionsByPartition): readonly string[] {
  return Object.freeze(Object.values(byPartition).flat().sort());
}

/** Every region id provider 5.x (5.100.0) accepts, sorted. */
export const AWS_PROVIDER_5_REGIONS: readonly string[] = flatten(AWS_PROVIDER_5_REGIONS_BY_PARTITION);

/** Every region id the newest provider 6.x accepts, sorted. */
export const AWS_PROVIDER_6_REGIONS: readonly string[] = flatten(AWS_PROVIDER_6_REGIONS_BY_PARTITION);

const ACCEPTED: { readonly [major in 5 | 6]: ReadonlySet<string> } = {
  5: new Set(AWS_PROVIDER_5_REGIONS),
  6: new Set(AWS_PROVIDER_6_REGIONS),
};

/**
 * Whether `hashicorp/aws` of major version `major` accepts `region` as its
 * `region` setting when `skip_region_validation` is not set. This answers for
 * 5.100.0 and for the newest 6.x; older minors may know fewer regions. The
 * match is exact, as the provider's is: `US-EAST-1`, `aws-global` and
 * `us-east-1a` are refused.
 */
export function awsProviderAcceptsRegion(region: string, major: 5 | 6): boolean {
  const accepted = ACCEPTED[major];
  if (accepted === undefined) throw new RangeError(`no region list for hashicorp/aws major version ${String(major)} (known: 5, 6)`);
  return accepted.has(region);
}
