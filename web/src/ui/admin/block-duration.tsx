/** The owner's choice of how long a suspicious order's buyer stays blocked (24 h / 7 dias / 30 dias). */
import { BLOCK_DURATION_IDS, type BlockDuration } from '#shared/abuse.ts';
import { SelectField } from '#web/ui/field.tsx';
import { abuseUiTexts } from '#web/lib/admin/abuse-texts.ts';

/** The default: a week (long enough to stop a bot's renewals, short enough for a mistaken real customer). */
export const DEFAULT_BLOCK: BlockDuration = '7d';

export function BlockDurationField({
  value,
  onChange,
  disabled,
}: {
  readonly value: BlockDuration;
  readonly onChange: (value: BlockDuration) => void;
  readonly disabled?: boolean;
}) {
  return (
    <SelectField
      label={abuseUiTexts.blockFor}
      name="blockFor"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as BlockDuration)}
    >
      {BLOCK_DURATION_IDS.map((id) => (
        <option key={id} value={id}>
          {abuseUiTexts.durations[id]}
        </option>
      ))}
    </SelectField>
  );
}
