import { useCallback, useEffect, useRef, useState } from 'react';
import { POPUP_MS } from '#shared/ui.ts';

export interface PopupMessage {
  readonly tone: 'success' | 'error';
  readonly text: string;
}

/**
 * A message that shows for `POPUP_MS` (3 s), then goes. Showing another message restarts the
 * time. Use with `<Popups>`.
 */
export function usePopup(): [PopupMessage | null, (message: PopupMessage) => void] {
  const [message, setMessage] = useState<PopupMessage | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback((next: PopupMessage) => {
    window.clearTimeout(timer.current);
    setMessage(next);
    timer.current = window.setTimeout(() => setMessage(null), POPUP_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return [message, show];
}

/**
 * The popups' live regions. Both are always in the page, so that screen readers announce the text
 * when it appears: success politely, errors at once.
 */
export function Popups({ message }: { message: PopupMessage | null }) {
  return (
    <div className="popup-region">
      <div role="status" aria-live="polite" aria-atomic="true">
        {message?.tone === 'success' && (
          <p className="popup popup--success" data-popup="success">
            {message.text}
          </p>
        )}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {message?.tone === 'error' && (
          <p className="popup popup--error" data-popup="error">
            {message.text}
          </p>
        )}
      </div>
    </div>
  );
}
