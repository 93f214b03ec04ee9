/**
 * Field-level validation texts: what the zod schemas in `shared/schemas/` report, one specific message per field and rule.
 * Part of the shop's texts: import them from `shared/messages/index.ts`.
 */
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../cart.ts';
import { PROOF_MISSING, TERMS_NOT_ACCEPTED } from './checkout.ts';

// Texts made from values, or shared with another part, stand apart: bundlers keep a template with a
// value in it (it could run code), and an area that held one would be in every bundle, read or not.
const EMAIL_INVALID = 'Indica um e-mail válido.';
const LINE_QUANTITY_INVALID = `Indica um número inteiro de unidades entre 1 e ${MAX_LINE_QUANTITY}.`;
const CART_LINES_INVALID = `Indica um número inteiro de peças entre 1 e ${MAX_CART_LINES}.`;

const PAGE_QUERY_TEXTS = {
  limit: 'O tamanho da página tem de ser um número entre 1 e 100.',
  cursor: 'A página pedida não é válida. Volta ao início da lista.',
  status: 'Escolhe um dos estados da encomenda.',
  orderNumber: 'Pesquisa por números (até 6 algarismos).',
  search: 'Escreve pelo menos 2 letras ou 3 algarismos (nome, e-mail, telefone ou número da encomenda), até 60 caracteres.',
};
const EMAIL_TEXTS = {
  required: 'Indica o teu e-mail.',
  invalid: EMAIL_INVALID,
  tooLong: 'O e-mail não pode ter mais de 254 caracteres.',
};
const ACCESS_TOKEN_TEXTS = { invalid: 'O código de acesso à encomenda não é válido. Abre a ligação do e-mail da encomenda.' };
const EXPORT_TEXTS = {
  date: 'Indica as datas no formato AAAA-MM-DD.',
  kind: 'Escolhe o que exportar: encomendas, linhas ou movimentos.',
  order: 'A data final não pode ser antes da inicial.',
  tooLong: (days: number) => `Exporta no máximo ${days} dias de cada vez.`,
  statuses: 'Escolhe estados da encomenda válidos, separados por vírgulas (por exemplo Enviar,Enviado,Concluido).',
};
const SALES_TEXTS = {
  date: 'Indica as datas no formato AAAA-MM-DD.',
  by: 'Escolhe como agrupar as vendas: por dia, por semana ou por mês.',
  order: 'A data final não pode ser antes da inicial.',
  tooLong: (days: number) => `Mostra no máximo ${days} dias de cada vez.`,
};

/**
 * The texts of the read routes' queries (the back-office's lists and export, the customer's order
 * link) and of the e-mail field: an area of its own, so that those functions, which validate nothing
 * else, carry only these. `validationTexts` holds them too, under the same names.
 */
export const queryValidationTexts = {
  pageQuery: PAGE_QUERY_TEXTS,
  email: EMAIL_TEXTS,
  accessToken: ACCESS_TOKEN_TEXTS,
  export: EXPORT_TEXTS,
  sales: SALES_TEXTS,
};

