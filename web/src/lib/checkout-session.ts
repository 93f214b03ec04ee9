/**
 * What the checkout keeps in `sessionStorage` for this tab: the shipping form as typed (kept when
 * going back and forth; its contact and address fields also in `localStorage`, so another tab or a
 * later visit starts with them filled in), the uploaded proof, the idempotency key of the current attempt and the paid order
 * (so that /thank-you survives a reload). The reservation made when the customer left the shipping step
 * (with its access token) is the customer's, not the tab's: `localStorage` (`lib/open-reservation.ts`).
 */
import type { CustomerOrderResponse, PlaceOrderResponse } from '#shared/api.ts';
import type { PaymentMethodId } from '#shared/payment-methods.ts';
import type { PlaceOrderInput } from '#shared/schemas/place-order.ts';
import { shippingFormSchema, type ShippingForm } from '#shared/schemas/shipping-form.ts';
import type { ShippingMethodId } from '#shared/shipping.ts';
import { isProofKey } from '#shared/uploads.ts';
import { randomUuid, readJson, removeKey, writeJson } from './browser-storage.ts';
import { clearOpenReservation, loadOpenReservation, saveOpenReservation } from './open-reservation.ts';
import { clearChosenCode } from './chosen-code.ts';

const KEYS = {
  shipping: 'checkout.shipping',
  proof: 'checkout.proof',
  attempt: 'checkout.attempt',
  order: 'checkout.order',
  /** localStorage: the contact and address fields last typed, for other tabs and later visits. */
  details: 'checkout.details',
} as const;

/** The fields remembered across tabs: who and where (never the methods chosen or the terms accepted). */
const REMEMBERED_FIELDS = ['email', 'firstName', 'lastName', 'address', 'city', 'postalCode', 'phone'] as const;

/** The shipping form as typed: every text as a string, methods possibly not chosen yet. */
export interface ShippingDraft {
  email: string;
  firstName: string;
  lastName: string;
  country: 'Portugal';
  address: string;
  city: string;
  postalCode: string;
  phone: string;
  shippingMethod: ShippingMethodId | '';
  paymentMethod: PaymentMethodId | '';
  acceptTerms: boolean;
  /** For an invoice with the customer's tax number (optional; docs/invoices.md). */
  nif: string;
  companyName: string;
  /** "É para oferta" (docs/gifts.md): the card's message and whether the wrap is wanted. */
  gift: boolean;
  giftMessage: string;
  giftWrap: boolean;
}

