// Issue 17's round trip: generated hostile live values for each resource kind
// go from a loopback emulator through the reader and `adopt`, synth (JSON and
// HCL) and the real `terraform plan`, and come back as imports with no change
// whose planned values equal the live ones (see ../support/live-round-trip.ts).
// At this size in `npm test`; `npm run judge:live` runs more on new seeds.
jest.mock('@kubernetes/client-node', () => require('../support/kubernetes-emulator').nativeRequire('@kubernetes/client-node'));

import { liveNodes, livePolicies, liveProfiles } from '../support/live-data';
import { nodesRoundTrip, policiesRoundTrip, profilesRoundTrip, RoundTripResult } from '../support/live-round-trip';
import { propertySeed } from '../support/property-runs';

const SEED = propertySeed(Number(process.env.LIVE_SEED ?? 20261124));
const COUNT = Number(process.env.LIVE_COUNT ?? 12);

function expectRoundTrip(results: RoundTripResult[], count: number): void {
  expect(results.map((r) => r.format)).toEqual(['json', 'hcl']);
  for (const result of results) {
    expect({ format: result.format, mismatches: result.mismatches }).toEqual({ format: result.format, mismatches: [] });
    expect(result.planned).toBe(count);
  }
}

test(`${COUNT} hostile live profiles round-trip through adopt, synth and the real aws provider's plan, in JSON and HCL`, async () => {
  expectRoundTrip(await profilesRoundTrip(liveProfiles(SEED, COUNT)), COUNT);
}, 600_000);

test(`${COUNT} hostile live policies round-trip through adopt, synth and terraform plan, in JSON and HCL`, async () => {
  expectRoundTrip(await policiesRoundTrip(livePolicies(SEED, COUNT)), COUNT);
}, 600_000);

test(`${COUNT} nodes with hostile live annotations round-trip through adopt, synth and terraform plan, in JSON and HCL`, async () => {
  expectRoundTrip(await nodesRoundTrip(liveNodes(SEED, COUNT)), COUNT);
}, 600_000);
