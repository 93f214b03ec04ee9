/**
 * Ending abuse: how long the owner may block a suspicious order's buyer from
 * reserving, and how many orders one bulk action closes.
 */
import type { Order } from './api.ts';
import { PROOF_STATUS, RESERVED_STATUS, type OrderStatus } from './order-status.ts';

/** The block times the owner chooses from, with their length. */
export const BLOCK_DURATIONS = {
  '24h': { hours: 24, label: '24 h' },
  '7d': { hours: 7 * 24, label: '7 dias' },
  '30d': { hours: 30 * 24, label: '30 dias' },
} as const;

export type BlockDuration = keyof typeof BLOCK_DURATIONS;
export const BLOCK_DURATION_IDS = Object.keys(BLOCK_DURATIONS) as [BlockDuration, ...BlockDuration[]];

/** The longest block: what the privacy policy states as the block list's retention. */
export const LONGEST_BLOCK_DAYS = Math.max(...Object.values(BLOCK_DURATIONS).map((d) => d.hours)) / 24;

/** The statuses an order closes as suspicious from: nothing paid and confirmed, nothing shipped. */
export const SUSPICIOUS_CLOSABLE = [RESERVED_STATUS, PROOF_STATUS] as const satisfies readonly OrderStatus[];

/** Whether an order in `status` can be closed as suspicious. */
export function isSuspiciousClosable(status: OrderStatus): boolean {
  return (SUSPICIOUS_CLOSABLE as readonly OrderStatus[]).includes(status);
}

/** Orders one "Fechar como suspeitas" closes at most. */
export const SUSPICIOUS_BULK_MAX = 50;

/**
 * When a block of `duration` made at `now` ends. @example blockUntil(new Date('2026-11-26T10:00:00Z'), '24h') // '2026-11-27T10:00:00.000Z'
 */
export function blockUntil(now: Date, duration: BlockDuration): string {
  return new Date(now.getTime() + BLOCK_DURATIONS[duration].hours * 3_600_000).toISOString();
}

/** Whether more than half of the shop's units (free plus held) are held by unpaid reservations. */
export function overHalfHeld(heldUnits: number, freeUnits: number): boolean {
  return heldUnits * 2 > heldUnits + freeUnits;
}

/** One block of the block list ("Definições"): a suspicious order's buyer may not reserve until `until`. */
export interface BlockEntry {
  /** The order's id: one block per order. */
  readonly id: string;
  readonly orderId: string;
  readonly orderNumber: number;
  readonly createdAt: string;
  readonly until: string;
  /** The admin who closed the order. */
  readonly by: string;
  /** What is blocked, as the owner reads it (empty when the order had none, e.g. anonymised). */
  readonly email: string;
  readonly phone: string;
  readonly client: string;
}

/** GET /api/admin/blocks: the blocks in force, soonest to end first. */
export interface BlocksResponse {
  readonly blocks: readonly BlockEntry[];
}

/** POST /api/admin/orders/{id}/suspicious */
export interface SuspiciousClosedResponse {
  readonly order: Order;
  readonly block: BlockEntry;
}

/** POST /api/admin/orders/suspicious: each order's outcome, in the order asked. */
export interface SuspiciousBulkResponse {
  readonly results: readonly (
    | { readonly id: string; readonly ok: true; readonly orderNumber: number }
    | { readonly id: string; readonly ok: false; readonly code: string; readonly message: string }
  )[];
  /** pt-PT summary: how many closed, how many not. */
  readonly message: string;
}
