/** Back-office use cases on the contact messages customers sent: the list, newest first, and one message. */
import type { ContactMessage, ContactMessagesPage } from '#shared/api.ts';
import { apiTexts } from '#shared/messages/index.ts';
import { DEFAULT_PAGE_SIZE } from '#shared/schemas/limits.ts';
import type { PageQuery } from '#shared/schemas/admin-query.ts';
import { NotFound } from '../errors.ts';
import { listContactMessages, readContactMessage } from '../repositories/contact-messages.ts';

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
