import type { ChangeEvent } from 'react';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { SHIPPING_COUNTRIES } from '#shared/schemas/shipping-form.ts';
import { SelectField, TextField } from '#web/ui/field.tsx';
import type { ShippingFields } from './use-shipping-form.ts';

type TextName = 'email' | 'firstName' | 'lastName' | 'address' | 'city' | 'postalCode' | 'phone' | 'nif' | 'companyName';

/** A text field's name, value, message and change, from the form's state. */
function textProps({ draft, errors, update }: ShippingFields, name: TextName) {
  return {
    name,
    value: draft[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => update(name, event.target.value),
  };
}

/** Where the order confirmation goes. */
export function ContactSection({ fields }: { fields: ShippingFields }) {
  return (
    <section className="card">
      <h2>Contacto</h2>
      <div className="form-grid">
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          maxLength={TEXT_LIMITS.email}
          {...textProps(fields, 'email')}
          hint="Enviamos para aqui a confirmação da encomenda."
        />
      </div>
    </section>
  );
}

/** Who receives the order, and where (Portugal only). */
export function AddressSection({ fields }: { fields: ShippingFields }) {
  const text = (name: TextName) => textProps(fields, name);
  return (
    <section className="card">
      <h2>Morada de envio</h2>
      <div className="form-grid form-grid--two">
        <TextField label="Nome" autoComplete="given-name" maxLength={TEXT_LIMITS.firstName} {...text('firstName')} />
        <TextField label="Apelido" autoComplete="family-name" maxLength={TEXT_LIMITS.lastName} {...text('lastName')} />
        <SelectField
          className="span-2"
          label="País"
          name="country"
          autoComplete="country-name"
          value={fields.draft.country}
          onChange={() => fields.update('country', 'Portugal')}
          error={fields.errors.country}
        >
          {SHIPPING_COUNTRIES.map((country) => (
            <option key={country} value={country}>
              {country}
            </option>
          ))}
        </SelectField>
        <TextField className="span-2" label="Morada" autoComplete="street-address" maxLength={TEXT_LIMITS.address} {...text('address')} />
        <TextField label="Localidade" autoComplete="address-level2" maxLength={TEXT_LIMITS.city} {...text('city')} />
        <TextField label="Código postal" autoComplete="postal-code" inputMode="numeric" placeholder="1234-567" {...text('postalCode')} />
        <TextField className="span-2" label="Telefone" type="tel" autoComplete="tel" {...text('phone')} />
      </div>
    </section>
  );
}

/** The invoice's customer (docs/invoices.md): a NIF for an invoice with the customer's tax number, else "Consumidor final". */
export function InvoiceSection({ fields }: { fields: ShippingFields }) {
  const text = (name: TextName) => textProps(fields, name);
  return (
    <section className="card">
      <h2>Fatura</h2>
      <div className="form-grid form-grid--two">
        <TextField
          label="NIF (para fatura com contribuinte)"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          {...text('nif')}
          hint="Opcional. Sem NIF, a fatura sai em nome de «Consumidor final»."
        />
        <TextField
          label="Nome da empresa (opcional)"
          autoComplete="organization"
          maxLength={TEXT_LIMITS.companyName}
          {...text('companyName')}
        />
      </div>
    </section>
  );
}
