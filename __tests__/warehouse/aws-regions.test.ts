// The regions hashicorp/aws accepts for its `region` setting (lib/warehouse/aws-regions.ts):
// (a) the lists themselves, (b) the real provider 5.100.0 from the offline mirror,
// on a sample: one working directory with one aliased provider (and one
// resource) per region, one init, then one plan per verdict group (-target picks
// the group; terraform configures only the providers the targets use).
import { awsProviderAcceptsRegion, AWS_PROVIDER_5_REGIONS, AWS_PROVIDER_5_REGIONS_BY_PARTITION, AWS_PROVIDER_6_REGIONS, AWS_PROVIDER_6_REGIONS_BY_PARTITION } from '../../lib/warehouse/aws-regions';
import { init, terraform, workdir } from '../support/terraform';

/** Ids that fail `terraform plan` on either major: unknown, malformed, a pseudo-region, another case. */
const INVALID = ['xx-nowhere-1', 'us-east-99', 'aws-global', 'US-EAST-1', 'us-east-1a', 'eu-west-4', 'cn-north-2', 'us-gov-central-1', ''];

/** One or more well-known regions of each partition, in both lists. */
const WELL_KNOWN: { [partition: string]: string[] } = {
  'aws': ['us-east-1', 'us-east-2', 'us-west-2', 'eu-west-1', 'eu-central-1', 'ap-northeast-1', 'ap-southeast-7', 'mx-central-1', 'sa-east-1'],
  'aws-cn': ['cn-north-1', 'cn-northwest-1'],
  'aws-us-gov': ['us-gov-east-1', 'us-gov-west-1'],
  'aws-iso': ['us-iso-east-1'],
  'aws-iso-b': ['us-isob-east-1'],
  'aws-iso-e': ['eu-isoe-west-1'],
  'aws-iso-f': ['us-isof-south-1'],
  'aws-eusc': ['eusc-de-east-1'],
};

/** Added by aws-sdk-go-base v2.0.0-beta.66 and beta.68, after the one 5.100.0 pins. */
const ONLY_6 = ['ap-southeast-6', 'us-isob-west-1'];

describe('the region lists', () => {
  test.each([[5, AWS_PROVIDER_5_REGIONS_BY_PARTITION], [6, AWS_PROVIDER_6_REGIONS_BY_PARTITION]] as const)(
    'provider %i: the well-known regions of every partition, in their partition', (major, byPartition) => {
      expect(Object.keys(byPartition).sort()).toEqual(Object.keys(WELL_KNOWN).sort());
      for (const [partition, regions] of Object.entries(WELL_KNOWN)) {
        expect(byPartition[partition]).toEqual(expect.arrayContaining(regions));
        for (const region of regions) expect(awsProviderAcceptsRegion(region, major)).toBe(true);
      }
    });

  test('sizes, order, no duplicates; 6.x is 5.x plus ap-southeast-6 and us-isob-west-1', () => {
    expect(AWS_PROVIDER_5_REGIONS).toHaveLength(44);
    expect(AWS_PROVIDER_6_REGIONS).toHaveLength(46);
    for (const list of [AWS_PROVIDER_5_REGIONS, AWS_PROVIDER_6_REGIONS]) {
      expect([...list].sort()).toEqual(list);
      expect(new Set(list).size).toBe(list.length);
    }
    expect(AWS_PROVIDER_6_REGIONS.filter((r) => !AWS_PROVIDER_5_REGIONS.includes(r))).toEqual(ONLY_6);
    expect(AWS_PROVIDER_5_REGIONS.filter((r) => !AWS_PROVIDER_6_REGIONS.includes(r))).toEqual([]);
    for (const region of ONLY_6) {
      expect(awsProviderAcceptsRegion(region, 5)).toBe(false);
      expect(awsProviderAcceptsRegion(region, 6)).toBe(true);
    }
  });

  test.each(INVALID)('%j is in neither list', (region) => {
    expect(AWS_PROVIDER_5_REGIONS).not.toContain(region);
    expect(AWS_PROVIDER_6_REGIONS).not.toContain(region);
    expect(awsProviderAcceptsRegion(region, 5)).toBe(false);
    expect(awsProviderAcceptsRegion(region, 6)).toBe(false);
  });

  test('an unknown major is an error, not a silent false', () => {
    expect(() => awsProviderAcceptsRegion('us-east-1', 4 as any)).toThrow(/major version 4/);
  });
});

