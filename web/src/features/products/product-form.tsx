/**
 * The product form, one for a new piece and an edit. Creating sets the initial stock; editing changes
 * everything but stock and is saved only over the version it loaded: when someone changed the product
 * meanwhile, nothing is saved and the owner can reload the current values. Photos are uploaded and
 * processed before saving. Saving shows the success or the Portuguese error with each field's message;
 * it never fails silently.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from '#web/lib/router.tsx';
import type { AdminProduct, Collection } from '#shared/product.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminTexts } from '#shared/messages/index.ts';
import { FORM_ERROR_KEY, type ProductInput, type ProductUpdateInput } from '#shared/schemas/index.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { paths } from '#shared/paths.ts';
import { TextAreaField } from '#web/ui/field.tsx';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { failureMessage, isChangedMeanwhile } from '#web/lib/admin/admin-api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { ActionFeedback } from '#web/ui/admin/action-panel.tsx';
import { outcomeNotice, useAction, type Notice } from '#web/lib/use-submit.ts';
import type { FormDraft } from '#web/lib/admin/form-draft.ts';
import { PhotosField } from './photos-field.tsx';
import { VariantsField } from './variants-field.tsx';
import { Feedback, useFlash, type FlashState } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { IdentityFields, PriceFields } from './product-fields.tsx';
import { mergeNotice } from './product-merge.ts';
import { copyValues, valuesOf, type Errors, type FormValues } from './product-values.ts';
import { useProductValues, type ProductValues } from './use-product-values.ts';

const t = texts.productForm;

export function ProductForm(props: {
  readonly product?: AdminProduct;
  readonly collections: readonly Collection[];
  readonly onProduct?: (product: AdminProduct) => void;
  /** A new product started from this one ("Duplicar"). */
  readonly copyOf?: AdminProduct;
}) {
  const { product, collections, onProduct, copyOf } = props;
  const [saved, setSaved] = useState(product);
  const [initial] = useState(() => (copyOf ? copyValues(copyOf) : valuesOf(product)));
  const [uploads, setUploads] = useState(0);
  const { form, notice, reloadRef, reloadCurrent, reloading, onSubmit } = useProductSave(saved, initial, copyOf, uploads > 0, (current) => {
    setSaved(current);
    onProduct?.(current);
  });
  const { submit } = form;

  return (
    <form ref={submit.formRef} className="adm-form" onSubmit={onSubmit} noValidate>
      <DraftNotice draft={form.draft} />
      <SaveFeedback notice={notice} errors={form.errors} editing={saved !== undefined}>
        <button ref={reloadRef} type="button" className="button button--small" onClick={reloadCurrent} disabled={reloading}>
          {reloading ? t.reloading : t.reload}
        </button>
      </SaveFeedback>
      <div className="adm-form-grid">
        <IdentityFields form={form} collections={collections} />
        <PriceFields form={form} isNew={!saved} />
        <TextAreaField
          label={t.description}
          error={form.errors.description}
          className="adm-span-2"
          name="description"
          rows={5}
          value={form.values.description}
          maxLength={TEXT_LIMITS.description}
          onChange={(e) => form.setText('description')(e.target.value)}
        />
        <div className="adm-span-2">
          <VariantsField rows={form.values.variants} withStock={!saved} error={form.errors.variants} onChange={form.setVariants} />
        </div>
        <div className="adm-span-2">
          <PhotosField
            value={form.values.photos}
            productName={form.values.name.trim()}
            error={form.errors.photos}
            onChange={form.setPhotos}
            onBusyChange={(busy) => setUploads((n) => Math.max(0, n + (busy ? 1 : -1)))}
          />
        </div>
      </div>
      <div className="adm-form-actions">
        <button type="submit" className="button" disabled={submit.sending || reloading || uploads > 0}>
          {submit.sending ? t.saving : saved ? t.save : t.create}
        </button>
        {saved && (
          <Link to={paths.product(saved.slug)} target="_blank" rel="noopener">
            {t.viewInShop}
          </Link>
        )}
      </div>
    </form>
  );
}

/**
 * Saving through the form's submit (a new piece goes to its edit page; an edit stays), and "reload"
 * after a refusal over a product changed meanwhile: one click (`useAction`), the typed values merged
 * with the current ones. `uploading`: photos are still uploading, nothing is saved. `onFresh` gets the
 * product as saved now, which the form is then saved over. What the panel says: the last save's or
 * reload's notice (the flash the previous screen passed along until then).
 */
