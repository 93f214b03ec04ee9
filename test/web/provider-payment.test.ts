/**
 * A payment the provider takes, as the customer's pages show it (docs/design.md §34): every state says
 * only what is true then ("confirmado" only once the order is paid, "a aguardar a aprovação" only while
 * the MB WAY request is pending, a failure with the manual methods until the deadline), and the order is
 * read while its payment is awaited, the page visible, until the deadline.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerOrder } from '#shared/api.ts';
import type { CustomerProviderPayment } from '#shared/automatic-payments.ts';
import { providerPaymentTexts } from '#shared/messages/index.ts';
import type { OrderStatus } from '#shared/order-status.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethodId } from '#shared/payment-methods.ts';
import { EMPTY_SHIPPING_DRAFT } from '#web/lib/checkout-session.ts';
import { PaymentMethodSection } from '#web/features/checkout/shipping-choices.tsx';
import type { PaymentChoices, ShippingFields } from '#web/features/checkout/use-shipping-form.ts';
import { ProviderPaymentStatus } from '#web/features/my-order/provider-payment-panel.tsx';
import { PaymentDue } from '#web/features/my-order/payment-due.tsx';
import {
  headingMethod,
  isAutomatic,
  POLL_MS,
  providerView,
  watchOrder,
  watchesOrder,
  type ProviderView,
  type WatchEnvironment,
} from '#web/lib/provider-payment.ts';

const EXPIRES = '2026-11-27T10:30:00.000Z';
const REFERENCE = { entity: '12345', reference: '123456789', amountCents: 1250, expiresAt: '2026-12-04T10:00:00.000Z' } as const;

function order(
  status: OrderStatus,
  providerPayment: CustomerProviderPayment | undefined,
  extra: Partial<CustomerOrder> = {},
): CustomerOrder {
  return {
    id: '123456',
    orderNumber: 123456,
    status,
    createdAt: '2026-11-27T10:00:00.000Z',
    expiresAt: EXPIRES,
    paymentMethod: providerPayment?.method ?? 'transferencia',
    shippingMethod: 'ctt-normal',
    instructions: providerPayment
      ? providerPayment.method === 'mbway'
        ? { method: 'mbway', automatic: true }
        : { method: 'multibanco', automatic: true }
      : { method: 'transferencia', iban: 'PT50 0002', holder: 'Joias' },
    lines: [],
    subtotalCents: 1250,
    discountCents: 0,
    shippingCents: 0,
    totalCents: 1250,
    email: 'ana@example.pt',
    firstName: 'Ana',
    timeline: [{ at: '2026-11-27T10:00:00.000Z', kind: 'reserved', to: 'Aguarda Pagamento', by: 'customer' }],
    ...(providerPayment ? { providerPayment } : {}),
    ...extra,
  } as CustomerOrder;
}

const mbway = (status: CustomerProviderPayment['status'], more: Partial<CustomerProviderPayment> = {}): CustomerProviderPayment => ({
  method: 'mbway',
  status,
  ...more,
});

/** The page's words for an order's provider payment (with a marker where the manual methods go). */
function shown(o: CustomerOrder, timeOver = false): string {
  const view = providerView(o, timeOver);
  if (!view) return '';
  return renderToStaticMarkup(
    createElement(ProviderPaymentStatus, { order: o, view, manual: createElement('div', { id: 'manual' }, 'MANUAL') }),
  );
}

