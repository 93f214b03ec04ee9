/**
 * The owner's acknowledgement that the shop opens while Amazon SES is in its sandbox (docs/design.md
 * §33): a switch whose label is the consequence, word for word (`MAIL_SANDBOX_CONSEQUENCE`): customers
 * get no mail. It stands for the go-live checklist's SES item only while SES has not granted production access.
 */
import { SETTING_LABELS, type SettingPath } from '#shared/settings.ts';
import { ChoiceGroup } from '#web/ui/field.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { Group } from './settings-fields.tsx';
import type { Draft } from './settings-draft.ts';

const t = texts.settings;
const PATH: SettingPath = 'mailSandboxAcknowledged';

export function MailSandboxGroup(props: {
  readonly draft: Draft;
  readonly error?: string;
  readonly onChange: (path: SettingPath, text: string) => void;
}) {
  const { draft, error, onChange } = props;
  return (
    <Group legend={t.mailSandbox} hint={t.mailSandboxHint}>
      <ChoiceGroup legend={t.mailSandboxChoice} error={error}>
        <label className="adm-check adm-switch">
          <input
            type="checkbox"
            name={PATH}
            checked={draft[PATH] === 'true'}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange(PATH, String(event.target.checked))}
          />{' '}
          {SETTING_LABELS[PATH]}
        </label>
      </ChoiceGroup>
    </Group>
  );
}
