/**
 * A success message is where the eye is: when it appears (e.g. "Mensagem enviada com sucesso!" after
 * the contact form), it takes the focus and is scrolled into view, so a customer on a phone, whose
 * form was just emptied, sees it and a screen reader reads it.
 */
import { useEffect, useRef } from 'react';

/** For the message's element (`ref`, with `tabIndex={-1}`): focused and shown each time `shown` turns true. */
export function useFocusWhenShown<E extends HTMLElement>(shown: boolean) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'center' });
  }, [shown]);
  return ref;
}
