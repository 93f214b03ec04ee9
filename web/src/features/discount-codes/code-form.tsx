/**
 * The form of one discount code (new or edited; docs/discount-codes.md): the server's schema checks it
 * here first (`discountCodeInputSchema`), euros typed as people write them, dates in Lisbon time.
 */
import { useState } from 'react';
import { DISCOUNT_CODE_TYPES, type DiscountCodeType, type DiscountCodeView } from '#shared/discount-codes.ts';
import { discountCodeAdminTexts as t } from '#shared/messages/index.ts';
import { parseEuroInput } from '#shared/money.ts';
import { PRODUCT_TYPE_INFO, PRODUCT_TYPES } from '#shared/product-types.ts';
import type { ProductType } from '#shared/product.ts';
import { discountCodeInputSchema, type DiscountCodeInput } from '#shared/schemas/discount-code.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { useFormSubmit, type Notice } from '#web/lib/use-submit.ts';
import { ChoiceGroup, SelectField, TextAreaField, TextField } from '#web/ui/field.tsx';
import { Feedback } from '#web/ui/admin/admin-ui.tsx';
import type { FieldMessages } from '#web/lib/form.ts';

/** The form as typed: every amount as text. */
interface Draft {
  code: string;
  type: DiscountCodeType;
  percent: string;
  amount: string;
  minOrder: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  appliesToDiscounted: boolean;
  collections: string[];
  types: ProductType[];
  active: boolean;
  note: string;
}

const FIELD_ORDER = [
  'code',
  'type',
  'percent',
  'amountCents',
  'minOrderCents',
  'startsAt',
  'endsAt',
  'maxUses',
  'maxUsesPerCustomer',
  'collections',
  'types',
  'note',
] as const;

const euros = (cents: number | undefined) => (cents === undefined ? '' : (cents / 100).toFixed(2).replace('.', ','));

function draftOf(code: DiscountCodeView | undefined): Draft {
  return {
    code: code?.code ?? '',
    type: code?.type ?? 'percent',
    percent: code?.percent === undefined ? '' : String(code.percent),
    amount: euros(code?.amountCents),
    minOrder: euros(code?.minOrderCents),
    startsAt: code?.startsAt ?? '',
    endsAt: code?.endsAt ?? '',
    maxUses: code?.maxUses === undefined ? '' : String(code.maxUses),
    maxUsesPerCustomer: code?.maxUsesPerCustomer === undefined ? '' : String(code.maxUsesPerCustomer),
    appliesToDiscounted: code?.appliesToDiscounted ?? false,
    collections: [...(code?.collections ?? [])],
    types: [...(code?.types ?? [])],
    active: code?.active ?? true,
    note: code?.note ?? '',
  };
}

/** A stored code as the body of its edit (pausing sends it with `active` switched). */
export function inputOf(code: DiscountCodeView): DiscountCodeInput {
  const { uses: _uses, createdAt: _created, updatedAt: _updated, ...input } = code;
  return { ...input, collections: [...(code.collections ?? [])], types: [...(code.types ?? [])] };
}

/** A typed amount in cents; what is not an amount stays text, so the schema refuses it with its message. */
const centsOf = (text: string): number | string | undefined => {
  if (text.trim() === '') return undefined;
  const parsed = parseEuroInput(text);
  return parsed.ok ? parsed.cents : text;
};
const wholeOf = (text: string): number | string | undefined =>
  text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) ? Number(text.trim()) : text;

/** What the schema checks: the draft with its amounts in cents. */
function valuesOf(d: Draft): unknown {
  return {
    code: d.code,
    type: d.type,
    ...(d.type === 'percent' ? { percent: wholeOf(d.percent) } : {}),
    ...(d.type === 'amount' ? { amountCents: centsOf(d.amount) } : {}),
    minOrderCents: centsOf(d.minOrder),
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    maxUses: wholeOf(d.maxUses),
    maxUsesPerCustomer: wholeOf(d.maxUsesPerCustomer),
    appliesToDiscounted: d.appliesToDiscounted,
    collections: d.collections,
    types: d.types,
    active: d.active,
    note: d.note,
  };
}

const toggled = <T,>(list: readonly T[], value: T, on: boolean): T[] =>
  on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

/** Sets one field of the draft. */
type SetDraft = <K extends keyof Draft>(name: K, value: Draft[K]) => void;

/** The code's name, type and value, and the order it needs. */
function CodeValueFields({
  draft,
  set,
  errors: e,
  editing,
}: {
  readonly draft: Draft;
  readonly set: SetDraft;
  readonly errors: FieldMessages;
  readonly editing: boolean;
}) {
  return (
    <>
      <TextField
        label={t.code}
        hint={t.codeHint}
        name="code"
        value={draft.code}
        readOnly={editing}
        maxLength={30}
        autoCapitalize="characters"
        spellCheck={false}
        error={e.code}
        onChange={(event) => set('code', event.target.value.toUpperCase())}
      />
      <SelectField
        label={t.type}
        name="type"
        value={draft.type}
        error={e.type}
        onChange={(event) => set('type', event.target.value as DiscountCodeType)}
      >
        {DISCOUNT_CODE_TYPES.map((type) => (
          <option key={type} value={type}>
            {t.typeLabels[type]}
          </option>
        ))}
      </SelectField>
      {draft.type === 'percent' && (
        <TextField
          label={t.percent}
          name="percent"
          inputMode="numeric"
          value={draft.percent}
          error={e.percent}
          onChange={(event) => set('percent', event.target.value)}
        />
      )}
      {draft.type === 'amount' && (
        <TextField
          label={t.amount}
          name="amountCents"
          inputMode="decimal"
          value={draft.amount}
          error={e.amountCents}
          onChange={(event) => set('amount', event.target.value)}
        />
      )}
      <TextField
        label={t.minOrder}
        name="minOrderCents"
        inputMode="decimal"
        value={draft.minOrder}
        error={e.minOrderCents}
        onChange={(event) => set('minOrder', event.target.value)}
      />
    </>
  );
}

