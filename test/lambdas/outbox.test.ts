/**
 * The mail outbox against the twin: SES down while orders come in (nothing lost, nothing twice), a mail
 * SES refuses for good (on the order's timeline, with the reason; the owner sends it again), and the
 * owner's resend, one e-mail per click.
 *
 * SES is taken down with the twin SES's outage switch, for this file's own addresses only (the other
 * test files share the twin). Time is compressed: the outage lasts seconds, not minutes, and the
 * redrive job is run with a clock a few minutes ahead, as it would run after the backoff in real time.
 *
 * The seller's identification in every mail's footer is the one in force when the mail is sent: that
 * test saves settings, so it runs on tables of its own, with the outbox consumer run in this worker as
 * the OutboxMail function (its grants only), sending through the twin's SES.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { asFunction } from '#infra/twin/function-scope.ts';
import { SES_OUTAGE_PATH } from '#infra/twin/ses-local.ts';
import { handler as outboxMail } from '#lambdas/consumers/outbox-mail.ts';
import { CONFIRM_LINK_TEMPLATES, MAIL_TEMPLATE_IDS, ORDER_LINK_TEMPLATES, type MailTemplateId } from '#lambdas/contracts/mail-templates.ts';
import type { NewOutboxMail, OutboxMail } from '#lambdas/contracts/outbox-items.ts';
import { streamConsumers } from '#lambdas/jobs.ts';
import { putMailIfNew } from '#lambdas/repositories/outbox-store.ts';
import { redriveDueMail } from '#lambdas/services/outbox-delivery.ts';
import { settingsView, updateSettings } from '#lambdas/services/settings.ts';
import type { OrderEmailRecord } from '#shared/api.ts';
import { legalLine, sellerIdentity } from '#shared/shop-identity.ts';
import { DEMO_SELLER } from '#infra/twin/twin.ts';
import { createProduct, mailsTo, orderBody, placeOrder, type SentMail } from '../support/factories.ts';
import { benignMailData } from '../support/mail.ts';
import { outboxDrained, waitingOutboxItems } from '../support/outbox.ts';
import { useOwnTables } from '../support/own-tables.ts';
import { adminToken, callRoute, documentClient, twin } from '../support/twin.ts';
import { until } from '../support/wait.ts';

async function outage(match: string, state: { down?: boolean; reject?: boolean }): Promise<void> {
  const answer = await fetch(`${twin().endpoints.ses}${SES_OUTAGE_PATH}`, { method: 'POST', body: JSON.stringify({ match, ...state }) });
  expect(answer.status).toBe(200);
}

async function storedMails(): Promise<SentMail[]> {
  return ((await (await fetch(`${twin().endpoints.ses}/store`)).json()) as { emails: SentMail[] }).emails;
}

async function outboxItem(id: string): Promise<Record<string, any> | undefined> {
  return (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_OUTBOX, Key: { id } }))).Item;
}

async function orderItem(id: string): Promise<Record<string, any>> {
  return (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id } }))).Item!;
}

describe('SES down while 50 orders come in', () => {
  it('saves all 50 orders at once, delivers every e-mail once SES is back, none twice', async () => {
    const domain = `@ses-down-${randomUUID().slice(0, 8)}.example`;
    const piece = await createProduct({ stock: 60 });
    await outage(domain, { down: true });
    let ids: string[];
    try {
      const placed: { id: string; orderNumber: number; email: string }[] = [];
      for (let start = 0; start < 50; start += 10) {
        const batch = await Promise.all(
          Array.from({ length: 10 }, async (_, i) =>
            placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }], { email: `cliente${start + i}${domain}` })),
          ),
        );
        for (const answer of batch) {
          expect(answer.status).toBe(201);
          placed.push(answer.body.order);
        }
      }
      ids = placed.map((order) => order.id);
      // Every order is stored, and its e-mail waits in the outbox: SES answered 503, so it is deferred, not lost.
      for (const id of ids) expect((await orderItem(id)).status).toBe('Confirmar Pagamento');
      const deferred = await until(
        'every customer e-mail to fail once',
        () => Promise.all(ids.map((id) => outboxItem(`order#${id}#order-received#paid`))),
        (items) => items.every((item) => (item?.failures ?? 0) >= 1 && item?.status === 'pending'),
      );
      expect(
        deferred.every((item) => item!.retryAt > new Date().toISOString() && /ServiceUnavailable|503|Unavailable/.test(item!.lastError)),
      ).toBe(true);
      expect((await storedMails()).filter((mail) => mail.destination.to.some((to) => to.endsWith(domain)))).toEqual([]);
      // The owner's notes are not behind the outage: they went out already.
      await outboxDrained(twin().env.MAIL_FROM);
    } finally {
      await outage(domain, { down: false });
    }

    // SES is back. The redrive job runs after the backoff (here with its clock three minutes ahead).
    await redriveDueMail(new Date(Date.now() + 3 * 60_000));
    await until(
      'the outbox to send them',
      async () => (await waitingOutboxItems()).filter((item) => item.to?.endsWith(domain)).length,
      (left) => left === 0,
    );

    const mails = (await storedMails()).filter((mail) => mail.destination.to.some((to) => to.endsWith(domain)));
    expect(mails).toHaveLength(50);
    expect(new Set(mails.map((mail) => mail.destination.to[0])).size).toBe(50);
    const orders = await Promise.all(ids!.map(orderItem));
    for (const order of orders) {
      expect(order.emails.map((e: { kind: string; status: string }) => `${e.kind}:${e.status}`)).toEqual(['order-received:sent']);
      // The owner got one note per order.
      const owner = (await storedMails()).filter(
        (mail) => mail.destination.to.includes(twin().env.MAIL_FROM!) && mail.subject.includes(String(order.orderNumber)),
      );
      expect(owner).toHaveLength(1);
    }
  }, 300_000);
});

describe('an e-mail SES refuses for good', () => {
  it('shows on the order with the reason; the owner sends it again, once per click', async () => {
    const email = `recusado-${randomUUID().slice(0, 8)}@example.com`;
    const piece = await createProduct({ stock: 3 });
    await outage(email, { reject: true });
    let orderId: string;
    try {
      const placed = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }], { email }));
      expect(placed.status).toBe(201);
      orderId = placed.body.order.id;
      await outboxDrained(email);
    } finally {
      await outage(email, { down: false });
    }
    const token = await adminToken();
    const detail = await callRoute('GET /api/admin/orders/{id}', { params: { id: orderId! } }, { token });
    expect(detail.body.order.emails).toEqual([
      expect.objectContaining({ kind: 'order-received', status: 'failed', error: expect.stringContaining('MessageRejected') }),
    ]);
    expect(detail.body.order.timeline.at(-1)).toMatchObject({
      kind: 'email',
      email: 'order-received',
      outcome: 'failed',
      by: 'loja',
      text: expect.stringContaining('MessageRejected'),
    });
    expect(await mailsTo(email)).toEqual([]);

    // The owner sends it again: three quick repeats of one click (one key) and a second click.
    const click = randomUUID();
    const resend = () =>
      callRoute(
        'POST /api/admin/orders/{id}/emails',
        { params: { id: orderId }, body: { kind: 'order-received', requestKey: click } },
        { token },
      );
    const answers = await Promise.all([resend(), resend(), resend()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await resend()).status).toBe(200);
    expect(await mailsTo(email)).toHaveLength(1);
    const second = await callRoute(
      'POST /api/admin/orders/{id}/emails',
      { params: { id: orderId }, body: { kind: 'order-received', requestKey: randomUUID() } },
      { token },
    );
    expect(second.status).toBe(200);
    const mails = await mailsTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Recebemos a tua encomenda nº ${orderId}`,
      `Recebemos a tua encomenda nº ${orderId}`,
    ]);
    const after = await orderItem(orderId);
    expect(after.emails.map((e: { kind: string; status: string }) => `${e.kind}:${e.status}`)).toEqual([
      'order-received:failed',
      'order-received:sent',
      'order-received:sent',
    ]);
  }, 120_000);

  it('the cancellation e-mail is only for a closed order', async () => {
    const piece = await createProduct({ stock: 3 });
    const placed = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }]));
    const token = await adminToken();
    const refused = await callRoute(
      'POST /api/admin/orders/{id}/emails',
      { params: { id: placed.body.order.id }, body: { kind: 'order-cancelled', requestKey: randomUUID() } },
      { token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('email_not_applicable');
  });
});

describe('the outbox table', () => {
  it('keeps every mail with its outcome, and forgets it after a while (TTL)', async () => {
    const piece = await createProduct({ stock: 3 });
    const placed = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }]));
    await mailsTo(placed.body.order.email);
    const item = await outboxItem(`order#${placed.body.order.id}#order-received#paid`);
    expect(item).toMatchObject({
      type: 'mail',
      status: 'sent',
      to: placed.body.order.email,
      attempts: 1,
      failures: 0,
      mail: { template: 'order-received' },
    });
    expect(item!.queue).toBeUndefined();
    expect(item!.expiresAt).toBeGreaterThan(Date.now() / 1000 + 29 * 86_400);
    const owner = await outboxItem(`owner#order#${placed.body.order.id}`);
    expect(owner).toMatchObject({ status: 'sent', toShop: true, mail: { template: 'owner-new-order' } });
    const waiting = await documentClient().send(
      new QueryCommand({
        TableName: twin().env.TABLE_OUTBOX,
        IndexName: 'byDue',
        KeyConditionExpression: 'queue = :due',
        FilterExpression: 'id = :id',
        ExpressionAttributeValues: { ':due': 'due', ':id': item!.id },
      }),
    );
    expect(waiting.Items).toEqual([]);
  });
});

describe('a mail queued before the mail data took English keys', () => {
  /** What the previous version queued for an order received and a Multibanco reservation: Portuguese keys, at every depth. */
  const OLD_RECEIVED = {
    nome: 'Ana',
    numero: 123456,
    linhas: [{ nome: 'Anel Lua', quantidade: 2, preco: '16,99 €', total: '33,98 €', precoOriginal: '18,86 €', totalOriginal: '37,72 €' }],
    subtotal: '37,72 €',
    desconto: '3,74 €',
    portes: 'Grátis',
    total: '36,48 €',
    metodo: 'Transferência bancária',
    semDesconto: false,
    codigo: { nome: 'MARIA10', valor: '3,74 €' },
    envio: 'CTT Expresso',
    morada: { nome: 'Ana Costa', rua: 'Rua das Flores, 12', codigoPostal: '4050-262', localidade: 'Porto', pais: 'Portugal' },
    embrulho: '2,50 €',
    oferta: { mensagem: 'Parabéns, mãe!', embrulho: 'Vai embrulhada' },
  };
  const OLD_RESERVED = {
    nome: 'Ana',
    numero: 123457,
    total: '31,80 €',
    metodo: 'Multibanco',
    instrucoes: 'Paga com a referência Multibanco.',
    prazo: '26/11/2026 às 14:48',
    multibanco: { entidade: '12345', referencia: '123 456 789', montante: '31,80 €', validade: '27/11/2026 às 10:00' },
  };

  it('is sent whole: the consumer reads the old keys as the new ones, in the subject, the text and the HTML', async () => {
    const run = randomUUID().slice(0, 8);
    const to = `antigo-${run}@example.com`;
    const order = (email: OrderEmailRecord['kind']) => ({ kind: 'order' as const, orderId: `antiga-${run}-${email}`, email });
    // As the previous version wrote them: the data's type has changed since, hence the casts.
    expect(
      await putMailIfNew(
        {
          id: `antigo#${run}#received`,
          to,
          mail: { template: 'order-received', data: OLD_RECEIVED } as unknown as OutboxMail,
          effect: order('order-received'),
        },
        new Date(),
      ),
    ).toBe(true);
    expect(
      await putMailIfNew(
        {
          id: `antigo#${run}#reserved`,
          to,
          mail: { template: 'order-reserved', data: OLD_RESERVED } as unknown as OutboxMail,
          effect: order('order-reserved'),
        },
        new Date(),
      ),
    ).toBe(true);
    const mails = await mailsTo(to);
    expect(mails).toHaveLength(2);
    const received = mails.find((mail) => mail.subject.includes('123456'))!;
    expect(received.subject).toBe('Recebemos a tua encomenda nº 123456');
    for (const line of [
      'Olá Ana,',
      'Recebemos a tua encomenda nº 123456 e o teu comprovativo',
      '- Anel Lua × 2: 33,98 € (16,99 € cada; sem desconto 18,86 € cada, 37,72 €)',
      'Subtotal antes do desconto: 37,72 €\nDesconto: −3,74 €\nCódigo MARIA10: −3,74 ' +
        '€\nPortes (CTT Expresso): Grátis\nEmbrulho de oferta: 2,50 €\nTotal: 36,48 €',
      'Pagamento: Transferência bancária.',
      'Encomenda para oferta: Vai embrulhada. Mensagem do cartão: Parabéns, mãe!',
      'Morada de envio:\nAna Costa\nRua das Flores, 12\n4050-262 Porto\nPortugal',
    ]) {
      expect(received.body.text).toContain(line);
    }
    for (const words of [
      'Olá Ana,',
      '<strong>123456</strong>',
      '<td>Anel Lua</td>',
      '18,86 €',
      'Código MARIA10',
      '(CTT Expresso)',
      'Vai embrulhada',
      'Rua das Flores, 12',
      '4050-262 Porto',
      'Pagamento: Transferência bancária',
    ]) {
      expect(received.body.html).toContain(words);
    }
    const reserved = mails.find((mail) => mail.subject.includes('123457'))!;
    expect(reserved.subject).toBe('Reserva nº 123457: paga 31,80 € até 26/11/2026 às 14:48');
    expect(reserved.body.text).toContain('Entidade: 12345\nReferência: 123 456 789\nMontante: 31,80 €\nVálida até: 27/11/2026 às 10:00');
    expect(reserved.body.html).toContain('Entidade: <strong>12345</strong>');
  });
});

