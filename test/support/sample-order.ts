/**
 * An order as the services store it, for tests that render it (pages, slips, mails) without a twin:
 * Ana Costa's reservation of 10:00 on 7 December 2026, shipped by CTT, paid by transfer, nothing in it
 * yet. `CODED_CART` is the 34,80 € cart with a 10 % code of docs/discount-codes.md (−3,48 €, free
 * shipping judged before the code, 31,32 € to pay).
 */
import type { Order } from '#shared/api.ts';

export const SAMPLE_ORDER_AT = '2026-12-07T10:00:00.000Z';

/** The order with `extra` over it. */
export function sampleOrder(extra: Partial<Order> = {}): Order {
  return {
    id: '100300',
    orderNumber: 100300,
    status: 'Aguarda Pagamento',
    createdAt: SAMPLE_ORDER_AT,
    timestamp: Date.parse(SAMPLE_ORDER_AT) / 1000,
    email: 'ana@example.pt',
    firstName: 'Ana',
    lastName: 'Costa',
    country: 'Portugal',
    address: 'Rua Nova, 3',
    city: 'Coimbra',
    postalCode: '3000-123',
    phone: '912345678',
    shippingMethod: 'ctt',
    paymentMethod: 'transferencia',
    lines: [],
    subtotalCents: 0,
    discountCents: 0,
    shippingCents: 0,
    totalCents: 0,
    emails: [],
    timeline: [],
    ...extra,
  } as Order;
}

/** Two pieces of 17,40 € with the 10 % code MARIA10. */
export const CODED_CART = {
  lines: [
    {
      productId: 'anel-a',
      code: 'AN-01',
      sku: 'AN-01',
      name: 'Anel Aurora',
      quantity: 2,
      priceCents: 1740,
      discountPercent: 0,
      unitPriceCents: 1740,
      lineTotalCents: 3480,
    },
  ],
  subtotalCents: 3480,
  discountCents: 0,
  discount: { code: 'MARIA10', type: 'percent', amountCents: 348 },
  shippingCents: 0,
  totalCents: 3132,
} as Partial<Order>;
