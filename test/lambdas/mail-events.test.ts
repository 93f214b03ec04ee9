/**
 * Deliverability: a mail SES accepted that then bounces for good, or that the
 * customer marks as spam, shows on its order (e-mail history, timeline, a notice for the owner). The
 * twin's SES answers the mailbox simulator's addresses as SES does (the event on the default event
 * bus, through the cloud rule's pattern, to the mail-events function); the twin's bus is also given
 * events the rule must keep out, and the function is called directly with repeated, transient, foreign
 * and hostile events.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/api.ts';
import { handler } from '#lambdas/consumers/mail-events.ts';
import { mailEvents, SES_EVENT_DETAIL_TYPES } from '#lambdas/jobs.ts';
import type { SesEvent } from '#lambdas/services/mail-events.ts';
import { LOCAL_REGION } from '#infra/twin/bootstrap.ts';
import { asFunction } from '#infra/twin/function-scope.ts';
import { mailEventsBus } from '#infra/twin/mail-events.ts';
import { sesEventBridgeEvent } from '#infra/twin/ses-local.ts';
import { MAIL_CONFIGURATION_SET } from '#infra/twin/twin.ts';
import { createProduct, mailsTo, orderBody, placeOrder } from '../support/factories.ts';
import { adminToken, call } from '../support/twin.ts';

const adminOrder = async (id: string): Promise<Order> =>
  (await call('GET', `/api/admin/orders/${id}`, { token: await adminToken() })).body.order as Order;
/** The mail-events function, as the rule's target runs it (its own row's grants), with `detail` as the SES event record. */
const deliver = (detail: unknown) =>
  asFunction({ name: mailEvents.name, grants: mailEvents.grants, api: false }, () =>
    handler(sesEventBridgeEvent(detail, { region: LOCAL_REGION })),
  );

async function paidOrderTo(email: string): Promise<Order> {
  const piece = await createProduct({ stock: 3 });
  const placed = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }], { email }));
  expect(placed.status).toBe(201);
  await mailsTo(email);
  return adminOrder(placed.body.order.id);
}

const bounceOf = (order: Order, overrides: Partial<SesEvent> = {}): SesEvent => ({
  eventType: 'Bounce',
  mail: {
    messageId: `m-${randomUUID()}`,
    destination: [order.email],
    tags: { 'ses:configuration-set': [MAIL_CONFIGURATION_SET], template: ['order-received'], order: [order.id] },
  },
  bounce: {
    bounceType: 'Permanent',
    bounceSubType: 'General',
    bouncedRecipients: [{ emailAddress: order.email, diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
  },
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

  it('a repeated delivery of one event recorded once; a transient bounce, a mail with no order, an unknown order: no change', async () => {
    const order = await paidOrderTo(`cliente.${randomUUID().slice(0, 8)}@example.com`);
    const event = bounceOf(order);
    await Promise.all([deliver(event), deliver(event), deliver(event)]);
    await deliver({
      ...bounceOf(order),
      bounce: { bounceType: 'Transient', bounceSubType: 'MailboxFull', bouncedRecipients: [{ emailAddress: order.email }] },
    });
    await deliver({
      ...bounceOf(order),
      mail: { messageId: 'm-owner', destination: ['loja@example.com'], tags: { template: ['owner-new-order'] } },
    });
    await deliver({
      ...bounceOf(order),
      mail: { messageId: 'm-gone', destination: [order.email], tags: { template: ['order-received'], order: ['100000'] } },
    });
    await deliver({ eventType: 'Delivery', mail: event.mail });
    await deliver('not an SES event');
    await deliver(null);
    await deliver({ eventType: 'Bounce', bounce: event.bounce });
    const after = await adminOrder(order.id);
    expect(after.emails.filter((e) => e.status === 'bounced')).toHaveLength(1);
    expect(after.timeline.filter((entry) => entry.outcome === 'bounced')).toHaveLength(1);
  });

  it('a failure to write the order throws (Lambda retries, then keeps it in the dead-letter queue); the retry records once', async () => {
    const order = await paidOrderTo(`cliente.${randomUUID().slice(0, 8)}@example.com`);
    const event = sesEventBridgeEvent(bounceOf(order), { region: LOCAL_REGION });
    // Without its grant the function cannot reach the orders table: the write fails as a DynamoDB outage would.
    await expect(asFunction({ name: mailEvents.name, grants: [], api: false }, () => handler(event))).rejects.toThrow();
    expect((await adminOrder(order.id)).mailProblem).toBeUndefined();
    await asFunction({ name: mailEvents.name, grants: mailEvents.grants, api: false }, () => handler(event));
    await asFunction({ name: mailEvents.name, grants: mailEvents.grants, api: false }, () => handler(event));
    expect((await adminOrder(order.id)).emails.filter((e) => e.status === 'bounced')).toHaveLength(1);
  });

  it("a hostile diagnostic or tag is kept as one line of text, and a tag that is not one of the order's mails is ignored", async () => {
    const order = await paidOrderTo(`cliente.${randomUUID().slice(0, 8)}@example.com`);
    await deliver(
      bounceOf(order, {
        mail: { messageId: `m-${randomUUID()}`, destination: [order.email], tags: { template: ['<script>'], order: [order.id] } },
      }),
    );
    expect((await adminOrder(order.id)).mailProblem).toBeUndefined();
    const hostile = `<a href="https://evil.example">x</a>\r\nBcc: y@evil.example\u202E${'z'.repeat(400)}`;
    await deliver(
      bounceOf(order, { bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: order.email, diagnosticCode: hostile }] } }),
    );
    const detail = (await adminOrder(order.id)).mailProblem!.detail!;
    expect(detail).not.toMatch(/[\r\n\u202E]/);
    expect(detail.length).toBeLessThanOrEqual(300);
    expect(detail.startsWith('<a href="https://evil.example">x</a> Bcc: y@evil.example')).toBe(true);
  });
});

