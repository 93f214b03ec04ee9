/**
 * "Oferta" in "Definições" (docs/gifts.md): whether the checkout offers a gift wrap, and its price in
 * euros (0 = free). A gift message needs no setting: every customer may write one.
 */
import { giftTexts } from '#shared/messages/index.ts';
import { SETTING_LABELS, type SettingPath } from '#shared/settings.ts';
import type { FieldMessages } from '#web/lib/form.ts';
import { ChoiceGroup } from '#web/ui/field.tsx';
import { Group, type SettingField } from './settings-fields.tsx';
import type { Draft } from './settings-draft.ts';

const SWITCH: SettingPath = 'giftWrap.offered';

export function GiftGroup(props: {
  readonly draft: Draft;
  readonly errors: FieldMessages;
  readonly field: SettingField;
  readonly onChange: (path: SettingPath, text: string) => void;
}) {
  const { draft, errors, field, onChange } = props;
  return (
    <Group legend={giftTexts.settingsGroup} hint={giftTexts.settingsHint}>
      <ChoiceGroup legend={giftTexts.wrapLine} error={errors[SWITCH]}>
        <label className="adm-check adm-switch">
          <input
            type="checkbox"
            name={SWITCH}
            checked={draft[SWITCH] === 'true'}
            aria-invalid={errors[SWITCH] ? true : undefined}
            onChange={(event) => onChange(SWITCH, String(event.target.checked))}
          />{' '}
          {SETTING_LABELS[SWITCH]}
        </label>
      </ChoiceGroup>
      <div className="adm-form-grid">
        {field('giftWrap.priceCents', { inputMode: 'decimal', maxLength: 12, hint: giftTexts.wrapPriceHint })}
      </div>
    </Group>
  );
}
