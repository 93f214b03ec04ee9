/**
 * Domain errors, thrown by services and repositories. Each carries the HTTP status it stands for and a
 * Portuguese message for the customer; `http/error-response.ts` turns them into answers.
 */
import { apiTexts, botCheckTexts } from '#shared/messages/index.ts';

export type FieldErrors = Readonly<Record<string, string>>;

export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidInput extends DomainError {
  constructor(message: string = apiTexts.invalidInput, fields?: FieldErrors, code = 'invalid_input') {
    super(400, code, message, fields);
  }
}

export class Unauthorized extends DomainError {
  constructor(message: string = apiTexts.unauthorized) {
    super(401, 'unauthorized', message);
  }
}

export class Forbidden extends DomainError {
  constructor(message: string = apiTexts.forbidden) {
    super(403, 'forbidden', message);
  }
}

export class NotFound extends DomainError {
  constructor(message: string = apiTexts.notFound, code = 'not_found') {
    super(404, code, message);
  }
}

export class Conflict extends DomainError {
  constructor(message: string = apiTexts.conflict, code = 'conflict', fields?: FieldErrors) {
    super(409, code, message, fields);
  }
}

/**
 * A write conditioned on a value the client saw (a product's version, a stock) that changed meanwhile:
 * nothing was written; `current` carries the value as it is now, for the client to show and retry from.
 */
export class ChangedMeanwhile extends DomainError {
  constructor(
    message: string,
    code: string,
    readonly current: Readonly<Record<string, number>>,
    fields?: FieldErrors,
  ) {
    super(409, code, message, fields);
  }
}

/** Checkout before the go-live checklist is complete (docs/design.md §33). */
export class ShopNotReady extends DomainError {
  /** An expected refusal, not a fault: logged at INFO although a 503 (`http/handler.ts`). */
  readonly quiet = true;

  constructor() {
    super(503, 'shop_not_ready', apiTexts.shopNotReady);
  }
}

export class OutOfStock extends DomainError {
  constructor(message: string, fields?: FieldErrors) {
    super(409, 'out_of_stock', message, fields);
  }
}

export class PayloadTooLarge extends DomainError {
  constructor() {
    super(413, 'payload_too_large', apiTexts.payloadTooLarge);
  }
}

export class UnsupportedMediaType extends DomainError {
  constructor() {
    super(415, 'unsupported_media_type', apiTexts.unsupportedMediaType);
  }
}

/**
 * The checkout ran out of its function's time (a crowd for one piece): answered 503 with `Retry-After`
 * before Lambda stops it (`services/checkout-deadline.ts`). Asking again with the same key is safe.
 */
export class CheckoutBusy extends DomainError {
  /** An expected refusal under a crowd, not a fault: logged at INFO although a 503 (`http/handler.ts`). */
  readonly quiet = true;

  constructor(readonly retryAfterSeconds: number) {
    super(503, 'checkout_busy', apiTexts.checkoutBusy(retryAfterSeconds));
  }
}

/** A client went over a route's limit (`limits` of its row): refused until its window ends. */
export class TooManyRequests extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'too_many_requests', apiTexts.tooManyRequests(retryAfterSeconds));
  }
}

/** A dependency (database, storage, mail) could not be reached; the request may be retried. */
export class Unavailable extends DomainError {
  constructor(message: string = apiTexts.unavailable, code = 'unavailable', options?: { cause?: unknown }) {
    super(503, code, message);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/**
 * A public write without a valid proof of work (docs/design.md §28): `challenge_required` (none sent),
 * `challenge_invalid` (wrong, forged or expired), `challenge_used` (sent before). Nothing was written.
 */
export class ChallengeRefused extends DomainError {
  constructor(code: 'challenge_required' | 'challenge_invalid' | 'challenge_used') {
    const message =
      code === 'challenge_required'
        ? botCheckTexts.challengeRequired
        : code === 'challenge_invalid'
          ? botCheckTexts.challengeInvalid
          : botCheckTexts.challengeUsed;
    super(400, code, message);
  }
}
