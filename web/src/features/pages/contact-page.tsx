import { useState } from 'react';
import { useHydrated, useTypedBeforeHydration } from '#web/lib/hydrated.ts';
import { contactTexts } from '#shared/messages/index.ts';
import { contactMessageSchema, type ContactMessageInput } from '#shared/schemas/contact-message.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { ShopEmail } from '#web/ui/shop-email.tsx';
import { SocialLinks } from '#web/ui/social-links.tsx';
import { useBotCheck } from '#web/lib/bot-check.tsx';
import { publicWrites } from '#web/lib/public-writes.ts';
import { useFormSubmit } from '#web/lib/use-submit.ts';
import { useFocusWhenShown } from '#web/lib/focus-notice.ts';
import { TextAreaField, TextField } from '#web/ui/field.tsx';
import type { FieldMessages } from '#web/lib/form.ts';
import { StaticPage } from './static-page.tsx';

type Values = Record<keyof ContactMessageInput, string>;
const EMPTY: Values = { name: '', email: '', phone: '', subject: '', message: '' };
const FIELD_ORDER = Object.keys(EMPTY) as (keyof Values)[];

/** The shop's e-mail and social networks, beside the form. */
function ContactChannels() {
  return (
    <div className="stack">
      <section aria-labelledby="contact-email">
        <h2 id="contact-email">E-mail</h2>
        <p>
          <ShopEmail />
        </p>
      </section>
      <section aria-labelledby="contact-social">
        <h2 id="contact-social">Redes sociais</h2>
        <SocialLinks labelled className="social-links--labelled" />
      </section>
    </div>
  );
}

/** The form's fields, each required. */
function ContactFields({
  values,
  set,
  errors,
}: {
  readonly values: Values;
  readonly set: (name: keyof Values) => (event: { target: { value: string } }) => void;
  readonly errors: FieldMessages;
}) {
  return (
    <div className="form-grid form-grid--two">
      <TextField
        label="Nome"
        name="name"
        autoComplete="name"
        required
        maxLength={TEXT_LIMITS.contactName}
        value={values.name}
        onChange={set('name')}
        error={errors.name}
      />
      <TextField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={TEXT_LIMITS.email}
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <TextField
        label="Telefone"
        name="phone"
        type="tel"
        autoComplete="tel"
        required
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
      />
      <TextField
        label="Assunto"
        name="subject"
        required
        maxLength={TEXT_LIMITS.subject}
        value={values.subject}
        onChange={set('subject')}
        error={errors.subject}
      />
      <TextAreaField
        className="span-2"
        label="Mensagem"
        name="message"
        required
        maxLength={TEXT_LIMITS.message}
        value={values.message}
        onChange={set('message')}
        error={errors.message}
      />
    </div>
  );
}

/** /contact: the shop's e-mail, its social networks and the contact form (every field required). */
export function ContactPage() {
  const hydrated = useHydrated();
  const [values, setValues] = useState<Values>(EMPTY);
  const botCheck = useBotCheck();
  const { formRef, onSubmit, errors, outcome, sending } = useFormSubmit({
    schema: contactMessageSchema,
    fieldOrder: FIELD_ORDER,
    values,
    send: (data) => botCheck.withProof((proof) => publicWrites.sendContactMessage(data, proof)),
    onSent: () => setValues(EMPTY),
    // A refusal says why (e.g. too many messages: how long to wait); anything else, the spec's text.
    failedMessage: contactTexts.failed,
  });
  useTypedBeforeHydration(formRef, setValues);
  // The emptied form says nothing: the success message takes the focus and the screen.
  const sentRef = useFocusWhenShown<HTMLParagraphElement>(outcome.kind === 'sent');

  const set = (name: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));

  return (
    <StaticPage
      eyebrow="Contactos"
      metaTitle="Contactos"
      title="Fala connosco"
      lead="Tens uma dúvida sobre uma peça, uma encomenda ou um presente especial? Escreve-nos: respondemos em até 48 horas."
      description="Contacta a Joias Inox por e-mail, nas redes sociais ou pelo formulário. Respondemos em até 48 horas."
    >
      <div className="contact-layout">
        <ContactChannels />
        <section className="card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Envia-nos uma mensagem</h2>
          <p className="field-hint">Todos os campos são obrigatórios.</p>
          <div role="status">
            {outcome.kind === 'sent' && (
              <p ref={sentRef} tabIndex={-1} className="notice notice--success">
                {contactTexts.success}
              </p>
            )}
          </div>
          <div role="alert">{outcome.kind === 'failed' && <p className="notice notice--error">{outcome.message}</p>}</div>
          <form ref={formRef} className="contact-form" onSubmit={onSubmit} noValidate>
            <ContactFields values={values} set={set} errors={errors} />
            <button type="submit" className="button" disabled={!hydrated || sending}>
              {sending ? 'A enviar...' : 'Enviar mensagem'}
            </button>
            {botCheck.status}
          </form>
        </section>
      </div>
    </StaticPage>
  );
}
