import { useEffect, useState } from 'react';
import { useNavigate } from '#web/lib/router.tsx';
import { cartCount, orderItems, type Cart } from '#shared/cart.ts';
import { apiTexts, checkoutTexts, validationTexts } from '#shared/messages/index.ts';
import { PAYMENT_METHOD_IDS, PAYMENT_METHOD_LABELS } from '#shared/payment-methods.ts';
import { paths } from '#shared/paths.ts';
import { checkoutFormSchema } from '#shared/schemas/place-order.ts';
import { DEFAULT_SETTINGS, holdMinutesFor } from '#shared/settings.ts';
import { ApiError } from '#web/lib/api.ts';
import { useBotCheck } from '#web/lib/bot-check.tsx';
import { publicWrites } from '#web/lib/public-writes.ts';
import type { FieldMessages } from '#web/lib/form.ts';
import { useFormSubmit } from '#web/lib/use-submit.ts';
import type { PlaceOrderInput } from '#shared/schemas/place-order.ts';
import { loadOpenReservation, useOpenReservation, type StoredReservation } from '#web/lib/open-reservation.ts';
import {
  idempotencyKeyFor,
  loadShippingDraft,
  recordReservation,
  reservationFor,
  saveShippingDraft,
  type ShippingDraft,
} from '#web/lib/checkout-session.ts';
import { askUntilAnswered } from './ask-again.ts';
import { orderRefusal } from '#web/ui/order-refusal.tsx';
import { isAutomatic } from '#web/lib/provider-payment.ts';
import { usePaymentMethods } from '#web/lib/use-payment-methods.ts';
import { useChosenCode } from '#web/lib/chosen-code.ts';

type TextName = 'email' | 'firstName' | 'lastName' | 'address' | 'city' | 'postalCode' | 'phone';
const TEXT_FIELDS: readonly TextName[] = ['email', 'firstName', 'lastName', 'address', 'city', 'postalCode', 'phone'];
/** The order in which fields get the focus when something is wrong. */
const FIELD_ORDER = [
  'email',
  'firstName',
  'lastName',
  'country',
  'address',
  'city',
  'postalCode',
  'phone',
  'shippingMethod',
  'paymentMethod',
  'nif',
  'companyName',
  'giftMessage',
  'giftWrap',
  'acceptTerms',
] as const;

/**
 * The form's alert: a missing field → 'preencha todos os campos'; only the terms → 'aceite os termos';
 * only a payment method no longer offered (MB WAY full) → that; otherwise the fields say what is wrong.
 */
function formAlert(draft: ShippingDraft, errors: FieldMessages, unavailableChosen: boolean): string {
  const missing = TEXT_FIELDS.some((name) => draft[name].trim() === '') || !draft.shippingMethod || !draft.paymentMethod;
  if (missing) return checkoutTexts.missingFields;
  const only = (name: string) => Object.keys(errors).every((field) => field === name);
  if (only('acceptTerms')) return checkoutTexts.termsNotAccepted;
  if (unavailableChosen && only('paymentMethod')) return checkoutTexts.mbwayUnavailable;
  return apiTexts.invalidInput;
}

export type PaymentChoices = ReturnType<typeof usePaymentChoices>;

/**
 * The payment methods offered: from the API (a method the shop does not take, or MB WAY full this
 * month, cannot be chosen), or the manual ones if it cannot be asked; each one's reservation minutes,
 * and whether the payment provider takes it (`automatic`: no proof).
 */
function usePaymentChoices() {
  const [state, reload] = usePaymentMethods();
  if (state.status === 'ready') {
    // Multibanco is only ever the provider's (docs/design.md §34): not listed at all while the shop does not take it.
    const offered = state.value.methods.filter((m) => m.id !== 'multibanco' || m.available);
    const choices = offered.map((m) => ({
      id: m.id,
      label: m.label,
      available: m.available,
      holdMinutes: m.holdMinutes,
      automatic: isAutomatic(m.instructions),
    }));
    return { loading: false, reload, choices, giftWrapCents: state.value.giftWrapCents };
  }
  const manual = PAYMENT_METHOD_IDS.filter((id) => id !== 'multibanco');
  const choices = manual.map((id) => ({
    id,
    label: PAYMENT_METHOD_LABELS[id],
    available: true,
    holdMinutes: holdMinutesFor(DEFAULT_SETTINGS.holdMinutes, id),
    automatic: false,
  }));
  return { loading: state.status === 'loading', reload, choices, giftWrapCents: undefined as number | undefined };
}

