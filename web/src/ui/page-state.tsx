import { commonTexts } from '#shared/messages/index.ts';

/** The loading line of a page or section. */
export function Loading({ label = commonTexts.loading }: { label?: string }) {
  return (
    <p role="status" className="loading muted">
      {label}
    </p>
  );
}

/** A failure with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="empty-state">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Tentar novamente
        </button>
      )}
    </div>
  );
}
