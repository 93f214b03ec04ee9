import { describe, expect, it } from 'vitest';
import {
  adminTexts,
  apiTexts,
  catalogTexts,
  checkoutTexts,
  commonTexts,
  contactTexts,
  productTexts,
  stockAlertTexts,
  validationTexts,
  messages,
} from '#shared/messages/index.ts';

describe('messages', () => {
  it('keeps the API error texts other modules rely on, word for word', () => {
    expect(apiTexts).toMatchObject({
      invalidJson: 'O pedido não é um JSON válido.',
      unsupportedMediaType: 'O pedido tem de ser enviado em JSON (Content-Type: application/json).',
      payloadTooLarge: 'O pedido é demasiado grande.',
      invalidInput: 'Alguns dados não são válidos. Corrige os campos assinalados.',
      routeNotFound: 'Este endereço não existe.',
      notFound: 'Não encontrámos o que procuras.',
      productNotFound: 'Produto não encontrado.',
      collectionExists: 'Já existe uma coleção com esse nome.',
      unauthorized: 'Tens de iniciar sessão para continuar.',
      forbidden: 'Não tens permissão para aceder a esta área.',
      conflict: 'O pedido entra em conflito com o estado atual. Tenta novamente.',
      unavailable: 'O serviço está temporariamente indisponível. Tenta novamente dentro de momentos.',
      internal: 'Ocorreu um erro inesperado. Tenta novamente dentro de momentos.',
    });
  });

  it('keeps the texts the shop gave in Portuguese word for word', () => {
    expect(productTexts.quantityUnavailable).toBe('Quantidade indisponível em stock. Tenta comprar menos.');
    expect(productTexts.addedToCart).toBe('Produto adicionado ao carrinho com sucesso!');
    expect(validationTexts.stockAlertEmail.required).toBe('Insere o teu e-mail para te conseguirmos avisar');
    // The words the shop gave ('Email Enviado. fica atento às novidades!') were no longer true with double opt-in.
    expect(stockAlertTexts.sent).toBe('Enviámos-te um e-mail: confirma o pedido para receberes o aviso.');
    expect(contactTexts.success).toBe('Mensagem enviada com sucesso!');
    expect(contactTexts.failed).toBe('Erro ao enviar a mensagem. Tenta novamente.');
    expect(checkoutTexts.missingFields).toBe('Por favor, preenche todos os campos obrigatórios.');
    expect(checkoutTexts.termsNotAccepted).toBe('Por favor, aceita os termos e condições.');
    expect(checkoutTexts.proofMissing).toBe('Por favor, carrega o comprovativo de pagamento.');
    expect(checkoutTexts.mbwayUnavailable).toBe('O MB WAY não está disponível este mês. Escolhe outro método de pagamento.');
    expect(adminTexts.noProof).toBe('Nenhum comprovativo enviado');
    expect(catalogTexts.soldOut).toBe('Esgotado');
  });

  it('translates the texts the shop gave in English to pt-PT', () => {
    expect(catalogTexts.noProducts).toBe('Não encontrámos produtos com estes filtros.');
    expect(stockAlertTexts.success).toBe(
      'Depois de confirmares, avisamos-te uma única vez quando a peça voltar. Sem confirmação, o pedido é apagado em 7 dias.',
    );
    expect(adminTexts.statusUpdated).toBe('Estado atualizado com sucesso!');
    expect(adminTexts.emailSent).toBe('E-mail enviado com sucesso!');
    expect(adminTexts.emailFailed).toBe('Não foi possível enviar o e-mail.');
    expect(adminTexts.emailFailedCheckLogs).toBe('Não foi possível enviar o e-mail. Consulta os registos.');
    expect(adminTexts.contactNotFound).toBe('Mensagem de contacto não encontrada.');
    expect(adminTexts.authLoading).toBe('A carregar, um momento...');
    expect(commonTexts.loading).toBe('A carregar...');
    expect(commonTexts.unexpectedError).toBe('Ocorreu um erro inesperado!');
    expect(commonTexts.errorWithMessage('sessão expirada')).toBe('Erro: sessão expirada');
    expect(checkoutTexts.proofUploading).toBe('A enviar...');
    expect(catalogTexts.percentOff(20)).toBe('-20%');
  });

  it('says which product is short at checkout and how many are left', () => {
    expect(checkoutTexts.outOfStock('Colar Lua', 0)).toBe('O produto «Colar Lua» esgotou entretanto. Retira-o do carrinho para continuar.');
    expect(checkoutTexts.outOfStock('Colar Lua', 1)).toBe('Só resta 1 unidade do produto «Colar Lua». Reduz a quantidade para continuar.');
    expect(checkoutTexts.outOfStock('Anel Sol', 3)).toBe('Só restam 3 unidades do produto «Anel Sol». Reduz a quantidade para continuar.');
    expect(checkoutTexts.orderPlaced(123456)).toContain('123456');
  });

  it('has no English leftovers among its static texts', () => {
    const texts: string[] = [];
    const collect = (node: unknown): void => {
      if (typeof node === 'string') texts.push(node);
      else if (node && typeof node === 'object') Object.values(node).forEach(collect);
    };
    collect(messages);
    expect(texts.length).toBeGreaterThan(100);
    for (const text of texts) {
      expect(text).not.toMatch(/\b(the|please|failed|error|success|loading|invalid|required|found)\b/i);
    }
  });
});