describe('the real hashicorp/aws 5.100.0 (offline mirror): terraform plan', () => {
  // Regions from the 5.x list, across partitions; regions it lacks, one of them 6.x-only.
  const ACCEPTED = ['us-east-1', 'ap-southeast-7', 'cn-northwest-1', 'us-gov-west-1', 'us-isof-south-1', 'eusc-de-east-1'];
  const REFUSED = ['xx-nowhere-1', 'us-east-99', 'ap-southeast-6', 'US-EAST-1'];
  const alias = (region: string) => `r_${region.toLowerCase().replace(/-/g, '_')}_${region === region.toLowerCase() ? 'l' : 'u'}`;

  const config = [
    'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws", version = "5.100.0" }\n  }\n}\n',
    ...[...ACCEPTED, ...REFUSED].map((region) => `
provider "aws" {
  alias                       = "${alias(region)}"
  region                      = "${region}"
  access_key                  = "x"
  secret_key                  = "y"
  skip_credentials_validation = true
  skip_requesting_account_id  = true
  skip_metadata_api_check     = true
}

resource "aws_redshift_authentication_profile" "${alias(region)}" {
  provider                       = aws.${alias(region)}
  authentication_profile_name    = "${alias(region).replace(/_/g, '-')}"
  authentication_profile_content = jsonencode({ AllowDBUserOverride = "1" })
}
`),
  ].join('');

  let dir: string;
  const plan = (regions: string[]) => terraform(dir, [
    'plan', '-refresh=false', '-input=false', '-no-color', '-lock=false',
    ...regions.map((region) => `-target=aws_redshift_authentication_profile.${alias(region)}`),
  ], { allowFailure: true });

  beforeAll(() => {
    dir = workdir({ 'main.tf': config });
    init(dir);
  });

  test('the sample is what the lists say', () => {
    for (const region of ACCEPTED) expect(awsProviderAcceptsRegion(region, 5)).toBe(true);
    for (const region of REFUSED) expect(awsProviderAcceptsRegion(region, 5)).toBe(false);
    expect(new Set([...ACCEPTED, ...REFUSED].map(alias)).size).toBe(ACCEPTED.length + REFUSED.length);
  });

  test('GIVEN regions from the list THEN every provider configures and each resource is planned', () => {
    const result = plan(ACCEPTED);
    const output = result.stdout + result.stderr;
    expect(output).not.toMatch(/invalid AWS Region/i);
    expect(result.code).toBe(0);
    for (const region of ACCEPTED) {
      expect(output).toContain(`# aws_redshift_authentication_profile.${alias(region)} will be created`);
    }
    expect(output).toContain(`Plan: ${ACCEPTED.length} to add, 0 to change, 0 to destroy.`);
  });

  test('GIVEN regions not in the list THEN each provider fails with "invalid AWS Region: <region>"', () => {
    const result = plan(REFUSED);
    const output = result.stdout + result.stderr;
    expect(result.code).not.toBe(0);
    // One error per provider, naming its region and its alias.
    const errors = output.split('Error: ').slice(1);
    const refused = errors.map((error) => {
      const region = /^invalid AWS Region: (\S+)/i.exec(error)?.[1];
      const provider = /with provider\["registry\.terraform\.io\/hashicorp\/aws"\]\.(\w+)/.exec(error)?.[1];
      return { region, provider };
    });
    expect(refused).toEqual(expect.arrayContaining(REFUSED.map((region) => ({ region, provider: alias(region) }))));
    expect(refused).toHaveLength(REFUSED.length);
  });
});
