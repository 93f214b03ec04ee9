/**
 * The settings form as typed: every field as text, by its path in the record (`seller.nif`,
 * `retention.proofsDays`…; a switch as 'true' or 'false'; an amount in euros, '2,50'), and back into the record the schema checks.
 */
import { formatCents, parseEuroInput } from '#shared/money.ts';
import {
  DEFAULT_SETTINGS,
  MONEY_SETTINGS,
  SETTING_LABELS,
  settingValue,
  SWITCH_SETTINGS,
  type SettingPath,
  type ShopSettings,
} from '#shared/settings.ts';

/** The form as typed: every field as text, by its path in the record (a switch: 'true' or 'false'). */
export type Draft = Record<SettingPath, string>;

/** Every setting's path, in the order of `SETTING_LABELS` (the first with a message gets the focus). */
export const PATHS = Object.keys(SETTING_LABELS) as SettingPath[];

/** The settings that are whole numbers (typed in number fields). */
export const NUMERIC: readonly SettingPath[] = PATHS.filter(
  (path) => typeof settingValue(DEFAULT_SETTINGS, path) === 'number' && !MONEY_SETTINGS.includes(path),
);

/** An amount in cents as the owner types it: '2,50'. */
const eurosText = (cents: number) => formatCents(cents).replace(/\s*€$/, '');

export function draftOf(settings: ShopSettings): Draft {
  return Object.fromEntries(
    PATHS.map((path) => {
      const value = settingValue(settings, path);
      return [path, MONEY_SETTINGS.includes(path) ? eurosText(value as number) : String(value)];
    }),
  ) as Draft;
}

/** An amount typed in euros: its cents, or the text as typed (the schema refuses it with its message). */
function centsOf(text: string): number | string {
  const parsed = parseEuroInput(text);
  return parsed.ok ? parsed.cents : text;
}

/** The draft as the record the schema checks (numbers as typed, so that "abc" is refused, not zero). */
export function recordOf(draft: Draft): unknown {
  const record: Record<string, unknown> = {};
  for (const path of PATHS) {
    const text = draft[path];
    const value = SWITCH_SETTINGS.includes(path)
      ? text === 'true'
      : MONEY_SETTINGS.includes(path)
        ? centsOf(text)
        : NUMERIC.includes(path)
          ? text.trim() === ''
            ? undefined
            : Number(text)
          : text;
    const [group, key] = path.split('.') as [string, string | undefined];
    if (key === undefined) record[group] = value;
    else record[group] = { ...(record[group] as object | undefined), [key]: value };
  }
  return record;
}
