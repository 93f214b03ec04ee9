/**
 * "Definições" asks SES whether the shop's sender is verified (the go-live checklist, docs/design.md
 * §33) on each load and save, and keeps the answer when it changed: a change is a write to the settings
 * table, whose stream renders every page again ("Loja em preparação" comes or goes). Only the settings
 * routes carry SES's client and the `senderIdentity` grant; every other function reads the kept answer.
 */
import { askSenderVerified } from '../repositories/sender-identity.ts';
import { keepSenderVerified } from '../repositories/sender-status.ts';

/** Asks SES now, keeps the answer if it changed, and answers it. */
export async function checkSender(now = new Date()): Promise<boolean> {
  const verified = await askSenderVerified();
  await keepSenderVerified(verified, now.toISOString());
  return verified;
}