describe('what the customer reads of a provider payment', () => {
  it('an order paid by hand has no provider view (its page stays as it is)', () => {
    expect(providerView(order('Aguarda Pagamento', undefined), false)).toBeUndefined();
    expect(isAutomatic({ method: 'mbway', phone: '912 345 678' })).toBe(false);
    expect(isAutomatic({ method: 'mbway', automatic: true })).toBe(true);
  });

  it('MB WAY: starting, then "Aprova o pagamento na app MB WAY" and "a aguardar a aprovação" only while pending', () => {
    const starting = shown(order('Aguarda Pagamento', mbway('starting')));
    expect(starting).toContain(providerPaymentTexts.mbwayStarting);
    expect(starting).not.toContain(providerPaymentTexts.mbwayWaiting);
    const pending = shown(order('Aguarda Pagamento', mbway('pending')));
    expect(pending).toContain(providerPaymentTexts.mbwayTitle);
    expect(pending).toContain(providerPaymentTexts.mbwayWaiting);
    expect(pending).toContain('12,50 €');
    for (const status of ['starting', 'succeeded', 'failed'] as const)
      expect(shown(order('Aguarda Pagamento', mbway(status)))).not.toContain(providerPaymentTexts.mbwayWaiting);
  });

  it('never says "confirmado" before the order is paid; says it once it is Enviar', () => {
    for (const status of ['starting', 'pending', 'succeeded', 'failed'] as const) {
      expect(shown(order('Aguarda Pagamento', mbway(status))).toLowerCase()).not.toContain('confirmado');
    }
    expect(providerView(order('Aguarda Pagamento', mbway('succeeded')), false)?.kind).toBe('registering');
    const paid = shown(order('Enviar', mbway('succeeded')));
    expect(paid).toContain(providerPaymentTexts.confirmed('MB WAY'));
    expect(providerView(order('Enviado', mbway('succeeded')), false)?.kind).toBe('confirmed');
  });

  it('a declined request then paid by transfer says nothing of MB WAY: the ledger names the transfer', () => {
    const byTransfer = order('Enviar', mbway('failed', { failure: 'Recusado.' }));
    expect(providerView(byTransfer, false)?.kind).toBe('other');
    expect(shown(byTransfer)).toBe('');
  });

  it('a failed request says why and shows the manual methods, with the deadline', () => {
    const failed = shown(order('Aguarda Pagamento', mbway('failed', { failure: 'O pedido MB WAY foi recusado.' })));
    expect(failed).toContain('O pedido MB WAY foi recusado.');
    expect(failed).toContain('podes pagar por outro método');
    expect(failed).toContain('MANUAL');
    expect(shown(order('Aguarda Pagamento', mbway('failed')))).toContain(providerPaymentTexts.failedDefault);
    // The manual methods only on a failure.
    for (const status of ['starting', 'pending', 'succeeded'] as const)
      expect(shown(order('Aguarda Pagamento', mbway(status)))).not.toContain('MANUAL');
  });

  it("after a declined MB WAY the heading names the manual method chosen, not MB WAY; before, the order's own", () => {
    const declined = order('Aguarda Pagamento', mbway('failed', { failure: 'O pedido MB WAY foi recusado.' }), { shippingMethod: 'ctt' });
    const heading = (o: CustomerOrder, manual: 'transferencia' | undefined) =>
      /<h2 id="pay-title">(.*?)<\/h2>/.exec(
        renderToStaticMarkup(
          createElement(PaymentDue, { order: o, shipping: null, provider: 'P', method: headingMethod(providerView(o, false), manual) }),
        ),
      )?.[1];
    expect(heading(declined, 'transferencia')).toBe(`1. Paga com ${PAYMENT_METHOD_LABELS.transferencia}`);
    // Still pending: MB WAY is what is being paid with, whatever the manual panel last reported.
    expect(heading(order('Aguarda Pagamento', mbway('pending'), { shippingMethod: 'ctt' }), 'transferencia')).toBe(
      `1. Paga com ${PAYMENT_METHOD_LABELS.mbway}`,
    );
    expect(heading(declined, undefined)).toBe(`1. Paga com ${PAYMENT_METHOD_LABELS.mbway}`);
  });

  it('Multibanco: entidade, referência, montante in euros and validity, each with "Copiar"', () => {
    const html = shown(order('Aguarda Pagamento', { method: 'multibanco', status: 'pending', multibanco: REFERENCE }));
    expect(html).toContain(providerPaymentTexts.multibancoTitle);
    expect(html).toContain('12345');
    expect(html).toContain('123 456 789');
    expect(html).toContain('12,50 €');
    expect(html).toContain('04/12/2026');
    expect(html.match(/<button[^>]*>/g)?.length).toBe(3);
    expect(html).toContain('Copiar');
    expect(shown(order('Aguarda Pagamento', { method: 'multibanco', status: 'starting' }))).toContain(
      providerPaymentTexts.multibancoStarting,
    );
  });

  it('past the deadline nothing is offered; a payment after it is given back, and says so once done', () => {
    expect(providerView(order('Aguarda Pagamento', mbway('pending')), true)?.kind).toBe('over');
    expect(shown(order('Aguarda Pagamento', mbway('pending')), true)).toBe('');
    const late = order('Encerrada', mbway('succeeded'));
    expect(shown(late)).toContain(providerPaymentTexts.lateRefundPending);
    expect(shown(late)).not.toContain('Devolvemos');
    expect(shown(order('Encerrada', mbway('succeeded', { refundedCents: 1250 })))).toContain(providerPaymentTexts.refunded('12,50 €'));
    // A paid order the shop closed: only a refund that was made is mentioned, never the late-payment story.
    const paidThenClosed = {
      timeline: [{ at: EXPIRES, kind: 'status', from: 'Aguarda Pagamento', to: 'Enviar', by: 'shop' }],
    } as Partial<CustomerOrder>;
    expect(providerView(order('Encerrada', mbway('succeeded'), paidThenClosed), false)?.kind).toBe('other');
    expect(shown(order('Encerrada', mbway('succeeded', { refundedCents: 500 }), paidThenClosed))).toBe(
      renderToStaticMarkup(
        createElement(
          'p',
          { className: 'notice', role: 'status', 'data-testid': 'provider-payment', 'data-state': 'refunded' },
          providerPaymentTexts.refunded('5,00 €'),
        ),
      ),
    );
    expect(providerView(order('Encerrada', mbway('failed')), false)?.kind).toBe('other');
  });

  it('keeps reading only while the provider’s answer is awaited', () => {
    const kinds: ProviderView['kind'][] = ['starting', 'pending', 'registering'];
    for (const kind of kinds) expect(watchesOrder({ kind, method: 'mbway' } as ProviderView)).toBe(true);
    for (const kind of ['confirmed', 'failed', 'over', 'late', 'refunded', 'other'] as const)
      expect(watchesOrder({ kind, method: 'mbway', reason: '', refundedCents: 1 } as ProviderView)).toBe(false);
    expect(watchesOrder(undefined)).toBe(false);
  });
});

