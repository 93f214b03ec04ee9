/**
 * The one map from a thrown value to an HTTP answer: domain errors keep their status and Portuguese
 * message; anything else becomes a generic 500 whose cause is logged, never sent.
 */
import type { ApiErrorBody } from '#shared/api.ts';
import { apiTexts } from '#shared/messages/index.ts';
import { ChangedMeanwhile, DomainError, TooManyRequests } from '../errors.ts';

export function toErrorResponse(error: unknown): { status: number; body: ApiErrorBody; headers?: Record<string, string> } {
  if (error instanceof DomainError) {
    const body: ApiErrorBody = {
      error: {
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error instanceof ChangedMeanwhile ? { current: error.current } : {}),
      },
    };
    if (error instanceof TooManyRequests) return { status: error.status, body, headers: { 'retry-after': String(error.retryAfterSeconds) } };
    return { status: error.status, body };
  }
  return { status: 500, body: { error: { code: 'internal', message: apiTexts.internal } } };
}
