/**
 * The storefront's texts (and the API's error messages): what every page and function may show.
 * Part of the shop's texts: import them from `shared/messages/index.ts`.
 */
import type { PaymentInstructions } from '../payment-methods.ts';
import { FREE_SHIPPING_THRESHOLD_CENTS } from '../shipping.ts';

// Texts made from values, or shared with another part, stand apart: bundlers keep a template with a
// value in it (it could run code), and an area that held one would be in every bundle, read or not.
const FREE_SHIPPING = `Portes grátis a partir de ${FREE_SHIPPING_THRESHOLD_CENTS / 100}€`;

/** "30 segundos", "1 minuto", "12 minutos", "1 hora": a wait of whole seconds, rounded up to a word a person reads. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 segundo' : `${s} segundos`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hora' : `${hours} horas`;
}

/** Pages of the shop's front door (CloudFront, or the twin's) for addresses it cannot serve. */
export const frontDoorTexts = {
  badRequest: 'Este endereço não é válido.',
  notFound: 'Esta página não existe.',
  backHome: 'Voltar à página inicial',
} as const;

/** Error messages carried in API error bodies `{ error: { code, message, fields? } }`. */
export const apiTexts = {
  invalidJson: 'O pedido não é um JSON válido.',
  unsupportedMediaType: 'O pedido tem de ser enviado em JSON (Content-Type: application/json).',
  payloadTooLarge: 'O pedido é demasiado grande.',
  invalidInput: 'Alguns dados não são válidos. Corrige os campos assinalados.',
  routeNotFound: 'Este endereço não existe.',
  notFound: 'Não encontrámos o que procuras.',
  productNotFound: 'Produto não encontrado.',
  productInStock: 'Esta peça está disponível: podes comprá-la já.',
  /**
   * A crowd for the same piece left the checkout no time to finish before its function's end (503 with
   * `Retry-After`): true whether or not the order got written, as asking again with the same key shows it.
   */
  checkoutBusy: (seconds: number) =>
    `Há muita procura neste momento e não conseguimos confirmar a tua encomenda a tempo. Tenta novamente dentro de ${seconds === 1 ? '1 segundo' : `${seconds} segundos`}: se já tiver ficado registada, é essa que te mostramos.`,
  /** PUT of a product over a version that is no longer the stored one (optimistic locking): nothing saved. */
  /** A piece that was ordered cannot be deleted (its orders refer to it): archive it. */
  productOrdered:
    'Esta peça já foi encomendada, por isso não pode ser apagada. Arquiva-a: sai da loja e as encomendas continuam a mostrá-la.',
  productChanged:
    'Este produto foi alterado entretanto (noutra janela ou por outra pessoa) e nada foi guardado. Recarrega os valores atuais e volta a fazer as tuas alterações.',
  /** "Definir para N" over a stock that is no longer the one the owner saw: nothing changed. */
  stockChanged: (current: number) =>
    `O stock mudou entretanto: agora é ${current}. Nada foi alterado; confirma o novo valor e tenta novamente.`,
  /** An adjustment that would take the stock below 0: nothing changed. */
  stockBelowZero: (current: number) => `O stock não pode ficar negativo: o stock atual é ${current}. Nada foi alterado.`,
  /** An adjustment that would take the stock above 9999: nothing changed. */
  stockAboveMax: (current: number) => `O stock não pode passar de 9999 unidades: o stock atual é ${current}. Nada foi alterado.`,
  /** An adjustment that lost the race to other changes of the same stock too many times in a row. */
  stockBusy: 'O stock deste produto está a mudar neste momento e nada foi alterado. Tenta novamente.',
  collectionExists: 'Já existe uma coleção com esse nome.',
  collectionNotFound: 'Esta coleção já não existe.',
  collectionChanged: 'A coleção ou as suas peças mudaram entretanto. Recarrega a página e tenta de novo.',
  collectionNotEmpty: (n: number) =>
    `A coleção tem ${n === 1 ? '1 peça' : `${n} peças`}: muda-as de coleção (ou deixa-as sem coleção) antes de a apagar.`,
  collectionTooBig: (max: number) => `Esta coleção tem mais de ${max} peças: não é possível mudar-lhe o nome de uma só vez.`,
  unauthorized: 'Tens de iniciar sessão para continuar.',
  forbidden: 'Não tens permissão para aceder a esta área.',
  conflict: 'O pedido entra em conflito com o estado atual. Tenta novamente.',
  unavailable: 'O serviço está temporariamente indisponível. Tenta novamente dentro de momentos.',
  /** Over a per-client limit of a public route: how long to wait, from `Retry-After`. */
  tooManyRequests: (retryAfterSeconds: number) =>
    `Fizeste demasiados pedidos seguidos. Por segurança, espera ${waitText(retryAfterSeconds)} e tenta novamente.`,
  /** A request that did not come through the shop's own address (CloudFront): the API's origin lock. */
  originRefused: 'Este pedido tem de passar pelo endereço da loja.',
  /** The stage's own throttle (API Gateway's "Too Many Requests", no time given). */
  busy: 'A loja está a receber muitos pedidos neste momento. Espera alguns segundos e tenta novamente.',
  /** The API took longer than its limit (API Gateway's 503/504). */
  timeout: 'A loja demorou demasiado a responder. Verifica a tua ligação e tenta novamente.',
  internal: 'Ocorreu um erro inesperado. Tenta novamente dentro de momentos.',
  idempotencyKeyMissing: 'Falta o cabeçalho Idempotency-Key (um identificador único por tentativa de compra).',
  idempotencyKeyReused: 'Este identificador de compra já foi usado para outra encomenda. Recarrega a página e tenta novamente.',
  orderInProgress: 'A tua encomenda já está a ser registada. Aguarda um momento e tenta novamente.',
  orderNotFound: 'Encomenda não encontrada.',
  orderAccessDenied: 'O código de acesso não corresponde a esta encomenda. Abre a ligação do e-mail da encomenda.',
  reservationExpired: 'A reserva desta encomenda expirou e as peças voltaram à loja. Volta ao carrinho para fazer uma nova encomenda.',
  orderAlreadyPaid: 'Esta encomenda já tem o comprovativo de pagamento.',
  orderClosed: 'Esta encomenda foi encerrada.',
  proofAlreadyUsed: 'Este comprovativo já foi usado noutra encomenda. Envia o comprovativo do pagamento desta encomenda.',
  transitionNotAllowed: (from: string, to: string) => `Uma encomenda em «${from}» não pode passar para «${to}».`,
  orderChanged: 'Esta encomenda mudou entretanto. Recarrega a página para ver o estado atual.',
  contactMessageNotFound: 'Mensagem de contacto não encontrada.',
  mailUnavailable: 'O serviço de e-mail não respondeu. O envio ficou registado como falhado; tenta novamente.',
  invalidCursor: 'A página pedida não é válida. Volta ao início da lista.',
  invalidQuery: 'Os filtros da pesquisa não são válidos.',
  /** Checkout before the go-live checklist is complete (503 `shop_not_ready`, docs/design.md §33). */
  shopNotReady: 'A loja ainda está em preparação: as encomendas abrem em breve. Nada foi reservado nem cobrado; volta daqui a uns dias.',
  /** A save of the settings over a version that is no longer the stored one: nothing saved. */
  settingsChanged:
    'As definições foram alteradas entretanto (noutra janela ou por outra pessoa) e nada foi guardado. Recarrega os valores atuais e volta a fazer as tuas alterações.',
} as const;

