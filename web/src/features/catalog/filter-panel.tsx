import { useEffect, useId, useState, type FormEvent } from 'react';
import { useHydrated } from '#web/lib/hydrated.ts';
import {
  clampEuros,
  DEFAULT_LISTING_FILTER,
  PRICE_INPUT_MAX_EUROS,
  PRICE_INPUT_MIN_EUROS,
  type ListingFilter,
} from '#shared/listing-filter.ts';
import { LISTING_FILTER_TYPES, PRODUCT_TYPE_INFO, type ProductType } from '#shared/product-types.ts';
import { MOBILE_MEDIA_QUERY } from '#shared/ui.ts';
import { ChevronDownIcon } from '#web/ui/icons.tsx';

/** A typed price, in euros, or the fallback when it is empty or not a number; clamped to 0-100. */
function readPrice(text: string, fallback: number): number {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? fallback : clampEuros(value);
}

/** "Tipo": every type, or one. */
function TypeChoices({
  type,
  onChange,
  disabled,
}: {
  type: ProductType | undefined;
  onChange: (type: ProductType | undefined) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="filter-panel__group" disabled={disabled}>
      <legend>Tipo</legend>
      <label className="filter-panel__choice">
        <input type="radio" name="tipo" value="" checked={type === undefined} onChange={() => onChange(undefined)} />
        Todos
      </label>
      {LISTING_FILTER_TYPES.map((value) => (
        <label key={value} className="filter-panel__choice">
          <input type="radio" name="tipo" value={value} checked={type === value} onChange={() => onChange(value)} />
          {PRODUCT_TYPE_INFO[value].listingLabel}
        </label>
      ))}
    </fieldset>
  );
}

/** "Preços": the lowest and highest price, in euros, as typed. */
function PriceRange(props: { min: string; max: string; onMin: (text: string) => void; onMax: (text: string) => void; disabled: boolean }) {
  const { min, max, onMin, onMax, disabled } = props;
  return (
    <fieldset className="filter-panel__group" disabled={disabled}>
      <legend>Preços</legend>
      <div className="filter-panel__prices">
        <label className="field">
          <span>Mínimo</span>
          <input
            type="number"
            name="min"
            inputMode="decimal"
            min={PRICE_INPUT_MIN_EUROS}
            max={PRICE_INPUT_MAX_EUROS}
            step="any"
            value={min}
            onChange={(e) => onMin(e.target.value)}
          />
        </label>
        <label className="field">
          <span>Máximo</span>
          <input
            type="number"
            name="max"
            inputMode="decimal"
            min={PRICE_INPUT_MIN_EUROS}
            max={PRICE_INPUT_MAX_EUROS}
            step="any"
            value={max}
            onChange={(e) => onMax(e.target.value)}
          />
        </label>
      </div>
      <p className="field-hint">
        Valores entre {PRICE_INPUT_MIN_EUROS}€ e {PRICE_INPUT_MAX_EUROS}€, já com desconto.
      </p>
    </fieldset>
  );
}

/**
 * The listing filter panel: type choices, 'Preços' Mínimo/Máximo, 'Aplicar Filtro' and
 * 'Limpar Filtros'. Choices only take effect on 'Aplicar Filtro'. Collapsed at first on small screens
 * (by CSS until the app runs, so the pre-rendered page shows the same). Mount it with a `key` from the
 * URL so that it starts again from the applied filter.
 */
export function FilterPanel({
  filter,
  onApply,
  onClear,
}: {
  filter: ListingFilter;
  onApply: (filter: ListingFilter) => void;
  onClear: () => void;
}) {
  // Off until the app runs (the page is pre-rendered): a choice made before it would be reset.
  const hydrated = useHydrated();
  // undefined: as the screen's width says (the CSS decides); then whatever the visitor chose.
  const [open, setOpen] = useState<boolean>();
  useEffect(() => setOpen((chosen) => chosen ?? !window.matchMedia(MOBILE_MEDIA_QUERY).matches), []);
  const [type, setType] = useState<ProductType | undefined>(filter.type);
  const [min, setMin] = useState(String(filter.minEuros));
  const [max, setMax] = useState(String(filter.maxEuros));
  const bodyId = useId();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    let minEuros = readPrice(min, DEFAULT_LISTING_FILTER.minEuros);
    let maxEuros = readPrice(max, DEFAULT_LISTING_FILTER.maxEuros);
    if (minEuros > maxEuros) [minEuros, maxEuros] = [maxEuros, minEuros];
    onApply({ ...filter, type, minEuros, maxEuros });
  };

  return (
    <aside className="filter-panel" aria-label="Filtros">
      <button type="button" className="filter-panel__toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
        Filtros <ChevronDownIcon />
      </button>
      <form
        id={bodyId}
        className={open === undefined ? 'filter-panel__body filter-panel__body--auto' : 'filter-panel__body'}
        hidden={open === false}
        onSubmit={apply}
        noValidate
      >
        <TypeChoices type={type} onChange={setType} disabled={!hydrated} />
        <PriceRange min={min} max={max} onMin={setMin} onMax={setMax} disabled={!hydrated} />
        <div className="filter-panel__actions">
          <button type="submit" className="button" disabled={!hydrated}>
            Aplicar Filtro
          </button>
          <button type="button" className="button button--secondary" onClick={onClear} disabled={!hydrated}>
            Limpar Filtros
          </button>
        </div>
      </form>
    </aside>
  );
}
