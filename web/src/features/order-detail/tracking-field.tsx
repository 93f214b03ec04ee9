/**
 * The order page's one tracking code, with its carrier: "CTT" (the default; a UPU S10 code such as
 * RR123456785PT, whose check digit the server checks) or "Outra transportadora". The "Marcar como
 * enviada" step types it; once the order is shipped, the shipped e-mail reuses it (starting from the
 * code the order was last mailed with). The page shows the field in one place at a time.
 */
import { useState } from 'react';
import type { Order } from '#shared/api.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { DEFAULT_CARRIER, TRACKING_CARRIERS, type TrackingCarrier } from '#shared/tracking.ts';
import { TextField } from '#web/ui/field.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.order;

export interface Tracking {
  readonly code: string;
  readonly carrier: TrackingCarrier;
  /** The field's message: the browser's check or the server's. */
  readonly error: string | undefined;
  setCode(code: string): void;
  setCarrier(carrier: TrackingCarrier): void;
  setError(error: string | undefined): void;
  /** The body's `trackingCode` and `carrier`, or nothing while the code is blank. */
  body(): { trackingCode?: string; carrier?: TrackingCarrier };
}

/** The code and carrier of the order's latest shipped e-mail, if any. */
function lastShipped(order: Order): { code: string; carrier: TrackingCarrier } {
  const shipped = [...order.emails]
    .sort((a, b) => b.at.localeCompare(a.at))
    .find((email) => email.kind === 'shipped' && email.trackingCode);
  return { code: shipped?.trackingCode ?? '', carrier: shipped?.carrier ?? DEFAULT_CARRIER };
}

/** The page's tracking code, kept while the order changes around it (a step, a reload). */
export function useTracking(order: Order): Tracking {
  const [start] = useState(() => lastShipped(order));
  const [code, setCode] = useState(start.code);
  const [carrier, setCarrier] = useState(start.carrier);
  const [error, setError] = useState<string>();
  return {
    code,
    carrier,
    error,
    setCode: (next) => {
      setCode(next);
      setError(undefined);
    },
    setCarrier: (next) => {
      setCarrier(next);
      setError(undefined);
    },
    setError,
    body: () => (code.trim() ? { trackingCode: code, carrier } : {}),
  };
}

/** The carrier's choice and the code, with the carrier's example and the field's message. */
export function TrackingField({ tracking, name, hint }: { readonly tracking: Tracking; readonly name: string; readonly hint?: string }) {
  return (
    <div className="adm-tracking">
      <fieldset className="adm-choices adm-choices-row">
        <legend>{t.carrier}</legend>
        {TRACKING_CARRIERS.map((carrier) => (
          <label key={carrier} className="adm-check">
            <input
              type="radio"
              name={`${name}-carrier`}
              value={carrier}
              checked={tracking.carrier === carrier}
              onChange={() => tracking.setCarrier(carrier)}
            />
            <span>{t.carriers[carrier]}</span>
          </label>
        ))}
      </fieldset>
      <TextField
        label={t.trackingCode}
        name={name}
        value={tracking.code}
        maxLength={TEXT_LIMITS.trackingCode}
        placeholder={t.trackingPlaceholders[tracking.carrier]}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint={hint ?? t.trackingHints[tracking.carrier]}
        error={tracking.error}
        onChange={(e) => tracking.setCode(e.target.value)}
      />
    </div>
  );
}