/**
 * What the shop says of uploaded files: proofs of payment and product photos. Apart from `apiTexts`,
 * which every function carries (its error map), so only the functions that take files carry these.
 */
export const uploadTexts = {
  proofNotFound: 'Não encontrámos o comprovativo enviado. Envia-o novamente.',
  proofTooLarge: 'O comprovativo tem mais de 10 MB. Envia um ficheiro mais pequeno.',
  /** A proof that is not a real picture or document (docs/design.md §29): not decodable, not the type declared, too large a picture. */
  proofInvalid: 'O ficheiro não é uma imagem ou PDF válido. Envia uma captura de ecrã ou o PDF do comprovativo.',
  /** A PDF proof with JavaScript, attached files, launch or form actions. */
  proofActiveContent:
    'Este PDF tem conteúdo ativo (scripts, ficheiros anexos ou ações) e não pode ser aceite. Envia uma captura de ecrã ou o PDF do comprovativo tal como o banco o deu.',
  /** The uploaded file is not the size the browser declared (the upload was tampered with or cut short). */
  proofWrongSize: 'O comprovativo não chegou completo. Envia-o novamente.',
  imageNotFound: 'Não encontrámos a imagem enviada. Envia-a novamente.',
  imageWrongType: 'A imagem tem de ser JPEG, PNG ou WebP, até 20 MB.',
  photoTooLarge: 'A foto tem mais de 20 MB. Envia uma foto mais pequena (por exemplo, exportada como JPEG).',
  photoWrongType: 'Este ficheiro não é uma foto JPEG, PNG ou WebP (mudar o nome ao ficheiro não muda o formato). Envia a foto como JPEG.',
  photoHeic:
    'As fotos HEIC do iPhone não são aceites: envia-a como JPEG (no iPhone, em Definições › Câmara › Formatos escolhe «Mais compatível», ou partilha a foto por e-mail/Ficheiros como JPEG).',
  photoUnreadable: 'Não foi possível ler esta foto (ficheiro danificado ou incompleto). Envia-a novamente, como JPEG.',
  photoShape:
    'A foto tem de ter no máximo 12 000 px de lado e não pode ser mais de 8 vezes mais comprida do que larga. Recorta-a ou envia outra.',
  photoGaveUp: 'Não foi possível preparar esta foto. Envia-a novamente ou envia outra (por exemplo, exportada como JPEG).',
  photoProcessing: 'A foto ainda está a ser preparada. Aguarda uns segundos e tenta novamente.',
  photoUploadNotFound: 'Não encontrámos este envio de foto. Envia a foto novamente.',
} as const;