describe('the seller identification in every e-mail', () => {
  const OUTBOX_MAIL = streamConsumers.find((row) => row.name === 'OutboxMail')!;
  const isOrderLink = (id: MailTemplateId) => (ORDER_LINK_TEMPLATES as readonly MailTemplateId[]).includes(id);
  const isToOwner = (id: MailTemplateId) => id.startsWith('owner-');
  const isConfirmLink = (id: MailTemplateId) => (CONFIRM_LINK_TEMPLATES as readonly MailTemplateId[]).includes(id);

  /** A template's mail as a service queues it: its own values, without what the consumer adds when it sends (`shop`, an order's `link`). */
  function queuedMail(id: MailTemplateId): OutboxMail {
    const data = Object.fromEntries(
      Object.entries(benignMailData[id]).filter(([key]) => key !== 'shop' && !(key === 'link' && (isOrderLink(id) || isConfirmLink(id)))),
    );
    return { template: id, data } as OutboxMail;
  }

  /**
   * Queues one mail in this file's outbox and hands its stream record to the consumer, run as the OutboxMail function; answers once it is
   * sent.
   */
  async function sendThroughOutbox(mail: NewOutboxMail): Promise<void> {
    expect(await putMailIfNew(mail, new Date())).toBe(true);
    const read = async () =>
      (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_OUTBOX, Key: { id: mail.id } }))).Item!;
    const record = {
      eventID: mail.id,
      eventName: 'INSERT' as const,
      dynamodb: { NewImage: marshall(await read()) as Record<string, AttributeValue>, SequenceNumber: '1' },
    };
    const answer = await asFunction({ name: OUTBOX_MAIL.name, grants: OUTBOX_MAIL.grants, api: false }, () =>
      outboxMail({ Records: [record] }),
    );
    expect(answer.batchItemFailures).toEqual([]);
    const item = await read();
    expect(item.status, `${mail.id}: ${String(item.error ?? item.lastError)}`).toBe('sent');
  }

  it("is the one in force when sent: after a save on Definições each template's next mail has it (as typed, escaped in HTML)", async () => {
    const restoreTables = await useOwnTables(`vendedor-${randomUUID().slice(0, 8)}`);
    try {
      const run = randomUUID().slice(0, 8);
      const customer = `vendedor-${run}@example.com`;
      const owner = `dona-${run}@example.com`;

      // Before: the seller of the first record (the twin's demo seller); never a placeholder.
      await sendThroughOutbox({ id: `antes#${run}`, to: customer, mail: queuedMail('review-request') });
      const [before] = await mailsTo(customer);
      expect(before!.body.text).toContain(`\n${legalLine(sellerIdentity(DEMO_SELLER))} · ${sellerIdentity(DEMO_SELLER).email}\n`);
      for (const part of [before!.body.text, before!.body.html]) expect(part).not.toMatch(/a preencher/i);

      // The owner saves the identification (a legal name with markup in it: stored values are escaped like any other).
      const view = await settingsView();
      const seller = {
        ...view.settings.seller,
        legalName: 'Joias <b>Inox</b>, Lda.',
        nif: '500000000',
        address: 'Rua das Flores, 12, 4050-262 Porto',
        email: `contacto-${run}@example.pt`,
      };
      await updateSettings({ ...view.settings, ownerEmail: owner, seller }, view.version, 'dona@example.com');

      // The next mail of every template, to the customer or to the owner, carries the new line.
      for (const id of MAIL_TEMPLATE_IDS) {
        const effect = isOrderLink(id)
          ? { effect: { kind: 'order' as const, orderId: `sem-encomenda-${run}`, email: id as OrderEmailRecord['kind'] } }
          : isConfirmLink(id)
            ? { effect: { kind: 'stock-alert-confirm' as const, alertId: `sem-pedido-${run}`, requestedAt: new Date().toISOString() } }
            : {};
        await sendThroughOutbox({
          id: `depois#${run}#${id}`,
          ...(isToOwner(id) ? { toShop: true as const } : { to: customer }),
          mail: queuedMail(id),
          ...effect,
        });
      }
      const after = [...(await mailsTo(customer)).slice(1), ...(await mailsTo(owner))];
      expect(after).toHaveLength(MAIL_TEMPLATE_IDS.length);
      for (const mail of after) {
        expect(mail.body.text, mail.subject).toContain(
          `\nJoias <b>Inox</b>, Lda. · NIF 500000000 · Sede: Rua das Flores, 12, 4050-262 Porto · contacto-${run}@example.pt\n`,
        );
        expect(mail.body.html, mail.subject).toContain(
          `Joias &lt;b&gt;Inox&lt;/b&gt;, Lda. · NIF 500000000 · Sede: Rua das Flores, 12, 4050-262 Porto · contacto-${run}@example.pt`,
        );
        expect(mail.body.html, mail.subject).not.toContain('<b>');
        for (const part of [mail.body.text, mail.body.html]) expect(part, mail.subject).not.toMatch(/a preencher/i);
      }
    } finally {
      restoreTables();
    }
  }, 60_000);
});