export const EMPTY_SHIPPING_DRAFT: ShippingDraft = {
  email: '',
  firstName: '',
  lastName: '',
  country: 'Portugal',
  address: '',
  city: '',
  postalCode: '',
  phone: '',
  shippingMethod: '',
  paymentMethod: '',
  acceptTerms: false,
  nif: '',
  companyName: '',
  gift: false,
  giftMessage: '',
  giftWrap: false,
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The stored draft of this tab, or else (a new tab) the contact and address fields last typed in any
 * tab; unknown or mistyped fields fall back to empty.
 */
export function loadShippingDraft(): ShippingDraft {
  const stored = readJson('session', KEYS.shipping, isRecord) ?? readJson('local', KEYS.details, isRecord) ?? {};
  const draft: Record<string, unknown> = { ...EMPTY_SHIPPING_DRAFT };
  for (const [name, empty] of Object.entries(EMPTY_SHIPPING_DRAFT)) {
    if (typeof stored[name] === typeof empty) draft[name] = stored[name];
  }
  draft.country = 'Portugal';
  return draft as unknown as ShippingDraft;
}

export function saveShippingDraft(draft: ShippingDraft): void {
  writeJson('session', KEYS.shipping, draft);
  writeJson('local', KEYS.details, Object.fromEntries(REMEMBERED_FIELDS.map((name) => [name, draft[name]])));
}

/** The stored draft if it is a complete, valid shipping form (what /payment needs), else null. */
export function savedShippingForm(): ShippingForm | null {
  const result = shippingFormSchema.safeParse(loadShippingDraft());
  return result.success ? result.data : null;
}

/** A proof already in the bucket, waiting for its order. */
export interface UploadedProof {
  readonly key: string;
  readonly name: string;
  readonly size: number;
}

const isUploadedProof = (value: unknown): value is UploadedProof =>
  isRecord(value) && isProofKey(value.key) && typeof value.name === 'string' && typeof value.size === 'number';

export const loadProof = (): UploadedProof | null => readJson('session', KEYS.proof, isUploadedProof);
export const saveProof = (proof: UploadedProof): void => void writeJson('session', KEYS.proof, proof);
export const clearProof = (): void => removeKey('session', KEYS.proof);

interface Attempt {
  readonly key: string;
  readonly body: string;
}
const isAttempt = (value: unknown): value is Attempt => isRecord(value) && typeof value.key === 'string' && typeof value.body === 'string';

/**
 * The Idempotency-Key for this order request: the same key as long as the request is the same (a
 * retry, a double click, a reload), a new random one as soon as anything in it changed (the customer
 * fixed the cart or chose another method after a refusal).
 */
export function idempotencyKeyFor(input: PlaceOrderInput): string {
  const body = JSON.stringify(input);
  const stored = readJson('session', KEYS.attempt, isAttempt);
  if (stored && stored.body === body) return stored.key;
  const key = randomUuid();
  writeJson('session', KEYS.attempt, { key, body } satisfies Attempt);
  return key;
}

const isOrderAnswer = (value: unknown): value is { order: Record<string, unknown> } =>
  isRecord(value) && isRecord(value.order) && typeof value.order.orderNumber === 'number' && Array.isArray(value.order.lines);

/** The customer's reservation awaiting payment (kept in `localStorage`, for every tab), whatever it was made for. */
export const loadReservation = (): PlaceOrderResponse | null => loadOpenReservation()?.response ?? null;

/** The open reservation if it was made for exactly this request (the same cart and form): reused, never made twice. */
export function reservationFor(input: PlaceOrderInput, now = Date.now()): PlaceOrderResponse | null {
  const stored = loadOpenReservation(now);
  return stored && stored.body === JSON.stringify(input) ? stored.response : null;
}

/**
 * Whether the open reservation was made for this cart and these shipping details (the payment step's
 * check). Its other parts (the invoice's NIF, the gift, the discount code) are the shipping step's,
 * which compares the whole request (`reservationFor`): here they would only make every reservation
 * with one of them look made for another cart.
 */
export function reservationMatches(input: Pick<PlaceOrderInput, 'items' | 'shipping'>): boolean {
  const body = loadOpenReservation()?.body;
  if (body === undefined) return false;
  try {
    const made = JSON.parse(body) as Partial<PlaceOrderInput>;
    return (
      JSON.stringify({ items: made.items, shipping: made.shipping }) === JSON.stringify({ items: input.items, shipping: input.shipping })
    );
  } catch {
    return false;
  }
}

/** After the server reserved the order: keep it (and its token) for every tab; the next attempt gets a new key. */
export function recordReservation(input: PlaceOrderInput, response: PlaceOrderResponse): void {
  saveOpenReservation({ response, body: JSON.stringify(input) });
  removeKey('session', KEYS.attempt);
}

export const clearReservation = (): void => clearOpenReservation();

/** The paid order of this tab, with its access token (for the link to "A minha encomenda"). */
export type PlacedOrder = CustomerOrderResponse & { readonly accessToken?: string };

export const loadPlacedOrder = (): PlacedOrder | null => readJson('session', KEYS.order, isOrderAnswer) as PlacedOrder | null;

/**
 * After the proof reached the order: keep it for /thank-you, forget the reservation, the attempt, the
 * proof, the discount code and the terms tick.
 */
export function recordPlacedOrder(response: CustomerOrderResponse, accessToken?: string): void {
  writeJson('session', KEYS.order, { ...response, ...(accessToken ? { accessToken } : {}) } satisfies PlacedOrder);
  removeKey('session', KEYS.attempt);
  clearReservation();
  clearProof();
  clearChosenCode();
  saveShippingDraft({ ...loadShippingDraft(), acceptTerms: false });
}
