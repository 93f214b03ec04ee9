/**
 * "Definições" asks SES whether the shop's sender is verified and whether the account has production
 * access (the go-live checklist, docs/design.md §33) on each load and save, and keeps the answer when it
 * changed: a change is a write to the settings table, whose stream renders every page again ("Loja em
 * preparação" comes or goes). Only the settings routes carry SES's client and the `senderIdentity` and
 * `sesAccount` grants; every other function reads the kept answer.
 */
import type { MailReadiness } from '#shared/go-live.ts';
import { askProductionAccess } from '../repositories/ses-account.ts';
import { askSenderVerified } from '../repositories/sender-identity.ts';
import { keepMailReadiness } from '../repositories/sender-status.ts';

/** Asks SES now, keeps the answer if it changed, and answers it. */
export async function checkSender(now = new Date()): Promise<MailReadiness> {
  const [senderVerified, productionAccess] = await Promise.all([askSenderVerified(), askProductionAccess()]);
  const mail = { senderVerified, productionAccess };
  await keepMailReadiness(mail, now.toISOString());
  return mail;
}
