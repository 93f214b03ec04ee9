/**
 * The two HMAC keys of the proof-of-work challenges (docs/design.md §28), derived (HKDF-SHA-256, labels
 * of their own) from an order-link key, so no other secret is kept and rotating that key rotates these.
 * A module of its own: the functions sign and check with them (`challenges.ts`), and the deploy and the
 * rotation write them where the edge checks the signatures (`infra/common/edge-proof.ts`).
 */
import { hkdfSync } from 'node:crypto';

export interface ChallengeSecrets {
  /** The key of the challenge's signature (64 hex characters, used as text, as `altcha-lib` does). */
  readonly signature: string;
  /** The key of the derived key's signature (the solution's check). */
  readonly keySignature: string;
}

/** The challenges' keys under the order-link key `base`. */
export function challengeSecretsOf(base: string): ChallengeSecrets {
  const derive = (label: string) => Buffer.from(hkdfSync('sha256', base, '', label, 32)).toString('hex');
  return { signature: derive('joias-inox/altcha/challenge'), keySignature: derive('joias-inox/altcha/key') };
}