/** Whether the open reservation was made for these cart lines (whatever the details). */
function sameItems(stored: StoredReservation, items: PlaceOrderInput['items']): boolean {
  try {
    return JSON.stringify((JSON.parse(stored.body) as PlaceOrderInput).items) === JSON.stringify(items);
  } catch {
    return false;
  }
}

/** MB WAY filled up this month since the methods were asked. */
const mbwayFull = (error: unknown): boolean => error instanceof ApiError && error.code === 'mbway_unavailable';

/** The fields of the order request outside `shipping` that this form has (the invoice's, the discount code). */
const INVOICE_FIELDS: readonly string[] = ['nif', 'companyName', 'discountCode'];
/** The gift's fields of the order request, by this form's names. */
const GIFT_FIELDS: Readonly<Record<string, string>> = { gift: 'giftMessage', 'gift.message': 'giftMessage', 'gift.wrap': 'giftWrap' };

/**
 * The server's refusals that name fields of this form (`shipping.*`, the invoice's), by field name; null
 * when none (or MB WAY full: said in the alert only).
 */
function shippingFieldErrors(error: unknown): FieldMessages | null {
  if (!(error instanceof ApiError) || !error.fields || mbwayFull(error)) return null;
  const fields = Object.entries(error.fields).flatMap(([name, message]): [string, string][] =>
    name.startsWith('shipping.')
      ? [[name.slice('shipping.'.length), message]]
      : INVOICE_FIELDS.includes(name)
        ? [[name, message]]
        : GIFT_FIELDS[name]
          ? [[GIFT_FIELDS[name], message]]
          : [],
  );
  return fields.length > 0 ? Object.fromEntries(fields) : null;
}

/** The draft of this tab, kept in the session at each change; a payment method that is not available cannot stay chosen. */
function useShippingDraft(payment: PaymentChoices) {
  const [draft, setDraft] = useState<ShippingDraft>(loadShippingDraft);
  useEffect(() => {
    saveShippingDraft(draft);
  }, [draft]);
  // A method that is not available (MB WAY full this month) cannot stay chosen from an earlier visit.
  const unavailableChosen = payment.choices.some((c) => c.id === draft.paymentMethod && !c.available);
  useEffect(() => {
    if (unavailableChosen) setDraft((d) => ({ ...d, paymentMethod: '' }));
  }, [unavailableChosen]);
  return { draft, setDraft, unavailableChosen };
}

/** The order request's `gift` from the form: none unless "É para oferta" is ticked; the wrap only while the shop offers one. */
function giftRequest(
  form: { readonly gift: boolean; readonly giftMessage: string; readonly giftWrap: boolean },
  wrapCents: number | undefined,
): PlaceOrderInput['gift'] {
  if (!form.gift) return undefined;
  return {
    ...(form.giftMessage ? { message: form.giftMessage } : {}),
    ...(form.giftWrap && wrapCents !== undefined ? { wrap: true } : {}),
  };
}

/** Reserves the order with its one Idempotency-Key, asking again while the answer says nothing of it (`ask-again.ts`). */
function placeOrderConfirmed<T>(
  place: (idempotencyKey: string) => Promise<T>,
  input: PlaceOrderInput,
  confirming: (on: boolean) => void,
): Promise<T> {
  const key = idempotencyKeyFor(input);
  return askUntilAnswered(() => place(key), confirming);
}

/**
 * Leaving the step reserves the order (with a proof of work and its one Idempotency-Key) and goes to
 * /payment; the customer's open reservation made for another cart or other details is continued or
 * cancelled, never a second one (`reservation`, with whether it changed).
 */
