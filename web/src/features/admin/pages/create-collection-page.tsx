/**
 * {prefix}/create-collection: a name (required, unique regardless of case) and 'Criar'.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '#web/lib/router.tsx';
import { adminTexts, apiTexts } from '#shared/messages.ts';
import { collectionInputSchema, fieldErrors } from '#shared/schemas/index.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { ApiError } from '#web/lib/api.ts';
import { adminPaths } from '../admin-paths.ts';
import { failureMessage } from '../api/admin-api.ts';
import { useAdminApi } from '../auth/session.tsx';
import { TextField } from '#web/ui/field.tsx';
import { AdminPage, type FlashState } from '../components/ui.tsx';
import { texts } from '../texts.ts';

const t = texts.createCollection;

export function CreateCollectionPage() {
  const api = useAdminApi();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const [error, setErrorText] = useState<string>();
  /** Shows the message under the field and moves there, so that it is read out. */
  const setError = (message: string | undefined) => {
    setErrorText(message);
    if (message) input.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = collectionInputSchema.safeParse({ name });
    if (!parsed.success) return setError(fieldErrors(parsed.error).name ?? apiTexts.invalidInput);
    setSaving(true);
    setError(undefined);
    try {
      await api.createCollection(parsed.data.name);
      navigate(adminPaths.collections, { state: { flash: adminTexts.collectionCreated } satisfies FlashState });
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 409
          ? apiTexts.collectionExists
          : failure instanceof ApiError && failure.fields?.name
            ? failure.fields.name
            : failureMessage(adminTexts.collectionCreateFailed, failure),
      );
      setSaving(false);
    }
  };

  return (
    <AdminPage title={t.title} back={{ to: adminPaths.collections, label: t.backToList }}>
      <form className="adm-form adm-form-narrow" onSubmit={submit} noValidate>
        <TextField
          label={`${t.name} *`}
          ref={input}
          error={error}
          name="name"
          value={name}
          maxLength={TEXT_LIMITS.collectionName}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <div className="adm-form-actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? t.submitting : t.submit}
          </button>
        </div>
      </form>
    </AdminPage>
  );
}
