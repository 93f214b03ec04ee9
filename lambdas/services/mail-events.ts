/**
 * What SES tells after it accepted a mail (the configuration set's events, through the account's
 * default EventBridge bus): a hard bounce (the address does not exist or refuses mail) or a complaint
 * (the customer marked it as spam). SES has by then put the address on the account's suppression
 * list, so the shop's mail no longer reaches that customer; the order the mail belonged to (its
 * `order` tag) shows it to the owner: in its e-mail history, on its timeline and as a notice on the
 * order page. Transient bounces (a full mailbox) are SES's to retry and change nothing here.
 */
import type { MailProblem, OrderEmailRecord, TimelineEntry } from '#shared/api.ts';
import { logger } from '../logger.ts';
import { MAIL_TAGS } from '../repositories/mail.ts';
import { recordMailProblem } from '../repositories/orders.ts';
import { SHOP } from './order-lifecycle.ts';

/** The part of an SES event notification (SES Developer Guide, "Contents of event data") this reads. */
export interface SesEvent {
  readonly eventType?: string;
  readonly notificationType?: string;
  readonly mail: {
    readonly messageId: string;
    readonly destination?: readonly string[];
    readonly tags?: Readonly<Record<string, readonly string[]>>;
  };
  readonly bounce?: {
    readonly bounceType: 'Permanent' | 'Transient' | 'Undetermined';
    readonly bounceSubType?: string;
    readonly timestamp?: string;
    readonly bouncedRecipients?: readonly { readonly emailAddress: string; readonly diagnosticCode?: string }[];
  };
  readonly complaint?: {
    readonly timestamp?: string;
    readonly complainedRecipients?: readonly { readonly emailAddress: string }[];
    readonly complaintFeedbackType?: string;
  };
}

/** The kinds of order e-mail a tag can name (the template ids of the order's mails). */
const ORDER_MAIL_KINDS: readonly OrderEmailRecord['kind'][] = [
  'order-reserved',
  'order-received',
  'payment-confirmed',
  'shipped',
  'review-request',
  'order-cancelled',
  'order-link',
  'order-refunded',
  'invoice-document',
];
const ORDER_ID = /^\d{6}$/;
/** A diagnostic is the remote server's text: kept short, one line. */
const DETAIL_MAX = 300;

function oneLine(text: string | undefined): string | undefined {
  const line = text?.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  return line ? line.slice(0, DETAIL_MAX) : undefined;
}

/** What one SES event means for an order, or undefined when it changes nothing (a transient bounce, a delivery). */
export function mailProblemOf(event: SesEvent, now: Date): { problem: MailProblem; status: 'bounced' | 'complained' } | undefined {
  const type = event.eventType ?? event.notificationType;
  const at = now.toISOString();
  if (type === 'Bounce' && event.bounce?.bounceType === 'Permanent') {
    const recipient = event.bounce.bouncedRecipients?.[0];
    const address = recipient?.emailAddress ?? event.mail.destination?.[0] ?? '';
    const detail = oneLine(recipient?.diagnosticCode) ?? oneLine(event.bounce.bounceSubType);
    return { status: 'bounced', problem: { kind: 'bounced', at, address, ...(detail ? { detail } : {}) } };
  }
  if (type === 'Complaint') {
    const address = event.complaint?.complainedRecipients?.[0]?.emailAddress ?? event.mail.destination?.[0] ?? '';
    const detail = oneLine(event.complaint?.complaintFeedbackType);
    return { status: 'complained', problem: { kind: 'complained', at, address, ...(detail ? { detail } : {}) } };
  }
  return undefined;
}

/**
 * Records one SES event on its order. Idempotent per SES message and kind of event (EventBridge and
 * Lambda's asynchronous retries deliver at least once); an event of a mail with no order (the owner's
 * notifications, back-in-stock) is only logged.
 */
export async function recordMailEvent(event: SesEvent, now = new Date()): Promise<'recorded' | 'ignored'> {
  const meaning = mailProblemOf(event, now);
  if (!meaning) return 'ignored';
  const orderId = event.mail.tags?.[MAIL_TAGS.order]?.[0];
  const kind = event.mail.tags?.[MAIL_TAGS.template]?.[0] as OrderEmailRecord['kind'] | undefined;
  logger.warn('mail bounced or complained', { kind: meaning.status, orderId, template: kind, messageId: event.mail.messageId });
  if (!orderId || !ORDER_ID.test(orderId) || !kind || !ORDER_MAIL_KINDS.includes(kind)) return 'ignored';
  const at = meaning.problem.at;
  const record: OrderEmailRecord = {
    kind,
    status: meaning.status,
    at,
    ...(meaning.problem.detail ? { error: meaning.problem.detail } : {}),
  };
  const entry: TimelineEntry = {
    at,
    kind: 'email',
    by: SHOP,
    email: kind,
    outcome: meaning.status,
    ...(meaning.problem.detail ? { text: meaning.problem.detail } : {}),
  };
  const written = await recordMailProblem(orderId, `${event.mail.messageId}#${meaning.status}`, record, entry, meaning.problem);
  return written ? 'recorded' : 'ignored';
}
