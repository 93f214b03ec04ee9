/**
 * The twin's default event bus, with the one rule the shop has on it in the cloud: what SES's
 * configuration set publishes (a bounce or a complaint of an accepted mail, here the mailbox
 * simulator's) reaches the mail-events function's own module (`lambdas/consumers/mail-events.ts`) as
 * the EventBridge event the rule's Lambda target delivers, only when it matches the cloud rule's
 * pattern (`mailEventsPattern`: source, detail-type, this configuration set), one at a time, as the
 * function's row (its grants only), retried twice on failure like Lambda's asynchronous invocation.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { mailEvents, mailEventsPattern } from '#lambdas/jobs.ts';
import { invokeAsync } from './function-scope.ts';

export interface MailEventsBus {
  /** An event put on the bus (PutEvents, or an AWS service's event). */
  readonly put: (event: EventBridgeEvent<string, unknown>) => void;
  /** Resolves when every matching event put so far has been handled. */
  readonly idle: () => Promise<void>;
}

/**
 * EventBridge's matching for the patterns the shop writes: every field the pattern names must be in the
 * event; a list of values matches a field equal to one of them, or a list field holding one of them;
 * an object pattern matches the same object field, recursively.
 */
export function matchesEventPattern(event: unknown, pattern: unknown): boolean {
  if (Array.isArray(pattern)) {
    const values = Array.isArray(event) ? event : [event];
    return values.some((value) => (typeof value !== 'object' || value === null) && pattern.includes(value));
  }
  if (pattern === null || typeof pattern !== 'object') return false;
  if (event === null || typeof event !== 'object' || Array.isArray(event)) return false;
  return Object.entries(pattern).every(
    ([key, inner]) => Object.hasOwn(event, key) && matchesEventPattern((event as Record<string, unknown>)[key], inner),
  );
}

/** The default bus of the twin and the rule that runs `MailEvents` for `configurationSetName`. */
export function mailEventsBus(configurationSetName: string): MailEventsBus {
  const pattern = mailEventsPattern(configurationSetName);
  let queue: Promise<void> = Promise.resolve();
  return {
    put: (event) => {
      if (!matchesEventPattern(event, pattern)) return;
      queue = queue.then(() => invokeAsync(mailEvents, event));
    },
    idle: () => queue,
  };
}
