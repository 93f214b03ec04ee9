/**
 * The customer's reservation awaiting payment, kept in `localStorage`: it belongs to the customer, not
 * to a tab, so it survives closing the tab (a phone switching to the bank app), other tabs and
 * restarts, until it is paid (proof sent), runs out or is cancelled. Every tab sees the same one (the
 * `storage` event), and components read it with {@link useOpenReservation}.
 */
import { useSyncExternalStore } from 'react';
import type { PlaceOrderResponse } from '#shared/api.ts';
import { formatDate, formatTime } from '#shared/dates.ts';
import { checkoutTexts, providerPaymentTexts } from '#shared/messages/index.ts';
import { RESERVED_STATUS } from '#shared/order-status.ts';
import { readJson, removeKey, writeJson } from './browser-storage.ts';

const KEY = 'checkout.reservation';

/** The reservation as the server answered it (with its access token), and the request it answered. */
export interface StoredReservation {
  readonly response: PlaceOrderResponse;
  /** The order request (cart and shipping form) as JSON, to tell whether the checkout is still the same. */
  readonly body: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isStoredReservation = (value: unknown): value is StoredReservation =>
  isRecord(value) &&
  typeof value.body === 'string' &&
  isRecord(value.response) &&
  isRecord(value.response.order) &&
  typeof value.response.order.orderNumber === 'number' &&
  Array.isArray(value.response.order.lines) &&
  typeof value.response.order.accessToken === 'string';

/** Whether the reservation can still be paid at `now` (awaiting payment, its time not over). */
export function stillOpen(stored: StoredReservation, now = Date.now()): boolean {
  const { order } = stored.response;
  return order.status === RESERVED_STATUS && typeof order.expiresAt === 'string' && Date.parse(order.expiresAt) > now;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** The stored reservation while it can still be paid; one that ran out is forgotten. */
export function loadOpenReservation(now = Date.now()): StoredReservation | null {
  const stored = readJson('local', KEY, isStoredReservation);
  if (stored && stillOpen(stored, now)) return stored;
  return null;
}

export function saveOpenReservation(stored: StoredReservation): void {
  writeJson('local', KEY, stored);
  notify();
}

/** Paid, cancelled or over: no tab offers it any more. */
export function clearOpenReservation(): void {
  removeKey('local', KEY);
  notify();
}

// The snapshot is the raw text, so React compares strings and re-renders only on a real change.
const snapshot = (): string | null => {
  const stored = loadOpenReservation();
  return stored ? JSON.stringify(stored) : null;
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  // A reservation runs out while the page is open: checked again each minute.
  const timer = window.setInterval(listener, 60_000);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    window.clearInterval(timer);
  };
}

/** The open reservation of this browser, kept up to date across tabs; null on the server (pre-rendering). */
export function useOpenReservation(): StoredReservation | null {
  const text = useSyncExternalStore(subscribe, snapshot, () => null);
  return text ? (JSON.parse(text) as StoredReservation) : null;
}

/**
 * "Tens uma reserva por pagar (nº …, até às 14:48)": the time alone, or with the date for a Multibanco
 * reference, which lasts days (docs/design.md §34).
 */
export function openReservationText(order: StoredReservation['response']['order']): string {
  if (order.providerPayment?.method === 'multibanco' && order.expiresAt)
    return providerPaymentTexts.openReservationDated(order.orderNumber, formatDate(order.expiresAt), formatTime(order.expiresAt));
  return checkoutTexts.openReservation(order.orderNumber, formatTime(order.expiresAt));
}
