/**
 * `tsx bench/abuse-twin.ts <out.json>`: the abuse figures (`abuse.ts`) on a twin of their own that
 * throttles like the stage, written to `out.json`. `npm run bench` runs it as a process of its own: the
 * SDK's clients are made once per process, for the addresses of the first twin started in it.
 */
import { writeFile } from 'node:fs/promises';
import { startTwin, webDistDir } from '#infra/twin/twin.ts';
import { putProduct } from '#lambdas/repositories/products.ts';
import { abuseFigures } from './abuse.ts';
import { presolvedProofs } from './challenge.ts';
import { benchProduct } from './catalogue.ts';
import { SETTINGS_LIMITS } from '#shared/settings.ts';

const out = process.argv[2];
if (!out) throw new Error('usage: tsx bench/abuse-twin.ts <out.json>');
// At the smallest cost the owner may set: its proofs are solved ahead at that cost (`presolvedProofs`), and a
// checkout refuses a proof priced under half of today's price, so the twin keeps that cost (measured apart).
const twin = await startTwin({ port: 0, seed: false, webDist: webDistDir(), challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min });
try {
  await putProduct(benchProduct(10_002, { id: 'bench-abuse', stock: 9999 }), new Date());
  // Enough for every request of both runs (10 shoppers, one a second or so, and 50 a second for 10 s).
  const proofs = await presolvedProofs(twin, 800);
  const proof = () => {
    const next = proofs.pop();
    if (!next) throw new Error('the bench ran out of solved proofs of work');
    return next;
  };
  await writeFile(out, JSON.stringify(await abuseFigures(twin, 'bench-abuse', proof)));
} finally {
  await twin.stop();
}
