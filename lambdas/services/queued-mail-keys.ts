/**
 * Mail items queued before the mail data took English keys (docs/email.md, "Keys of mails queued
 * before a deploy"). The outbox stores each mail's data as its service built it, and SES fills the
 * templates in force when the item is sent; an item queued by the previous version (waiting for its
 * turn, for a retry after a throttle, or for the redrive) still carries the Portuguese keys (`nome`,
 * `numero`, ...), which the current templates no longer read: sent as it is, its name, number and
 * amounts would be empty. The consumer renames them before it sends, at every depth (the lines, the
 * address, the code, the Multibanco reference).
 *
 * No current key is an old one, so data queued by this version comes back unchanged. Once every item
 * queued before the deploy is sent or failed (at most about an hour: 8 tries over about 45 minutes,
 * and the redrive's lease), this mapping can go.
 */

/** The Portuguese key of the old mail data → its English key today. */
const PORTUGUESE_KEYS: ReadonlyMap<string, string> = new Map([
  ['nome', 'name'],
  ['numero', 'number'],
  ['linhas', 'lines'],
  ['quantidade', 'quantity'],
  ['preco', 'price'],
  ['precoOriginal', 'fullPrice'],
  ['totalOriginal', 'fullTotal'],
  ['desconto', 'discount'],
  ['portes', 'shipping'],
  ['metodo', 'method'],
  ['semDesconto', 'noDiscount'],
  ['codigo', 'code'],
  ['valor', 'amount'],
  ['envio', 'shippingMethod'],
  ['morada', 'address'],
  ['rua', 'street'],
  ['codigoPostal', 'postalCode'],
  ['localidade', 'city'],
  ['pais', 'country'],
  ['embrulho', 'wrap'],
  ['oferta', 'gift'],
  ['mensagem', 'message'],
  ['prestador', 'provider'],
  ['parcial', 'partial'],
  ['documento', 'document'],
  ['notaCredito', 'creditNote'],
  ['fatura', 'invoice'],
  ['documentoLink', 'documentLink'],
  ['rastreio', 'trackingCode'],
  ['rastreioLink', 'trackingLink'],
  ['produto', 'product'],
  ['expirada', 'expired'],
  ['devolucao', 'refund'],
  ['cliente', 'customer'],
  ['telefone', 'phone'],
  ['assunto', 'subject'],
  ['instrucoes', 'instructions'],
  ['prazo', 'deadline'],
  ['mbwayAutomatico', 'mbwayAutomatic'],
  ['entidade', 'entity'],
  ['referencia', 'reference'],
  ['montante', 'amount'],
  ['validade', 'validUntil'],
  ['dia', 'day'],
  ['inicio', 'start'],
  ['fim', 'end'],
  ['mensagens', 'messages'],
  ['comprovativos', 'proofs'],
  ['outras', 'others'],
  ['reservadas', 'held'],
  ['percentagem', 'percent'],
  ['reservas', 'reservations'],
]);

/**
 * Queued mail data with every old Portuguese key renamed to the current one, at any depth; the values
 * are untouched.
 *
 * @example
 * withCurrentKeys({ nome: 'Ana', numero: 123, codigo: { nome: 'MARIA10', valor: '5,16 €' } });
 * // { name: 'Ana', number: 123, code: { name: 'MARIA10', amount: '5,16 €' } }
 */
export function withCurrentKeys<Data>(data: Data): Data {
  if (Array.isArray(data)) return data.map((item: unknown) => withCurrentKeys(item)) as Data;
  if (data === null || typeof data !== 'object') return data;
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [PORTUGUESE_KEYS.get(key) ?? key, withCurrentKeys(value)])) as Data;
}
