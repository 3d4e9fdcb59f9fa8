// `npm run judge:live -- --count=200 --rounds=5 [--seed=N] [--kinds=profiles,policies,nodes]`:
// the long run of the live round trip (__tests__/readers/live-round-trip.test.ts
// runs 12 resources per kind). Each round generates hostile live values on a new
// seed, stores them in the emulators, adopts them and has the real terraform plan
// the module as JSON and as HCL; it reports every way a plan differs from the
// live data. Exit code 1 when one did.
import { liveNodes, livePolicies, liveProfiles } from '../__tests__/support/live-data';
import { nodesRoundTrip, policiesRoundTrip, profilesRoundTrip, RoundTripResult } from '../__tests__/support/live-round-trip';

function option(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

const KINDS: { [kind: string]: (seed: number, count: number) => Promise<RoundTripResult[]> } = {
  profiles: (seed, count) => profilesRoundTrip(liveProfiles(seed, count)),
  policies: (seed, count) => policiesRoundTrip(livePolicies(seed, count)),
  nodes: (seed, count) => nodesRoundTrip(liveNodes(seed, count)),
};

async function main(): Promise<void> {
  const count = Number(option('count') ?? 100);
  const rounds = Number(option('rounds') ?? 1);
  const firstSeed = option('seed') === undefined ? Date.now() % 2 ** 31 : Number(option('seed'));
  const kinds = (option('kinds') ?? Object.keys(KINDS).join(',')).split(',');
  let failures = 0;
  for (const kind of kinds) {
    const started = Date.now();
    let planned = 0;
    for (let round = 0; round < rounds; round++) {
      const seed = firstSeed + round;
      for (const result of await KINDS[kind](seed, count)) {
        planned += result.planned;
        if (result.mismatches.length > 0) {
          failures += result.mismatches.length;
          console.log(`${kind}, seed ${seed}, ${result.format}:\n  ${result.mismatches.slice(0, 20).join('\n  ')}`);
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`${kind}: ${rounds} round(s) of ${count} from seed ${firstSeed}, ${planned} planned resources (JSON and HCL) in ${seconds} s`);
  }
  console.log(`${failures} mismatches`);
  process.exit(failures === 0 ? 0 : 1);
}

void main();
