/**
 * The owner's mailbox stays readable (docs/design.md §30): beyond `ownerMailsPerHour`
 * notifications in a clock hour, the rest of that hour reach the owner as one digest, queued by the
 * redrive job once the hour is over; every message is still stored. On a twin of its own, with the
 * shop's default allowance (the shared twin of the other files raises it).
 */
import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { hourStart } from '#lambdas/repositories/owner-digests.ts';
import { queueOwnerDigests } from '#lambdas/services/owner-digest.ts';
import { DEFAULT_SETTINGS, SETTINGS_LIMITS } from '#shared/settings.ts';
import { nextClientAddress } from '../support/clients.ts';
import { twinInfo } from '../support/global-setup.ts';
import { createProduct, mailsTo, orderBody } from '../support/factories.ts';
import { call, documentClient, twin, useOwnTwin } from '../support/twin.ts';

let own: Twin;

beforeAll(async () => {
  // The easiest proof of work: 60 messages are sent, and what is tested is the mailbox, not the challenge.
  own = await startTwin({
    port: 0,
    seed: false,
    throttle: false,
    scheduledJobs: false,
    challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min,
  });
  useOwnTwin(twinInfo(own));
}, 120_000);
afterAll(() => own?.stop());

const HOUR_MS = 3600 * 1000;
const LIMIT = DEFAULT_SETTINGS.ownerMailsPerHour;

describe('owner notifications over the hour', () => {
  it('60 contact messages from 20 addresses: all stored, at most 10 mails then one digest of the rest', async () => {
    const run = randomUUID().slice(0, 6);
    const started = new Date();
    const clients = Array.from({ length: 20 }, () => nextClientAddress());
    const send = (i: number) =>
      call('POST', '/api/contact-messages', {
        client: clients[i % 20],
        body: {
          name: 'Cliente Teste',
          email: `c${i}.${run}@example.com`,
          phone: '912 345 678',
          subject: `Pergunta ${run} ${i}`,
          message: 'Têm este anel noutro tamanho?',
        },
      });
    // The first alone: the function's cold start (its modules loaded in this worker) is not part of the question.
    const first = await send(0);
    const answers = [first, ...(await Promise.all(Array.from({ length: 59 }, (_, i) => send(i + 1))))];
    expect(
      answers.map((a) => a.status),
      JSON.stringify(answers[0]!.body),
    ).toEqual(Array(60).fill(201));
    const finished = new Date();
    const hours = (hourStart(finished) - hourStart(started)) / 3600 + 1;

    const { Items } = await documentClient().send(new ScanCommand({ TableName: twin().env.TABLE_CONTACT_MESSAGES }));
    expect((Items ?? []).filter((item) => String(item.subject).startsWith(`Pergunta ${run}`))).toHaveLength(60);

    const owner = twin().env.MAIL_FROM!;
    const notices = (await mailsTo(owner)).filter((mail) => mail.subject.includes(`Pergunta ${run}`));
    expect(notices.length).toBeLessThanOrEqual(LIMIT * hours);
    if (hours === 1) expect(notices).toHaveLength(LIMIT);

    // The hour is over: the redrive job's run queues one digest for it, and only one.
    const later = new Date(finished.getTime() + HOUR_MS);
    expect(await queueOwnerDigests(later)).toBe(hours);
    expect(await queueOwnerDigests(later)).toBe(0);
    const digests = (await mailsTo(owner)).filter((mail) => mail.subject.includes('notificações entre as'));
    expect(digests).toHaveLength(hours);
    const held = 60 - notices.length;
    if (hours === 1) {
      expect(digests[0]!.subject).toMatch(
        new RegExp(`^${held} notificações entre as \\d\\d:00 e as \\d\\d:00 \\(\\d\\d/\\d\\d/\\d{4}\\)$`),
      );
      expect(digests[0]!.body.text).toContain(`- ${held} novas mensagens de contacto`);
      expect(digests[0]!.body.text).not.toContain('comprovativos');
    }
    expect(notices.length + digests.length).toBeLessThanOrEqual(12 * hours);
  }, 180_000);

  it('60 contact messages in the hour: an order with its proof of payment still reaches the owner at once', async () => {
    const run = randomUUID().slice(0, 6);
    const clients = Array.from({ length: 20 }, () => nextClientAddress());
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call('POST', '/api/contact-messages', {
          client: clients[i % 20],
          body: {
            name: 'Spam',
            email: `s${i}.${run}@example.com`,
            phone: '912 345 678',
            subject: `Spam ${run} ${i}`,
            message: 'Compre já!',
          },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(60).fill(201));
    const owner = twin().env.MAIL_FROM!;
    // The hour's allowance is spent (by these, or by the test before in the same hour).
    expect((await mailsTo(owner)).filter((mail) => mail.subject.includes(`Spam ${run}`)).length).toBeLessThan(60);

    const piece = await createProduct({ stock: 3 });
    const placed = await call('POST', '/api/orders', {
      body: await orderBody([{ productId: piece.id, quantity: 1 }]),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const number = String(placed.body.order.orderNumber);
    const about = (await mailsTo(owner)).filter((mail) => mail.subject.includes(`nº ${number} (`));
    expect(about.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Novo comprovativo para confirmar/)]);
  }, 180_000);
});
