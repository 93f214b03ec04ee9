/**
 * The proof of work of the public forms (docs/design.md §28): its cost, the largest number a browser
 * may have to try (docs/settings.md and docs/benchmarks.md give what it costs a phone and a bot).
 */
import { DEFAULT_CHALLENGE_MAX_NUMBER, SETTINGS_LIMITS as L } from '#shared/settings.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { Group, type SettingField } from './settings-fields.tsx';

const t = texts.settings;

export function BotCheckGroup({ field }: { readonly field: SettingField }) {
  return (
    <Group legend={t.botCheck} hint={t.botCheckHint}>
      {field('challengeMaxNumber', {
        min: L.challengeMaxNumber.min,
        max: L.challengeMaxNumber.max,
        hint: t.challengeMaxNumberHint(DEFAULT_CHALLENGE_MAX_NUMBER),
      })}
    </Group>
  );
}