/** Field messages reported by the schemas, one per field and rule. */
export const validationTexts = {
  pageQuery: PAGE_QUERY_TEXTS,
  email: EMAIL_TEXTS,
  accessToken: ACCESS_TOKEN_TEXTS,
  export: EXPORT_TEXTS,
  sales: SALES_TEXTS,
  /** The body is not an object at all. */
  form: { invalid: 'Os dados enviados não são válidos.' },
  firstName: {
    required: 'Indica o teu nome.',
    tooLong: 'O nome não pode ter mais de 60 caracteres.',
    noLetter: 'Escreve o teu nome com letras.',
  },
  lastName: {
    required: 'Indica o teu apelido.',
    tooLong: 'O apelido não pode ter mais de 60 caracteres.',
    noLetter: 'Escreve o teu apelido com letras.',
  },
  country: { invalid: 'De momento só enviamos para Portugal.' },
  address: {
    required: 'Indica a tua morada.',
    tooLong: 'A morada não pode ter mais de 200 caracteres.',
  },
  city: {
    required: 'Indica a tua localidade.',
    tooLong: 'A localidade não pode ter mais de 80 caracteres.',
  },
  postalCode: {
    required: 'Indica o código postal.',
    invalid: 'O código postal deve ter o formato 1234-567.',
  },
  phone: {
    required: 'Indica o teu telefone.',
    invalid: 'Indica um telefone válido, por exemplo 912 345 678 ou +351 912 345 678.',
  },
  shippingMethod: { invalid: 'Escolhe um método de envio.' },
  paymentMethod: { invalid: 'Escolhe um método de pagamento.' },
  acceptTerms: { required: TERMS_NOT_ACCEPTED },
  contactName: {
    required: 'Indica o teu nome.',
    tooLong: 'O nome não pode ter mais de 100 caracteres.',
    noLetter: 'Escreve o teu nome com letras.',
  },
  subject: {
    required: 'Indica o assunto.',
    tooLong: 'O assunto não pode ter mais de 150 caracteres.',
  },
  message: {
    required: 'Escreve a tua mensagem.',
    tooLong: 'A mensagem não pode ter mais de 5000 caracteres.',
  },
  /** The back-in-stock form's e-mail (spec text, word for word, for the empty field). */
  stockAlertEmail: { required: 'Insere o teu e-mail para te conseguirmos avisar', invalid: EMAIL_INVALID },
  productId: { invalid: 'Produto inválido.' },
  variantId: { invalid: 'Tamanho inválido.' },
  items: {
    required: 'O teu carrinho está vazio.',
    tooMany: 'Uma encomenda pode ter até 20 produtos diferentes.',
    duplicate: 'O mesmo produto, no mesmo tamanho, aparece mais do que uma vez no carrinho.',
  },
  quantity: { invalid: 'A quantidade deve ser um número inteiro entre 1 e 10.' },
  proofKey: { invalid: PROOF_MISSING },
  proofMethod: { invalid: 'Escolhe por que método pagaste: transferência, PayPal, Revolut ou MB WAY.' },
  /** The manual method chosen after a failed automatic payment (docs/payment-switch.md). */
  switchMethod: { invalid: 'Escolhe como vais pagar: transferência, PayPal, Revolut ou MB WAY.' },
  /** The customer's NIF for the invoice (checkout, docs/invoices.md). */
  customerNif: {
    invalid:
      'Este NIF não é válido: tem 9 algarismos e o último é um algarismo de controlo. Confirma-o no teu cartão de cidadão, ou deixa o campo vazio para uma fatura sem contribuinte.',
  },
  companyName: { invalid: 'O nome da empresa não pode ter mais de 100 caracteres.' },
  productStatus: { invalid: 'Escolhe o estado da peça: Ativo, Rascunho ou Arquivado.' },
  orderLookupNumber: { invalid: 'Indica o número da encomenda: 6 algarismos, como aparece no e-mail (ex.: 123456).' },
  note: { required: 'Escreve a nota.', tooLong: 'A nota não pode ter mais de 1000 caracteres.' },
  restock: { required: 'Diz se as peças voltaram à loja (repor o stock ou não).' },
  proofContentType: {
    invalid: 'O comprovativo tem de ser uma imagem (JPEG, PNG, WebP ou HEIC) ou um PDF.',
  },
  proofSize: { invalid: 'O comprovativo tem de ter entre 1 byte e 10 MB.' },
  imageContentType: {
    invalid:
      'A foto tem de ser JPEG, PNG ou WebP. As fotos HEIC do iPhone não são aceites: envia-a como JPEG (no iPhone, em Definições › Câmara › Formatos escolhe «Mais compatível», ou partilha a foto por e-mail/Ficheiros como JPEG).',
  },
  imageSize: { invalid: 'A foto tem de ter entre 1 byte e 20 MB.' },
  photos: {
    tooMany: 'Uma peça tem no máximo 8 fotos.',
    invalid: 'Esta foto não existe. Envia-a novamente.',
    duplicate: 'A mesma foto aparece duas vezes.',
  },
  photoAlt: { tooLong: 'A descrição da foto não pode ter mais de 200 caracteres.' },
  productName: {
    required: 'Indica o nome da peça.',
    tooLong: 'O nome da peça não pode ter mais de 120 caracteres.',
  },
  productCode: {
    required: 'Indica o código da peça.',
    tooLong: 'O código da peça não pode ter mais de 40 caracteres.',
  },
  sku: { invalid: 'O SKU deve ser um texto com até 60 caracteres.' },
  description: { invalid: 'A descrição deve ser um texto com até 5000 caracteres.' },
  productType: { invalid: 'Escolhe o tipo: colar, anel, brinco ou pulseira.' },
  productCollection: { invalid: 'A coleção deve ser um texto com até 60 caracteres.' },
  priceCents: { invalid: 'O preço deve estar entre 0,01 € e 10 000 €.' },
  discountPercent: { invalid: 'O desconto deve ser um número inteiro entre 0 e 90 %.' },
  stock: { invalid: 'O stock deve ser um número inteiro entre 0 e 9999.' },
  /** The product edit form: the version it loaded. */
  version: { invalid: 'Falta a versão do produto que abriste. Recarrega a página e tenta novamente.' },
  /** The product edit form no longer carries stock. */
  stockNotEditable: { invalid: 'O stock não se altera neste formulário: usa «Ajustar stock».' },
  variants: {
    invalid: 'Os tamanhos não são válidos.',
    tooMany: 'Um produto pode ter até 20 tamanhos.',
    labelRequired: 'Dá um nome a cada tamanho (por exemplo «45 cm» ou «14»).',
    labelTooLong: 'O nome de um tamanho pode ter até 20 caracteres.',
    duplicate: 'Há dois tamanhos com o mesmo nome.',
    priceDelta: 'O acréscimo de preço de um tamanho deve ser um valor entre 0,00 € e o preço máximo.',
  },
  stockDelta: { invalid: 'A quantidade a somar ou retirar deve ser um número inteiro diferente de 0, entre -9999 e 9999.' },
  stockExpected: { invalid: 'Falta o stock que estás a ver (um número inteiro entre 0 e 9999).' },
  stockUnchanged: { invalid: 'O novo valor é igual ao stock atual: não há nada a alterar.' },
  stockReason: { invalid: 'Escolhe o motivo: ajuste ou devolução.' },
  stockNote: { invalid: 'A nota deve ser um texto com até 200 caracteres.' },
  stockChange: {
    missing: 'Indica quanto somar ou retirar, ou o novo valor do stock.',
    both: 'Indica só uma coisa: quanto somar ou retirar, ou o novo valor do stock.',
    expectedWithDelta: 'O stock visto só se indica com «Definir para».',
  },
  image: { invalid: 'A imagem deve ser um endereço deste site começado por /images/.' },
  settings: {
    version: 'Falta a versão das definições que abriste. Recarrega a página e tenta novamente.',
    mbwayPhone: 'Indica um número de telemóvel válido, por exemplo 912 345 678 (ou deixa vazio para não aceitar MB WAY nesse número).',
    iban: 'Este IBAN não é válido (confirma os algarismos: o IBAN tem um controlo que deteta enganos). Exemplo: PT50 0002 0123 1234 5678 9015 4.',
    ibanHolder: 'Indica o titular da conta (até 100 caracteres).',
    handle: 'Escreve até 100 caracteres, sem < nem >.',
    mbwayLimit: 'Indica um número inteiro de encomendas entre 0 e 1000.',
    ownerEmail: 'Indica um e-mail válido (ou deixa vazio para usar o endereço da loja).',
    holdMinutes: 'Indica um número inteiro de minutos entre 15 e 4320 (três dias): com menos de 15, o cliente não tem tempo de pagar.',
    holdOrders: 'Indica um número inteiro de reservas entre 1 e 20.',
    holdUnits: 'Indica um número inteiro de peças entre 1 e 500.',
    lowStockThreshold: 'Indica um número inteiro de unidades entre 0 e 100.',
    alertsPerUnit: 'Indica um número inteiro de avisos por unidade entre 1 e 100.',
    ownerMailsPerHour: 'Indica um número inteiro de notificações por hora entre 1 e 100.',
    retentionDays: 'Indica um número inteiro de dias entre 30 e 3650 (dez anos).',
    challengeMaxNumber: 'Indica um número inteiro entre 100 e 200000.',
    mailSandbox: 'Escolhe se aceitas abrir a loja sem e-mails aos clientes: ligado ou desligado.',
    lineQuantity: LINE_QUANTITY_INVALID,
    lines: CART_LINES_INVALID,
    noPaymentMethod: 'Indica pelo menos uma forma de pagamento: sem nenhuma, ninguém consegue comprar.',
    nif: 'Este NIF não é válido: tem 9 algarismos e o último é um controlo que deteta enganos (confirma-o na certidão ou no cartão da empresa).',
    sellerEmail: 'Indica um e-mail válido para contacto e reclamações (ou deixa vazio por agora).',
    sellerLine: 'Escreve até 200 caracteres, numa linha, sem < nem >.',
    sellerPhone: 'Indica um número de telefone válido, por exemplo 220 000 000 ou +351 912 345 678 (ou deixa vazio por agora).',
  },
  collectionName: {
    required: 'Indica o nome da coleção.',
    tooLong: 'O nome da coleção não pode ter mais de 60 caracteres.',
  },
  orderStatus: { invalid: 'Escolhe um estado válido.' },
  emailKind: { invalid: 'Escolhe um tipo de e-mail válido.' },
  /** The admin UI sends a fresh key per click; a repeated key sends nothing again. */
  emailRequestKey: 'Falta o identificador deste envio. Recarrega a página e tenta novamente.',
  trackingCode: {
    required: 'Indica o código de envio.',
    tooLong: 'O código de envio não pode ter mais de 64 caracteres.',
    /** A CTT code (UPU S10) of the wrong shape or with a wrong check digit. */
    s10: 'Este código de envio CTT não é válido: tem 2 letras, 9 algarismos e as 2 letras do país (por exemplo RR123456785PT), e o último algarismo confirma os outros, por isso um engano não passa. Confirma-o no talão dos CTT; se o envio não é dos CTT, escolhe «Outra transportadora».',
    /** Another carrier's code. */
    other: 'O código de envio de outra transportadora tem de ter entre 4 e 40 letras, algarismos ou hífenes, sem espaços.',
  },
  carrier: { invalid: 'Escolhe a transportadora: CTT ou outra transportadora.' },
  /** `note` of a move: the owner's word on a payment made outside the site. */
  paymentNote: {
    required:
      'Escreve como foi feito o pagamento (por exemplo «Transferência recebida; comprovativo enviado por e-mail»): a nota fica no histórico da encomenda.',
    tooLong: 'A nota não pode ter mais de 500 caracteres.',
  },
} as const;
