/**
 * Deliverability (issue 20, part 4): a mail SES accepted that then bounces for good, or that the
 * customer marks as spam, shows on its order (e-mail history, timeline, a notice for the owner). The
 * twin's SES answers the mailbox simulator's addresses as SES does (the event through the
 * configuration set's topic to the mail-events function); the function is also called directly with
 * repeated, transient, foreign and hostile events.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/api.ts';
import { handler } from '../../lambdas/consumers/mail-events.ts';
import { mailEvents } from '../../lambdas/jobs.ts';
import type { SesEvent } from '../../lambdas/services/mail-events.ts';
import { asFunction } from '../../infra/local/function-scope.ts';
import { snsEventOf } from '../../infra/local/mail-events.ts';
import { createProduct, mailsTo, orderBody, placeOrder } from '../support/factories.ts';
import { adminToken, call } from '../support/twin.ts';

const adminOrder = async (id: string): Promise<Order> => (await call('GET', `/api/admin/orders/${id}`, { token: await adminToken() })).body.order as Order;
/** The mail-events function, as the topic's subscription runs it (its own row's grants). */
const deliver = (event: unknown) => asFunction({ name: mailEvents.name, grants: mailEvents.grants, api: false }, () => handler(snsEventOf(event)));

async function paidOrderTo(email: string): Promise<Order> {
  const piece = await createProduct({ stock: 3 });
  const placed = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }], { email }));
  expect(placed.status).toBe(201);
  await mailsTo(email);
  return adminOrder(placed.body.order.id);
}

const bounceOf = (order: Order, overrides: Partial<SesEvent> = {}): SesEvent => ({
  eventType: 'Bounce',
  mail: { messageId: `m-${randomUUID()}`, destination: [order.email], tags: { template: ['order-received'], order: [order.id] } },
  bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: order.email, diagnosticCode: 'smtp; 550 5.1.1 user unknown' }] },
  ...overrides,
});

describe('a hard bounce or a complaint shows on its order', () => {
  it('the mailbox simulator bounces the order-received mail: history, timeline and a notice for the owner', async () => {
    const email = `bounce+${randomUUID().slice(0, 8)}@simulator.amazonses.com`;
    const order = await paidOrderTo(email);
    await expect.poll(async () => (await adminOrder(order.id)).mailProblem?.kind, { timeout: 10_000 }).toBe('bounced');
    const after = await adminOrder(order.id);
    expect(after.mailProblem).toMatchObject({ kind: 'bounced', address: email, detail: 'smtp; 550 5.1.1 user unknown' });
    expect(after.emails.map((e) => [e.kind, e.status])).toEqual([
      ['order-received', 'sent'],
      ['order-received', 'bounced'],
    ]);
    expect(after.timeline.filter((entry) => entry.kind === 'email').map((entry) => entry.outcome)).toEqual(['sent', 'bounced']);
  });

  it('the mailbox simulator marks it as spam: complained', async () => {
    const email = `complaint+${randomUUID().slice(0, 8)}@simulator.amazonses.com`;
    const order = await paidOrderTo(email);
    await expect.poll(async () => (await adminOrder(order.id)).mailProblem?.kind, { timeout: 10_000 }).toBe('complained');
    expect((await adminOrder(order.id)).emails.at(-1)).toMatchObject({ kind: 'order-received', status: 'complained', error: 'abuse' });
  });

  it('a repeated delivery of one event is recorded once; a transient bounce, a mail without order and an unknown order change nothing', async () => {
    const order = await paidOrderTo(`cliente.${randomUUID().slice(0, 8)}@example.com`);
    const event = bounceOf(order);
    await Promise.all([deliver(event), deliver(event), deliver(event)]);
    await deliver({ ...bounceOf(order), bounce: { bounceType: 'Transient', bounceSubType: 'MailboxFull', bouncedRecipients: [{ emailAddress: order.email }] } });
    await deliver({ ...bounceOf(order), mail: { messageId: 'm-owner', destination: ['loja@example.com'], tags: { template: ['owner-new-order'] } } });
    await deliver({ ...bounceOf(order), mail: { messageId: 'm-gone', destination: [order.email], tags: { template: ['order-received'], order: ['100000'] } } });
    await deliver({ eventType: 'Delivery', mail: event.mail });
    await deliver('not an SES event');
    const after = await adminOrder(order.id);
    expect(after.emails.filter((e) => e.status === 'bounced')).toHaveLength(1);
    expect(after.timeline.filter((entry) => entry.outcome === 'bounced')).toHaveLength(1);
  });

  it("a hostile diagnostic or tag is kept as one line of text, and a tag that is not one of the order's mails is ignored", async () => {
    const order = await paidOrderTo(`cliente.${randomUUID().slice(0, 8)}@example.com`);
    await deliver(bounceOf(order, { mail: { messageId: `m-${randomUUID()}`, destination: [order.email], tags: { template: ['<script>'], order: [order.id] } } }));
    expect((await adminOrder(order.id)).mailProblem).toBeUndefined();
    const hostile = `<a href="https://evil.example">x</a>\r\nBcc: y@evil.example\u202E${'z'.repeat(400)}`;
    await deliver(bounceOf(order, { bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: order.email, diagnosticCode: hostile }] } }));
    const detail = (await adminOrder(order.id)).mailProblem!.detail!;
    expect(detail).not.toMatch(/[\r\n\u202E]/);
    expect(detail.length).toBeLessThanOrEqual(300);
    expect(detail.startsWith('<a href="https://evil.example">x</a> Bcc: y@evil.example')).toBe(true);
  });
});