/** A page whose visibility the test sets, on the fake timers. */
function fakePage() {
  const target = new EventTarget();
  const page = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    show(state: DocumentVisibilityState) {
      page.visibilityState = state;
      target.dispatchEvent(new Event('visibilitychange'));
    },
  };
  const env: WatchEnvironment = {
    document: page as unknown as WatchEnvironment['document'],
    now: () => Date.now(),
    setTimeout: (run, ms) => setTimeout(run, ms) as unknown as number,
    clearTimeout: (id) => clearTimeout(id),
  };
  return { page, env };
}

describe('the live status: reading the order', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T10:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    // The unit files share one process: a spy left by a failed test must not silence the next file.
    vi.restoreAllMocks();
  });

  const pending = order('Aguarda Pagamento', mbway('pending'));

  it('reads every few seconds while visible, and stops once the payment has an outcome', async () => {
    const { env } = fakePage();
    const answers = [pending, pending, order('Enviar', mbway('succeeded'))];
    const load = vi.fn(async () => answers.shift()!);
    const seen: OrderStatus[] = [];
    const stop = watchOrder({ load, until: EXPIRES, onOrder: (o) => (seen.push(o.status), watchesOrder(providerView(o, false))) }, env);
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(load).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    expect(seen).toEqual(['Aguarda Pagamento', 'Aguarda Pagamento', 'Enviar']);
    await vi.advanceTimersByTimeAsync(POLL_MS * 10);
    expect(load).toHaveBeenCalledTimes(3);
    stop();
  });

  it('hidden (the customer went to the MB WAY app) it stops asking; visible again it reads at once and goes on', async () => {
    const { page, env } = fakePage();
    const load = vi.fn(async () => pending);
    const stop = watchOrder({ load, until: EXPIRES, onOrder: () => true }, env);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(load).toHaveBeenCalledTimes(1);
    page.show('hidden');
    await vi.advanceTimersByTimeAsync(POLL_MS * 20);
    expect(load).toHaveBeenCalledTimes(1);
    page.show('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(load).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    page.show('visible');
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('stops at the deadline, and a failed read is tried again at the next turn', async () => {
    const { env } = fakePage();
    let calls = 0;
    const load = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new Error('network');
      return pending;
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const until = new Date(Date.now() + POLL_MS * 4 + 10).toISOString();
    watchOrder({ load, until, onOrder: () => true, immediate: true }, env);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(POLL_MS * 30);
    expect(load).toHaveBeenCalledTimes(5);
    warn.mockRestore();
  });
});

describe('the shipping step’s payment methods', () => {
  const fields = { draft: { ...EMPTY_SHIPPING_DRAFT }, errors: {}, update: () => undefined } as unknown as ShippingFields;
  const choice = (id: PaymentMethodId, automatic: boolean, available = true) => ({
    id,
    label: PAYMENT_METHOD_LABELS[id],
    available,
    holdMinutes: 30,
    automatic,
  });
  const section = (choices: ReturnType<typeof choice>[]) =>
    renderToStaticMarkup(
      createElement(PaymentMethodSection, { fields, payment: { loading: false, reload: () => undefined, choices } as PaymentChoices }),
    );

  it('with automatic methods, each says how it is paid (no proof for the provider’s)', () => {
    const html = section([choice('mbway', true), choice('multibanco', true), choice('transferencia', false)]);
    expect(html).toContain(providerPaymentTexts.choiceHint.mbway);
    expect(html).toContain(providerPaymentTexts.choiceHint.multibanco);
    expect(html.split(providerPaymentTexts.manualChoiceHint)).toHaveLength(2);
  });

  it('with manual methods only, the one hint as today', () => {
    const html = section([choice('mbway', false), choice('transferencia', false)]);
    expect(html).not.toContain(providerPaymentTexts.choiceHint.mbway);
    expect(html.split(providerPaymentTexts.manualChoiceHint)).toHaveLength(2);
    expect(html).toContain('Pagas fora do site e envias o comprovativo no passo seguinte.');
  });
});
