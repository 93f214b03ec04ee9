/**
 * {prefix}/create-collection: a name (required, unique regardless of case) and 'Criar'. Every refusal
 * is said under the name, where the focus goes.
 */
import { useState } from 'react';
import { useNavigate } from '#web/lib/router.tsx';
import { adminTexts, apiTexts } from '#shared/messages/index.ts';
import { collectionInputSchema } from '#shared/schemas/index.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { ApiError } from '#web/lib/api.ts';
import { useFormSubmit } from '#web/lib/use-submit.ts';
import { TextField } from '#web/ui/field.tsx';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { failureMessage } from '#web/lib/admin/admin-api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { AdminPage, type FlashState } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.createCollection;

/** Why the server refused the name: taken already, its own message for the name, or the failure. */
function nameRefusal(failure: unknown): { readonly name: string } {
  if (failure instanceof ApiError && failure.status === 409) return { name: apiTexts.collectionExists };
  if (failure instanceof ApiError && failure.fields?.name) return { name: failure.fields.name };
  return { name: failureMessage(adminTexts.collectionCreateFailed, failure) };
}

export function CreateCollectionPage() {
  const api = useAdminApi();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const form = useFormSubmit({
    schema: collectionInputSchema,
    fieldOrder: ['name'],
    values: { name },
    send: (data) => api.createCollection(data.name),
    onSent: () => navigate(adminPaths.collections, { state: { flash: adminTexts.collectionCreated } satisfies FlashState }),
    serverFields: nameRefusal,
    refusedFieldsAlert: () => undefined,
  });

  return (
    <AdminPage title={t.title} back={{ to: adminPaths.collections, label: t.backToList }}>
      <form ref={form.formRef} className="adm-form adm-form-narrow" onSubmit={form.onSubmit} noValidate>
        <TextField
          label={`${t.name} *`}
          error={form.errors.name}
          name="name"
          value={name}
          maxLength={TEXT_LIMITS.collectionName}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <div className="adm-form-actions">
          <button type="submit" className="button" disabled={form.sending}>
            {form.sending ? t.submitting : t.submit}
          </button>
        </div>
      </form>
    </AdminPage>
  );
}