/** Texts shared by many screens. */
export const commonTexts = {
  /** English original: 'Loading...'. */
  loading: 'A carregar...',
  /** English original: 'N/A' (a date that is missing). */
  notAvailable: 'N/D',
  /** Router fallback heading. English original: 'Unexpected Application Error!'. */
  unexpectedError: 'Ocorreu um erro inesperado!',
  /** English original: 'Error: {message}'. */
  errorWithMessage: (message: string) => `Erro: ${message}`,
  /** Every public page while the go-live checklist is not complete (docs/design.md §33). */
  preparingTitle: 'Loja em preparação',
  preparingBanner: 'Podes ver as peças à vontade, mas ainda não aceitamos encomendas: a loja abre em breve.',
  /** The checkout, in place of its form, while the shop is in preparation. */
  preparingCheckout:
    'Ainda não aceitamos encomendas: a loja abre em breve. O teu carrinho fica guardado neste navegador para quando abrirmos.',
  /** A page's code changed under the visitor (a new version): reloading fixes it. */
  pageUpdated: 'Esta página foi atualizada entretanto. Recarrega a página para continuar.',
} as const;

/** Product listing (/shop). */
export const catalogTexts = {
  /** Button under the listing while more pieces match than are shown. */
  showMore: (left: number) => `Mostrar mais peças (${left === 1 ? 'falta 1' : `faltam ${left}`})`,
  /** English original: 'No products found matching your criteria.'. */
  noProducts: 'Não encontrámos produtos com estes filtros.',
  loadFailed: 'Não foi possível carregar os produtos. Tenta novamente.',
  soldOut: 'Esgotado',
  /** The product page of an id that does not exist (or no longer does). */
  productGoneDetail: 'Esta peça não existe ou já não está disponível.',
  /** The shop's advertised offer (spec text; rule 26: from 30,00 € inclusive). */
  freeShipping: FREE_SHIPPING,
  /** Under a price: prices include VAT, shipping is shown before ordering. */
  vatIncluded: 'Preço com IVA incluído. Os portes são indicados antes de confirmares a encomenda.',
  /** English original: 'N% off'. */
  percentOff: (percent: number) => `-${percent}%`,
} as const;

