/**
 * The product form, one for a new piece and an edit. Creating sets the initial stock; editing changes
 * everything but stock and is saved only over the version it loaded: when someone changed the product
 * meanwhile, nothing is saved and the owner can reload the current values. Photos are uploaded and
 * processed before saving. Saving shows the success or the Portuguese error with each field's message;
 * it never fails silently.
 */
import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Link, useNavigate } from '#web/lib/router.tsx';
import type { AdminProduct, Collection } from '#shared/product.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminTexts, apiTexts } from '#shared/messages/index.ts';
import { hasSizes } from '#shared/variants.ts';
import { FORM_ERROR_KEY, type ProductInput, type ProductUpdateInput } from '#shared/schemas/index.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { paths } from '#shared/paths.ts';
import { serverFieldErrors } from '#web/lib/form.ts';
import { TextAreaField } from '#web/ui/field.tsx';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { failureMessage, isChangedMeanwhile } from '#web/lib/admin/admin-api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { ActionFeedback } from '#web/ui/admin/action-panel.tsx';
import { useAction, type Action, type Notice } from '#web/lib/use-submit.ts';
import type { FormDraft } from '#web/lib/admin/form-draft.ts';
import { PhotosField } from './photos-field.tsx';
import { VariantsField } from './variants-field.tsx';
import { Feedback, useFlash, type FlashState } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { IdentityFields, PriceFields } from './product-fields.tsx';
import { mergeNotice } from './product-merge.ts';
import { copyValues, readProductForm, readProductUpdate, valuesOf, type Errors } from './product-values.ts';
import { useProductValues, type ProductValues } from './use-product-values.ts';

const t = texts.productForm;

type Work = 'save' | 'reload';

export function ProductForm(props: {
  readonly product?: AdminProduct;
  readonly collections: readonly Collection[];
  readonly onProduct?: (product: AdminProduct) => void;
  /** A new product started from this one ("Duplicar"). */
  readonly copyOf?: AdminProduct;
}) {
  const { product, collections, onProduct, copyOf } = props;
  const flash = useFlash();
  const formRef = useRef<HTMLFormElement>(null);
  const reloadRef = useRef<HTMLButtonElement>(null);
  const [saved, setSaved] = useState(product);
  const [initial] = useState(() => (copyOf ? copyValues(copyOf) : valuesOf(product)));
  const form = useProductValues(saved, initial, saved ? `product:${saved.id}` : copyOf ? `product:copy:${copyOf.id}` : 'product:new');
  const action = useAction<Work>(flash ? { kind: 'success', lines: [flash] } : undefined);
  const [uploads, setUploads] = useState(0);
  /** The product as saved now becomes what the form is saved over. */
  const showFresh = (current: AdminProduct) => {
    setSaved(current);
    onProduct?.(current);
  };
  const showSaved = (current: AdminProduct) => {
    form.reset(current);
    showFresh(current);
  };
  const { submit, reloadCurrent } = useProductSave({ saved, form, action, busy: uploads > 0, showSaved, showFresh, formRef, reloadRef });

  return (
    <form ref={formRef} className="adm-form" onSubmit={submit} noValidate>
      <DraftNotice draft={form.draft} />
      <SaveFeedback notice={action.notice} errors={form.errors} editing={saved !== undefined}>
        <button
          ref={reloadRef}
          type="button"
          className="button button--small"
          onClick={reloadCurrent}
          disabled={action.running === 'reload'}
        >
          {action.running === 'reload' ? t.reloading : t.reload}
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
        <button type="submit" className="button" disabled={action.busy || uploads > 0}>
          {action.running === 'save' ? t.saving : saved ? t.save : t.create}
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

/** Saving (a new piece goes to its edit page; an edit stays) and reloading the current values after a refusal. */
function useProductSave(options: {
  readonly saved: AdminProduct | undefined;
  readonly form: ProductValues;
  readonly action: Action<Work>;
  /** Photos are still uploading: nothing is saved. */
  readonly busy: boolean;
  readonly showSaved: (current: AdminProduct) => void;
  readonly showFresh: (current: AdminProduct) => void;
  readonly formRef: RefObject<HTMLFormElement | null>;
  readonly reloadRef: RefObject<HTMLButtonElement | null>;
}) {
  const { saved, form, action, busy, showSaved, showFresh, formRef, reloadRef } = options;
  const api = useAdminApi();
  const navigate = useNavigate();
  /** The fields' messages; the focus moves to the first field with one, so that it is seen and heard. */
  const showErrors = (fields: Errors) => {
    form.setErrors(fields);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const save = async (input: ProductInput | ProductUpdateInput): Promise<string | undefined> => {
    if (!saved) {
      const { product: created } = await api.createProduct(input as ProductInput);
      form.draft.clear();
      navigate(adminPaths.editProduct(created.id), { replace: true, state: { flash: adminTexts.productSaved } satisfies FlashState });
      return undefined;
    }
    const { product: updated } = await api.updateProduct(saved.id, input as ProductUpdateInput);
    showSaved(updated);
    return adminTexts.productSaved;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (action.busy || busy) return;
    const read = saved ? readProductUpdate(form.values, saved.version, hasSizes(saved)) : readProductForm(form.values);
    if (!read.input) {
      showErrors(read.errors);
      return action.show(apiTexts.invalidInput);
    }
    form.setErrors({});
    const input = read.input;
    void action.run(
      () => save(input),
      (failure) => {
        if (isChangedMeanwhile(failure, 'product_changed')) {
          // Someone saved this product since it was loaded: nothing was saved; the typed values stay on
          // screen until the owner chooses to reload the current ones. The focus goes to that "reload"
          // (the save button is far below the message).
          requestAnimationFrame(() => reloadRef.current?.focus());
          return { kind: 'error', lines: [failure.message], reload: true };
        }
        showErrors((serverFieldErrors(failure) ?? {}) as Errors);
        return failureMessage(adminTexts.productSaveFailed, failure);
      },
      { key: 'save' },
    );
  };

  // What the owner typed stays where the other save changed nothing; the collisions are named.
  const reloadCurrent = () => {
    if (!saved) return;
    void action.run(
      async () => {
        const { product: current } = await api.product(saved.id);
        const merged = form.merge(current);
        showFresh(current);
        return { kind: 'info', lines: mergeNotice(merged) };
      },
      (failure) => ({ kind: 'error', lines: [failureMessage(adminTexts.productSaveFailed, failure)], reload: true }),
      { key: 'reload', keepNotice: true },
    );
  };
  return { submit, reloadCurrent };
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
