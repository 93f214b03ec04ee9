/** The public contact form: the message is stored with the owner's e-mail about it. */
import { randomUUID } from 'node:crypto';
import type { ContactMessageInput } from '#shared/schemas/index.ts';
import { insertContactMessage } from '../repositories/contact-messages.ts';
import { outboxMailPut } from '../repositories/outbox-store.ts';

/**
 * Stores a contact message and, in the same transaction, the owner's e-mail about it (sent by the
 * outbox: the answer never waits for SES, and a failed mail never loses the message).
 */
export async function createContactMessage(input: ContactMessageInput, now = new Date()): Promise<{ id: string }> {
  const id = randomUUID();
  const ownerMail = outboxMailPut(
    {
      id: `owner#contact#${id}`,
      toShop: true,
      mail: {
        template: 'owner-contact-message',
        data: { name: input.name, email: input.email, phone: input.phone, subject: input.subject, message: input.message },
      },
    },
    now,
  );
  await insertContactMessage(id, input, now, [ownerMail]);
  return { id };
}
