/** The settings of what a customer may hold unpaid (docs/design.md §27): the time per payment method and the caps. */
import { SETTINGS_LIMITS as L } from '#shared/settings.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { Group, type SettingField } from './settings-fields.tsx';

const t = texts.settings;

export function HoldsGroup({ field }: { readonly field: SettingField }) {
  const minutes = { min: L.holdMinutes.min, max: L.holdMinutes.max, hint: t.holdMinutesHint };
  return (
    <Group legend={t.holds} hint={t.holdsHint}>
      <div className="adm-form-grid">
        {field('holdMinutes.mbway', minutes)}
        {field('holdMinutes.transferencia', minutes)}
        {field('holdMinutes.paypal', minutes)}
        {field('holdMinutes.revolut', minutes)}
        {field('holdCaps.orders', { min: L.holdOrders.min, max: L.holdOrders.max })}
        {field('holdCaps.units', { min: L.holdUnits.min, max: L.holdUnits.max })}
      </div>
    </Group>
  );
}