function useReserve(cart: Cart) {
  const navigate = useNavigate();
  // The proof of work is priced by the units this checkout reserves (`shared/proof-of-work.ts`).
  const botCheck = useBotCheck(cartCount(cart));
  const [confirming, setConfirming] = useState(false);
  const open = useOpenReservation();
  const [conflict, setConflict] = useState(false);
  const reserve = async (input: PlaceOrderInput) => {
    const held = loadOpenReservation();
    if (held && !reservationFor(input)) {
      setConflict(true);
      return;
    }
    const place = (key: string) => botCheck.withProof((proof) => publicWrites.placeOrder(input, key, proof));
    if (!held) recordReservation(input, await placeOrderConfirmed(place, input, setConfirming));
    navigate(paths.payment);
  };
  const reservation = open
    ? { stored: open, changed: conflict || !sameItems(open, orderItems(cart)), onCancelled: () => setConflict(false) }
    : null;
  return { reserve, reservation, confirming, botCheckStatus: botCheck.status };
}

/**
 * The shipping form's state and submit: the draft, its field messages, and leaving the step, which
 * reserves the order (amount, number and pieces fixed before paying) and goes to /payment. MB WAY
 * full meanwhile is said in the alert (the choice cleared); fields of this form at the fields; any
 * other refusal as `refused`, with where to fix it.
 */
export function useShippingForm(cart: Cart) {
  const payment = usePaymentChoices();
  const { draft, setDraft, unavailableChosen } = useShippingDraft(payment);
  const { reserve, reservation, confirming, botCheckStatus } = useReserve(cart);
  // The cart's chosen code (docs/discount-codes.md), maybe applied on the cart page: priced for this cart, shown in the summary.
  const chosen = useChosenCode(cart);

  const { formRef, onSubmit, errors, setErrors, outcome, sending } = useFormSubmit({
    schema: checkoutFormSchema,
    fieldOrder: FIELD_ORDER,
    values: draft,
    // The refusal is said once, in the alert; the field only asks for another choice.
    check: (): FieldMessages => (unavailableChosen ? { paymentMethod: validationTexts.paymentMethod.invalid } : {}),
    invalidAlert: (found) => formAlert(draft, found, unavailableChosen),
    send: async ({ nif, companyName, gift, giftMessage, giftWrap, ...shipping }) => {
      saveShippingDraft({ ...draft, ...shipping, nif: nif ?? '', companyName, gift, giftMessage, giftWrap });
      const asked = giftRequest({ gift, giftMessage, giftWrap }, payment.giftWrapCents);
      // The code as typed (applied or not): the server prices it and says beside the field why not.
      const discountCode = chosen.typed.trim();
      await reserve({
        items: orderItems(cart),
        shipping,
        ...(nif ? { nif, ...(companyName ? { companyName } : {}) } : {}),
        ...(asked ? { gift: asked } : {}),
        ...(discountCode ? { discountCode } : {}),
      });
    },
    serverFields: shippingFieldErrors,
    refusedFieldsAlert: (fields) => Object.values(fields)[0],
    onFailed: (error) => {
      console.error('Reserving the order failed', error);
      if (!mbwayFull(error)) return;
      // MB WAY just filled up this month: said once, in the alert; the choice is cleared and shown as unavailable.
      setDraft((d) => ({ ...d, paymentMethod: '' }));
      payment.reload();
    },
  });

  const update = <K extends keyof ShippingDraft>(name: K, value: ShippingDraft[K]) => {
    setDraft((d) => ({ ...d, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  const failure = outcome.kind === 'failed' ? outcome : null;
  // The order itself refused (not MB WAY, not a field of this form): said with where to fix it, not in the alert.
  const refused =
    failure?.error !== undefined && !mbwayFull(failure.error) && !shippingFieldErrors(failure.error) ? orderRefusal(failure.error) : null;
  const alert = failure && !refused ? failure.message : null;

  const onTyped = (typed: string) => {
    chosen.onTyped(typed);
    if (errors.discountCode) setErrors(({ discountCode: _, ...rest }) => rest);
  };
  const code = { ...chosen, onTyped, error: errors.discountCode };
  return {
    fields: { draft, errors, update },
    payment,
    formRef,
    onSubmit,
    alert,
    refused,
    reserving: sending,
    botCheckStatus,
    reservation,
    confirming,
    code,
  };
}

/** What the form's sections show and change. */
export type ShippingFields = ReturnType<typeof useShippingForm>['fields'];