describe("the twin's default bus applies the cloud rule's pattern", () => {
  it("only SES's bounces, complaints and rejects of this stage's configuration set reach the function", async () => {
    const order = await paidOrderTo(`cliente.${randomUUID().slice(0, 8)}@example.com`);
    const bus = mailEventsBus(MAIL_CONFIGURATION_SET);
    const bounce = (configurationSet: string): SesEvent => {
      const event = bounceOf(order);
      return { ...event, mail: { ...event.mail, tags: { ...event.mail.tags, 'ses:configuration-set': [configurationSet] } } };
    };
    // Another stage's configuration set in the same account, which shares the default bus.
    bus.put(sesEventBridgeEvent(bounce('JoiasInox-prod-mail'), { region: LOCAL_REGION }));
    // A send without the configuration set tag.
    const untagged = bounceOf(order);
    bus.put(
      sesEventBridgeEvent(
        { ...untagged, mail: { ...untagged.mail, tags: { template: ['order-received'], order: [order.id] } } },
        { region: LOCAL_REGION },
      ),
    );
    // SES event types the rule does not take, and an event that only looks like SES's.
    bus.put(sesEventBridgeEvent(bounce(MAIL_CONFIGURATION_SET), { region: LOCAL_REGION }, 'Email Delivered'));
    bus.put({ ...sesEventBridgeEvent(bounce(MAIL_CONFIGURATION_SET), { region: LOCAL_REGION }), source: 'joias.custom' });
    await bus.idle();
    expect((await adminOrder(order.id)).mailProblem).toBeUndefined();

    const through = sesEventBridgeEvent(bounce(MAIL_CONFIGURATION_SET), { region: LOCAL_REGION });
    expect(through).toMatchObject({
      version: '0',
      'detail-type': SES_EVENT_DETAIL_TYPES.Bounce,
      source: 'aws.ses',
      region: LOCAL_REGION,
      resources: [],
    });
    bus.put(through);
    await bus.idle();
    const after = await adminOrder(order.id);
    expect(after.mailProblem).toMatchObject({ kind: 'bounced', address: order.email });
    expect(after.emails.filter((e) => e.status === 'bounced')).toHaveLength(1);
  });
});