function useProductSave(
  saved: AdminProduct | undefined,
  initial: FormValues,
  copyOf: AdminProduct | undefined,
  uploading: boolean,
  onFresh: (current: AdminProduct) => void,
) {
  const api = useAdminApi();
  const navigate = useNavigate();
  const flash = useFlash();
  const reloadRef = useRef<HTMLButtonElement>(null);
  const reload = useAction<'reload'>(flash ? { kind: 'success', lines: [flash] } : undefined);
  const draftKey = saved ? `product:${saved.id}` : copyOf ? `product:copy:${copyOf.id}` : 'product:new';
  const form: ProductValues<string | undefined> = useProductValues(saved, initial, draftKey, {
    send: async (input) => {
      if (!saved) {
        const { product: created } = await api.createProduct(input as ProductInput);
        form.draft.clear();
        navigate(adminPaths.editProduct(created.id), { replace: true, state: { flash: adminTexts.productSaved } satisfies FlashState });
        return undefined;
      }
      const { product: updated } = await api.updateProduct(saved.id, input as ProductUpdateInput);
      form.reset(updated);
      onFresh(updated);
      return adminTexts.productSaved;
    },
    // Someone saved this product since it was loaded: nothing was saved; the typed values stay on screen
    // until the owner chooses to reload the current ones. The focus goes to that "reload" (the save
    // button is far below the message).
    onFailed: (failure) => {
      if (isChangedMeanwhile(failure, 'product_changed')) requestAnimationFrame(() => reloadRef.current?.focus());
    },
    // A refusal naming fields says them beside each, and the server's words (or "Não foi possível guardar…") above.
    refusedFieldsAlert: (_fields, failure) => failureMessage(adminTexts.productSaveFailed, failure),
    failedMessage: (failure) =>
      isChangedMeanwhile(failure, 'product_changed') ? failure.message : failureMessage(adminTexts.productSaveFailed, failure),
  });
  const { outcome } = form.submit;
  const changedMeanwhile = outcome.kind === 'failed' && isChangedMeanwhile(outcome.error, 'product_changed');
  const saidBySave = outcomeNotice(outcome, (said) => said);
  const notice = saidBySave && changedMeanwhile ? { ...saidBySave, reload: true as const } : (saidBySave ?? reload.notice);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (uploading || reload.busy) return event.preventDefault();
    reload.show(undefined);
    return form.submit.onSubmit(event);
  };
  // What the owner typed stays where the other save changed nothing; the collisions are named.
  const reloadCurrent = () => {
    if (!saved) return;
    void reload.run(
      async () => {
        const { product: current } = await api.product(saved.id);
        const merged = form.merge(current);
        form.submit.reset();
        onFresh(current);
        return { kind: 'info', lines: mergeNotice(merged) };
      },
      (failure) => {
        form.submit.reset();
        return { kind: 'error', lines: [failureMessage(adminTexts.productSaveFailed, failure)], reload: true };
      },
      { key: 'reload', keepNotice: true },
    );
  };
  return { form, notice, reloadRef, reloadCurrent, reloading: reload.busy, onSubmit };
}

/** The values typed before, given back from this browser, and the way to drop them. */
function DraftNotice({ draft }: { readonly draft: FormDraft }) {
  if (!draft.restoredAt) return null;
  return (
    <Feedback kind="info">
      <p>{t.draftRestored(formatDateTime(draft.restoredAt))}</p>
      <button type="button" className="button button--small button--secondary" onClick={draft.discard}>
        {t.draftDiscard}
      </button>
    </Feedback>
  );
}

/**
 * What the last save (or reload) said, with the messages about the whole form or about what has no
 * field on screen (the version, stock when editing), and `children` (the "reload") when it offers it.
 */
function SaveFeedback(props: {
  readonly notice: Notice | undefined;
  readonly errors: Errors;
  readonly editing: boolean;
  readonly children: ReactNode;
}) {
  const { notice, errors, editing, children } = props;
  const more = [errors[FORM_ERROR_KEY], errors.version, editing ? errors.stock : undefined].filter((line): line is string => Boolean(line));
  return (
    <ActionFeedback notice={notice}>
      {more.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {notice?.reload && children}
    </ActionFeedback>
  );
}