/** When the code can be used, and how many times in all and by one customer. */
function CodeLimitFields({ draft, set, errors: e }: { readonly draft: Draft; readonly set: SetDraft; readonly errors: FieldMessages }) {
  return (
    <>
      <TextField
        label={t.startsAt}
        name="startsAt"
        type="datetime-local"
        value={draft.startsAt}
        error={e.startsAt}
        onChange={(event) => set('startsAt', event.target.value)}
      />
      <TextField
        label={t.endsAt}
        name="endsAt"
        type="datetime-local"
        value={draft.endsAt}
        error={e.endsAt}
        onChange={(event) => set('endsAt', event.target.value)}
      />
      <TextField
        label={t.maxUses}
        hint={t.unlimited}
        name="maxUses"
        inputMode="numeric"
        value={draft.maxUses}
        error={e.maxUses}
        onChange={(event) => set('maxUses', event.target.value)}
      />
      <TextField
        label={t.maxUsesPerCustomer}
        hint={t.unlimited}
        name="maxUsesPerCustomer"
        inputMode="numeric"
        value={draft.maxUsesPerCustomer}
        error={e.maxUsesPerCustomer}
        onChange={(event) => set('maxUsesPerCustomer', event.target.value)}
      />
    </>
  );
}

/** What the code applies to: collections and types (all when none is chosen), discounted pieces or not, and whether it is active. */
function CodeScopeFields({
  draft,
  set,
  errors: e,
  collections,
}: {
  readonly draft: Draft;
  readonly set: SetDraft;
  readonly errors: FieldMessages;
  readonly collections: readonly string[];
}) {
  return (
    <>
      <ChoiceGroup legend={t.scope} hint={`${t.scopeAll} quando nada é escolhido.`} error={e.collections ?? e.types}>
        {collections.map((name) => (
          <label key={name} className="adm-check">
            <input
              type="checkbox"
              name="collections"
              checked={draft.collections.includes(name)}
              onChange={(event) => set('collections', toggled(draft.collections, name, event.target.checked))}
            />{' '}
            {name}
          </label>
        ))}
        {PRODUCT_TYPES.map((type) => (
          <label key={type} className="adm-check">
            <input
              type="checkbox"
              name="types"
              checked={draft.types.includes(type)}
              onChange={(event) => set('types', toggled(draft.types, type, event.target.checked))}
            />{' '}
            {PRODUCT_TYPE_INFO[type].listingLabel}
          </label>
        ))}
      </ChoiceGroup>
      <label className="adm-check">
        <input
          type="checkbox"
          name="appliesToDiscounted"
          checked={draft.appliesToDiscounted}
          onChange={(event) => set('appliesToDiscounted', event.target.checked)}
        />{' '}
        {t.appliesToDiscounted}
      </label>
      <label className="adm-check">
        <input type="checkbox" name="active" checked={draft.active} onChange={(event) => set('active', event.target.checked)} /> {t.active}
      </label>
    </>
  );
}

export function CodeForm(props: {
  readonly code?: DiscountCodeView;
  readonly collections: readonly string[];
  readonly onDone: (notice: Notice) => void;
  readonly onCancel: () => void;
}) {
  const { code, collections, onDone, onCancel } = props;
  const api = useAdminApi();
  const [draft, setDraft] = useState(() => draftOf(code));
  const form = useFormSubmit({
    schema: discountCodeInputSchema,
    fieldOrder: FIELD_ORDER,
    values: valuesOf(draft),
    send: (data) => (code ? api.updateDiscountCode(code.code, data) : api.createDiscountCode(data)),
    onSent: ({ code: saved }) => onDone({ kind: 'success', lines: [code ? t.saved(saved.code) : t.created(saved.code)] }),
    failedMessage: (failure) => errorMessage(failure),
  });
  const set: SetDraft = (name, value) => setDraft((d) => ({ ...d, [name]: value }));
  const e = form.errors;
  return (
    <form
      ref={form.formRef}
      className="adm-form codes-form"
      onSubmit={form.onSubmit}
      noValidate
      aria-label={code ? `${t.edit} ${code.code}` : t.newCode}
    >
      <div className="adm-form-grid">
        <CodeValueFields draft={draft} set={set} errors={e} editing={code !== undefined} />
        <CodeLimitFields draft={draft} set={set} errors={e} />
      </div>
      <CodeScopeFields draft={draft} set={set} errors={e} collections={collections} />
      <TextAreaField
        label={t.note}
        name="note"
        placeholder={t.notePlaceholder}
        rows={2}
        maxLength={120}
        value={draft.note}
        error={e.note}
        onChange={(event) => set('note', event.target.value)}
      />
      {form.outcome.kind === 'failed' && <Feedback kind="error">{form.outcome.message}</Feedback>}
      <div className="adm-form-actions">
        <button type="submit" className="button" disabled={form.sending}>
          {code ? t.save : t.create}
        </button>
        <button type="button" className="button button--secondary" disabled={form.sending} onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
