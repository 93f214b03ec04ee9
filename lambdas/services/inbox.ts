/** Back-office use cases on what customers sent: contact messages and back-in-stock requests. */
import type { ContactMessage, ContactMessagesPage, StockAlertsPage } from '#shared/api.ts';
import { apiTexts } from '#shared/messages.ts';
import { DEFAULT_PAGE_SIZE } from '#shared/schemas/limits.ts';
import type { PageQuery } from '#shared/schemas/admin-query.ts';
import { NotFound } from '../errors.ts';
import { listContactMessages, readContactMessage } from '../repositories/contact-messages.ts';
import { listStockAlerts } from '../repositories/stock-alerts.ts';

const CONTACT_MESSAGE_ID = /^[0-9a-f-]{36}$/;

export async function contactMessagesPage(query: PageQuery): Promise<ContactMessagesPage> {
  const page = await listContactMessages(query.limit ?? DEFAULT_PAGE_SIZE, query.cursor);
  return { messages: page.items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

/** One message, which the admin has now read. */
export async function contactMessageDetail(id: string | undefined): Promise<ContactMessage> {
  const message = id && CONTACT_MESSAGE_ID.test(id) ? await readContactMessage(id) : undefined;
  if (!message) throw new NotFound(apiTexts.contactMessageNotFound, 'contact_message_not_found');
  return message;
}

export async function stockAlertsPage(query: PageQuery): Promise<StockAlertsPage> {
  const page = await listStockAlerts(query.limit ?? DEFAULT_PAGE_SIZE, query.cursor);
  return { alerts: page.items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}
