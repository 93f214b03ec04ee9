/**
 * What the GDPR erasure removes from an order's free texts (`scrubPersonalData`), and which statuses
 * allow it (`isFinalStatus`).
 */
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/api.ts';
import { ORDER_STATUSES, isFinalStatus } from '#shared/order-status.ts';
import { ANONYMISED_FIELDS, REDACTED, scrubbedOrderTexts, scrubPersonalData, type PersonalFields } from '#shared/personal-data.ts';

const ines: PersonalFields = {
  firstName: 'Inês Maria',
  lastName: 'da Conceição Sá',
  email: 'Ines.Sa+joias@Exemplo.pt',
  phone: '+351912345678',
  address: 'Rua de Cima, 12, 3º Esq.',
  postalCode: '4700-123',
  city: 'Vila Verde',
};

describe('scrubPersonalData', () => {
  it('removes the e-mail (any case), the address, the postal code, the locality and the phone however it is written', () => {
    const text =
      'Bounce: <ines.sa+joias@exemplo.pt>; morada Rua de Cima, 12, 3º Esq. ' +
      '4700-123 Vila Verde; tel. 912 345 678, +351 912-345-678, 00351912345678.';
    const scrubbed = scrubPersonalData(text, ines);
    expect(scrubbed).toBe(`Bounce: <${REDACTED}>; morada ${REDACTED} ${REDACTED} ${REDACTED}; tel. ${REDACTED}, ${REDACTED}, ${REDACTED}.`);
  });

  it('removes every word of the name, whole words only, and leaves particles and other words alone', () => {
    expect(scrubPersonalData('A INÊS (Maria) ligou; a Conceição da Sá disse que sim.', ines)).toBe(
      `A ${REDACTED} (${REDACTED}) ligou; a ${REDACTED} da ${REDACTED} disse que sim.`,
    );
    // "Sá" inside another word, "da" alone, a green ("verde") necklace: untouched.
    expect(scrubPersonalData('Saída da loja: colar verde, Sábado.', ines)).toBe('Saída da loja: colar verde, Sábado.');
  });

  it('leaves a text without the customer as it is', () => {
    expect(scrubPersonalData('Pagamento confirmado no banco.', ines)).toBe('Pagamento confirmado no banco.');
  });

  it("scrubs an order's timeline texts and e-mail errors, keeping every other field of each entry", () => {
    const order = {
      ...ines,
      timeline: [
        { at: '2026-11-01T10:00:00.000Z', kind: 'status', from: 'Enviar', to: 'Enviado', by: 'dona@example.com' },
        { at: '2026-11-02T10:00:00.000Z', kind: 'note', by: 'dona@example.com', text: 'Inês pediu para entregar ao vizinho.' },
      ],
      emails: [
        { kind: 'order-received', status: 'bounced', at: '2026-11-01T10:00:00.000Z', error: '550 <ines.sa+joias@exemplo.pt> unknown' },
      ],
    } satisfies Pick<Order, keyof PersonalFields | 'timeline' | 'emails'>;
    const { timeline, emails } = scrubbedOrderTexts(order);
    expect(timeline[0]).toEqual(order.timeline[0]);
    expect(timeline[1]).toEqual({ ...order.timeline[1], text: `${REDACTED} pediu para entregar ao vizinho.` });
    expect(emails).toEqual([{ ...order.emails[0], error: `550 <${REDACTED}> unknown` }]);
  });

  it('replaces each personal field with a fixed pt-PT marker or nothing', () => {
    expect(ANONYMISED_FIELDS).toEqual({
      firstName: 'Anonimizado',
      lastName: '',
      email: '',
      phone: '',
      address: '',
      postalCode: '',
      city: '',
      nif: '',
      companyName: '',
    });
  });
});

describe('isFinalStatus: when an order allows the erasure', () => {
  it('only once nothing is left to pay, confirm, ship or deliver', () => {
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual(['Concluido', 'Encerrada']);
  });
});
