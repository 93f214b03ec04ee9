import { useEffect, useState } from 'react';

/** How long "Copiado" stays after a copy. */
const CONFIRMATION_MS = 2000;

/** Copies text with the Clipboard API, or with a hidden text area where that API is missing (plain http). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } finally {
      area.remove();
    }
  }
}

/**
 * A "Copiar" button for one payment detail (IBAN, MB WAY number, handle, amount, reference): copies
 * `value` and says "Copiado" for two seconds, also to screen readers.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <span className="copy">
      <button
        type="button"
        className="button button--quiet button--small copy__button"
        aria-label={`Copiar ${label}`}
        onClick={() => void copyText(value).then((ok) => setState(ok ? 'copied' : 'failed'))}
      >
        Copiar
      </button>
      <span className="copy__status" role="status">
        {state === 'copied' ? 'Copiado' : state === 'failed' ? 'Não foi possível copiar: seleciona e copia à mão.' : ''}
      </span>
    </span>
  );
}
