/**
 * The settings form's groups: who sells (the law's identification), payments (with the MB WAY
 * limits), notifications, orders and stock, and how long personal data is kept.
 */
import type { ReactNode } from 'react';
import type { FieldMessages } from '#web/lib/form.ts';
import { SETTING_LABELS, SETTINGS_LIMITS as L, type SettingPath } from '#shared/settings.ts';
import { TextField } from '#web/ui/field.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { NUMERIC, type Draft } from './settings-draft.ts';

const t = texts.settings;

interface FieldExtra {
  readonly hint?: string;
  readonly type?: string;
  readonly inputMode?: 'numeric' | 'decimal' | 'email' | 'tel';
  readonly min?: number;
  readonly max?: number;
  readonly maxLength?: number;
}

/** One setting's field: its label, value and message by its path. */
export type SettingField = (path: SettingPath, extra?: FieldExtra) => ReactNode;

/** The field of each setting of `draft`, with its message in `errors`; `onChange` gets the edited path's text. */
export function settingField(draft: Draft, errors: FieldMessages, onChange: (path: SettingPath, text: string) => void): SettingField {
  return (path, extra = {}) => (
    <TextField
      label={SETTING_LABELS[path]}
      name={path}
      value={draft[path]}
      error={errors[path]}
      hint={extra.hint}
      type={extra.type ?? (NUMERIC.includes(path) ? 'number' : 'text')}
      inputMode={extra.inputMode ?? (NUMERIC.includes(path) ? 'numeric' : undefined)}
      min={extra.min}
      max={extra.max}
      maxLength={extra.maxLength}
      autoComplete="off"
      onChange={(event) => onChange(path, event.target.value)}
    />
  );
}

/** One group of settings: a card with its legend and, if given, a hint. */
export function Group({ legend, hint, children }: { readonly legend: string; readonly hint?: string; readonly children: ReactNode }) {
  return (
    <fieldset className="card adm-settings-group">
      <legend>{legend}</legend>
      {hint && <p className="field-hint">{hint}</p>}
      {children}
    </fieldset>
  );
}

/** Who sells (the go-live checklist above the form says what is still missing). */
export function SellerGroup({ field }: { readonly field: SettingField }) {
  return (
    <Group legend={t.seller} hint={t.sellerHint}>
      <div className="adm-form-grid">
        {field('seller.legalName', { maxLength: L.sellerLine })}
        {field('seller.nif', { inputMode: 'numeric', maxLength: 20 })}
        {field('seller.address', { maxLength: L.sellerLine })}
        {field('seller.email', { inputMode: 'email', type: 'email', maxLength: 254 })}
        {field('seller.phone', { inputMode: 'tel', maxLength: 25 })}
        {field('seller.registration', { maxLength: L.sellerLine })}
        {field('seller.shareCapital', { maxLength: L.sellerLine })}
      </div>
    </Group>
  );
}

/**
 * How customers pay, and what the shop may send each MB WAY number in a month; `automatic` (the provider's methods); notifications; `holds`
 * (its own group); orders; retention.
 */
export function OtherGroups({
  field,
  automatic,
  holds,
}: {
  readonly field: SettingField;
  readonly automatic: ReactNode;
  readonly holds: ReactNode;
}) {
  return (
    <>
      <Group legend={t.payments} hint={t.paymentsHint}>
        <div className="adm-form-grid">
          {field('payments.mbwayPhone1', { inputMode: 'tel', maxLength: 25 })}
          {field('mbwayLimits.number1', { min: L.mbwayLimit.min, max: L.mbwayLimit.max })}
          {field('payments.mbwayPhone2', { inputMode: 'tel', maxLength: 25 })}
          {field('mbwayLimits.number2', { min: L.mbwayLimit.min, max: L.mbwayLimit.max, hint: t.mbwayLimitHint })}
          {field('payments.iban', { maxLength: 50 })}
          {field('payments.ibanHolder', { maxLength: L.holder })}
          {field('payments.paypal', { maxLength: L.handle })}
          {field('payments.revolut', { maxLength: L.handle })}
        </div>
      </Group>
      {automatic}
      <Group legend={t.notifications}>
        <div className="adm-form-grid">
          {field('ownerEmail', { type: 'email', inputMode: 'email', maxLength: 254, hint: t.ownerEmailHint })}
          {field('ownerMailsPerHour', { min: L.ownerMailsPerHour.min, max: L.ownerMailsPerHour.max, hint: t.ownerMailsPerHourHint })}
        </div>
      </Group>
      {holds}
      <Group legend={t.orders}>
        <div className="adm-form-grid">
          {field('lowStockThreshold', { min: L.lowStockThreshold.min, max: L.lowStockThreshold.max, hint: t.lowStockHint })}
          {field('alertsPerUnit', { min: L.alertsPerUnit.min, max: L.alertsPerUnit.max, hint: t.alertsPerUnitHint })}
          {field('orderCaps.lineQuantity', { min: L.lineQuantity.min, max: L.lineQuantity.max, hint: t.lineQuantityHint })}
          {field('orderCaps.lines', { min: L.lines.min, max: L.lines.max, hint: t.linesHint })}
        </div>
      </Group>
      <Group legend={t.retention} hint={t.retentionHint}>
        <div className="adm-form-grid">
          {field('retention.contactMessagesDays', { min: L.retentionDays.min, max: L.retentionDays.max })}
          {field('retention.stockAlertsDays', { min: L.retentionDays.min, max: L.retentionDays.max })}
          {field('retention.proofsDays', { min: L.retentionDays.min, max: L.retentionDays.max })}
        </div>
      </Group>
    </>
  );
}
