/**
 * Ending abuse in one place: the owner closes an unpaid reservation, or an order whose
 * proof waits for confirmation, as "suspeita" (cancelled, stock and MB WAY slot back, an owner's note on
 * the timeline) and blocks its e-mail, phone and client address from reserving for a chosen time; a
 * blocked buyer's reservation is refused with a neutral message that never says which key matched.
 * The block list ("Definições") shows the blocks in force; expired ones are ignored and purged.
 */
import {
  BLOCK_DURATIONS,
  blockUntil,
  isSuspiciousClosable,
  type BlockDuration,
  type BlockEntry,
  type BlocksResponse,
  type SuspiciousBulkResponse,
  type SuspiciousClosedResponse,
} from '#shared/abuse.ts';
import { clientAddressKey, emailKey, phoneKey } from '#shared/identity-keys.ts';
import { abuseTexts } from '#shared/messages/index.ts';
import { ORDER_STATUS_INFO } from '#shared/order-status.ts';
import { Conflict, DomainError, NotFound } from '../errors.ts';
import { allBlocks, deleteBlocks, isBlocked, putBlock, type BlockKeys } from '../repositories/blocks.ts';
import { getOrderItem, toOrder, type OrderItem } from '../repositories/orders.ts';
import { closeOrder } from './order-lifecycle.ts';
import { watchHeldShareQuietly } from './held-share.ts';

const ORDER_ID = /^\d{6}$/;

/** A buyer's identity keys from what they typed and the address they came from (each only when given). */
export function identityKeysOf(buyer: { readonly email?: string; readonly phone?: string; readonly client?: string }): BlockKeys {
  const email = buyer.email?.trim() ? emailKey(buyer.email) : undefined;
  const phone = buyer.phone && phoneKey(buyer.phone) ? phoneKey(buyer.phone) : undefined;
  const client = buyer.client?.trim() ? clientAddressKey(buyer.client) : undefined;
  return { ...(email ? { email } : {}), ...(phone ? { phone } : {}), ...(client ? { client } : {}) };
}

/** Refuses (409 `client_blocked`) a reservation whose e-mail, phone or client address is blocked now. */
export async function refuseBlocked(keys: BlockKeys, now = new Date()): Promise<void> {
  if (await isBlocked(keys, now)) throw new Conflict(abuseTexts.blocked, 'client_blocked');
}

/** Closes one order as suspicious and blocks its buyer (see the module). */
async function closeOne(
  id: string | undefined,
  blockFor: BlockDuration,
  by: string,
  now: Date,
): Promise<{ order: OrderItem; block: BlockEntry }> {
  const order = id && ORDER_ID.test(id) ? await getOrderItem(id) : undefined;
  if (!order) throw new NotFound(abuseTexts.notFound(id ?? ''), 'order_not_found');
  if (!isSuspiciousClosable(order.status)) {
    throw new Conflict(abuseTexts.notClosable(order.orderNumber, ORDER_STATUS_INFO[order.status].label), 'order_not_closable');
  }
  const label = BLOCK_DURATIONS[blockFor].label;
  const note = { at: now.toISOString(), kind: 'note' as const, by, text: abuseTexts.timelineEntry(label) };
  const moved = await closeOrder(
    order,
    { restock: true, reason: 'cancellation', by, cause: 'suspicious', text: abuseTexts.statusText, notes: [note] },
    now,
  );
  if (moved === 'status-changed') throw new Conflict(abuseTexts.changed(order.orderNumber), 'order_changed');
  const block: BlockEntry = {
    id: order.id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    createdAt: now.toISOString(),
    until: blockUntil(now, blockFor),
    by,
    email: order.email ?? '',
    phone: order.phone ?? '',
    client: order.clientKey ?? '',
  };
  await putBlock(block, identityKeysOf({ email: order.email, phone: order.phone, client: order.clientKey }));
  return { order, block };
}

/** `POST /api/admin/orders/{id}/suspicious` */
export async function closeAsSuspicious(
  id: string | undefined,
  blockFor: BlockDuration,
  by: string,
  now = new Date(),
): Promise<SuspiciousClosedResponse> {
  const { order, block } = await closeOne(id, blockFor, by, now);
  await watchHeldShareQuietly(now);
  return { order: toOrder((await getOrderItem(order.id))!), block };
}

/** `POST /api/admin/orders/suspicious`: each order on its own; one refused never stops the others. */
export async function closeManyAsSuspicious(
  ids: readonly string[],
  blockFor: BlockDuration,
  by: string,
  now = new Date(),
): Promise<SuspiciousBulkResponse> {
  const results: SuspiciousBulkResponse['results'][number][] = [];
  for (const id of ids) {
    try {
      const { order } = await closeOne(id, blockFor, by, now);
      results.push({ id, ok: true, orderNumber: order.orderNumber });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push({ id, ok: false, code: error.code, message: error.message });
    }
  }
  await watchHeldShareQuietly(now);
  const closed = results.filter((result) => result.ok).length;
  return { results, message: abuseTexts.bulkDone(closed, results.length - closed) };
}

/** The blocks in force at `now`, soonest to end first; the expired ones are deleted on the way. */
export async function blockList(now = new Date()): Promise<BlocksResponse> {
  const blocks = await allBlocks();
  const at = now.toISOString();
  const expired = blocks.filter((block) => block.entry.until <= at);
  if (expired.length > 0) await deleteBlocks(expired.map((block) => ({ id: block.entry.id, keys: block.keys })));
  const active = blocks.filter((block) => block.entry.until > at).map((block) => block.entry);
  return { blocks: active.sort((a, b) => a.until.localeCompare(b.until)) };
}

/** Ends a block early (404 `block_not_found` when it is gone already). */
export async function removeBlock(id: string | undefined, now = new Date()): Promise<BlocksResponse> {
  const found = (await allBlocks()).find((block) => block.entry.id === id && block.entry.until > now.toISOString());
  if (!found) throw new NotFound(abuseTexts.blockNotFound, 'block_not_found');
  await deleteBlocks([{ id: found.entry.id, keys: found.keys }]);
  return blockList(now);
}