/** The header's search field (in the shop's first load: kept short). */
export const searchFieldTexts = {
  label: 'Pesquisar peças',
  placeholder: 'Pesquisar peças',
  submit: 'Pesquisar',
} as const;

/** Product detail and add-to-cart popups. */
export const productTexts = {
  quantityUnavailable: 'Quantidade indisponível em stock. Tenta comprar menos.',
  addedToCart: 'Produto adicionado ao carrinho com sucesso!',
  /** Under the quantity control: why it stops (the shop's cap of units of one piece per order, its settings). */
  quantityMax: (max: number) => `Máximo de ${max} ${max === 1 ? 'unidade' : 'unidades'} desta peça por encomenda.`,
  /** The size selector of a piece sold in sizes (rings, necklaces, bracelets). */
  sizeLabel: 'Tamanho',
  /** Adding to the cart, or asking for a size's return while another size is on sale, with no size chosen. */
  sizeRequired: 'Escolhe um tamanho.',
  /** After a sold-out size in the selector. */
  sizeSoldOut: 'esgotado',
  /** Link to the FAQ's sizes answer. */
  sizeGuide: 'Guia de tamanhos',
  /** The back-in-stock form of one size. */
  sizeAlert: (size: string) => `O tamanho ${size} está esgotado. Avisamos-te quando voltar.`,
} as const;

/** Out-of-stock notification form. */
export const stockAlertTexts = {
  /** English original: 'You will be notified when the product is back in stock!'. */
  success: 'Depois de confirmares, avisamos-te uma única vez quando a peça voltar. Sem confirmação, o pedido é apagado em 7 dias.',
  /** Replaces the form once the request is stored: it waits for its address to confirm it (double opt-in). */
  sent: 'Enviámos-te um e-mail: confirma o pedido para receberes o aviso.',
  /** The confirmation page, while it sends the link's token. */
  confirming: 'A confirmar o teu pedido de aviso...',
  /** The confirmation page once the request is confirmed (`piece`: the name, with the size if any). */
  confirmed: (piece: string) => `Confirmado: avisamos-te quando ${piece} voltar.`,
  /** The confirmation page when the request could not be sent (network, server): the link still works. */
  confirmFailed: 'Não foi possível confirmar agora. Tenta abrir o link do e-mail outra vez daqui a pouco.',
  /** The confirmation page opened without a usable link, or refused by the server. */
  confirmLinkInvalid:
    'Este link de confirmação não é válido ou já expirou (os pedidos por confirmar são apagados ao fim de 7 dias). Pede o aviso de novo na página da peça.',
  failed: 'Não foi possível registar o teu pedido. Tenta novamente.',
} as const;

/** Contact form. */
export const contactTexts = {
  success: 'Mensagem enviada com sucesso!',
  failed: 'Erro ao enviar a mensagem. Tenta novamente.',
} as const;

/** Typed euro amounts (`parseEuroInput`). */
export const moneyTexts = {
  required: 'Indica um valor.',
  invalid: 'Indica um valor válido, por exemplo 12,50.',
  negative: 'O valor não pode ser negativo.',
  tooManyDecimals: 'Usa no máximo duas casas decimais.',
  tooLarge: 'O valor é demasiado grande.',
} as const;

/** Payment instructions as one line of text (e-mails). */
export const paymentTexts = {
  instructionsText: (instructions: PaymentInstructions): string => {
    switch (instructions.method) {
      case 'mbway':
        return instructions.automatic
          ? 'Aprova o pagamento no pedido MB WAY que chega ao teu telemóvel.'
          : `Paga por MB WAY para o número ${instructions.phone}.`;
      case 'multibanco':
        return 'Paga com a referência Multibanco da tua encomenda (entidade, referência e montante).';
      case 'transferencia':
        return `Faz uma transferência para o IBAN ${instructions.iban} (titular: ${instructions.holder}).`;
      case 'paypal':
        return `Paga por PayPal para ${instructions.handle}.`;
      case 'revolut':
        return `Paga por Revolut para ${instructions.handle}.`;
    }
  },
} as const;
