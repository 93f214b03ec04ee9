/** What the owner and a blocked buyer read about closing suspicious orders and the block list (pt-PT). */
export const abuseTexts = {
  /** 409 `client_blocked` to a blocked buyer: never says which of their keys matched. */
  blocked:
    'De momento não conseguimos aceitar esta reserva. Se queres mesmo estas peças, escreve-nos pelo formulário de contacto da loja e ajudamos-te a concluir a encomenda.',
  /** The order's timeline (for the owner). */
  timelineEntry: (label: string) => `Fechada como suspeita; e-mail, telefone e endereço bloqueados durante ${label}.`,
  /** The status entry, which the customer sees too: worded as any cancellation (the suspicion is the owner's note). */
  statusText: 'cancelada; peças devolvidas ao stock',
  /** 409 `order_not_closable`: only an unpaid or unconfirmed order closes as suspicious. */
  notClosable: (orderNumber: number, status: string) =>
    `A encomenda nº ${orderNumber} está em «${status}»: só se fecha como suspeita uma reserva por pagar ou um comprovativo por confirmar. Nada foi alterado.`,
  notFound: (id: string) => `Não encontrámos a encomenda ${id}. Nada foi alterado nela.`,
  changed: (orderNumber: number) => `A encomenda nº ${orderNumber} mudou entretanto. Abre-a de novo e decide.`,
  bulkDone: (closed: number, refused: number) =>
    `${closed === 1 ? '1 encomenda fechada como suspeita' : `${closed} encomendas fechadas como suspeitas`}${refused === 0 ? '.' : `; ${refused === 1 ? '1 não foi fechada' : `${refused} não foram fechadas`} (vê porquê em cada uma).`}`,
  blockFor: 'Escolhe durante quanto tempo bloquear: 24 h, 7 dias ou 30 dias.',
  ids: 'Escolhe entre 1 e 50 encomendas.',
  blockNotFound: 'Este bloqueio já não existe (terminou ou foi removido).',
  /** 409 `customer_has_open_reservations` of the GDPR erasure: the only open orders are unpaid reservations. */
  openReservations: (numbers: readonly number[]) =>
    numbers.length === 1
      ? `Este cliente tem a reserva nº ${numbers[0]} por pagar. Podes fechá-la (as peças voltam ao stock) e anonimizar de seguida. Nada foi alterado.`
      : `Este cliente tem as reservas nº ${numbers.slice(0, -1).join(', ')} e ${numbers.at(-1)} por pagar. Podes fechá-las (as peças voltam ao stock) e anonimizar de seguida. Nada foi alterado.`,
  reservationsClosed: (n: number) =>
    n === 1
      ? '1 reserva por pagar foi fechada e as peças voltaram ao stock.'
      : `${n} reservas por pagar foram fechadas e as peças voltaram ao stock.`,
  /** The status entry of a reservation closed for the erasure. */
  erasureClosed: 'fechada para anonimizar o cliente (RGPD); peças devolvidas ao stock',
  closeOpen: 'Indica closeOpen=true para fechar as reservas por pagar antes de anonimizar.',
} as const;
