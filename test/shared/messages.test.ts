import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';

describe('messages', () => {
  it('keeps the API error texts other modules rely on, word for word', () => {
    expect(messages.api).toMatchObject({
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
    expect(messages.product.quantityUnavailable).toBe('Quantidade indisponível em estoque. Tente comprar menos.');
    expect(messages.product.addedToCart).toBe('Produto adicionado ao carrinho com sucesso!');
    expect(messages.stockAlert.emailMissing).toBe('Insere o teu email para nós conseguirmos avisar');
    expect(messages.stockAlert.sent).toBe('Email Enviado. fica atento às novidades!');
    expect(messages.contact.success).toBe('Mensagem enviada com sucesso!');
    expect(messages.contact.failed).toBe('Erro ao enviar mensagem. Tente novamente.');
    expect(messages.checkout.missingFields).toBe('Por favor, preencha todos os campos obrigatórios.');
    expect(messages.checkout.termsNotAccepted).toBe('Por favor, aceite os termos e condições.');
    expect(messages.checkout.proofMissing).toBe('Por favor, faça upload do comprovativo de pagamento.');
    expect(messages.checkout.mbwayUnavailable).toBe(
      'MBWay não está disponível este mês. Escolha outro método de pagamento.',
    );
    expect(messages.admin.noProof).toBe('Nenhum comprovativo enviado');
    expect(messages.catalog.soldOut).toBe('Esgotado');
  });

  it('translates the texts the shop gave in English to pt-PT', () => {
    expect(messages.catalog.noProducts).toBe('Não encontrámos produtos com estes filtros.');
    expect(messages.stockAlert.success).toBe('Vais ser avisado quando o produto voltar a estar disponível!');
    expect(messages.admin.statusUpdated).toBe('Estado atualizado com sucesso!');
    expect(messages.admin.emailSent).toBe('E-mail enviado com sucesso!');
    expect(messages.admin.emailFailed).toBe('Não foi possível enviar o e-mail.');
    expect(messages.admin.emailFailedCheckLogs).toBe('Não foi possível enviar o e-mail. Consulta os registos.');
    expect(messages.admin.contactNotFound).toBe('Mensagem de contacto não encontrada.');
    expect(messages.admin.authLoading).toBe('A carregar, aguarde...');
    expect(messages.common.loading).toBe('A carregar...');
    expect(messages.common.unexpectedError).toBe('Ocorreu um erro inesperado!');
    expect(messages.common.errorWithMessage('sessão expirada')).toBe('Erro: sessão expirada');
    expect(messages.checkout.proofUploading).toBe('A enviar...');
    expect(messages.catalog.percentOff(20)).toBe('-20%');
  });

  it('says which product is short at checkout and how many are left', () => {
    expect(messages.checkout.outOfStock('Colar Lua', 0)).toBe(
      'O produto «Colar Lua» esgotou entretanto. Retira-o do carrinho para continuar.',
    );
    expect(messages.checkout.outOfStock('Colar Lua', 1)).toBe(
      'Só resta 1 unidade do produto «Colar Lua». Reduz a quantidade para continuar.',
    );
    expect(messages.checkout.outOfStock('Anel Sol', 3)).toBe(
      'Só restam 3 unidades do produto «Anel Sol». Reduz a quantidade para continuar.',
    );
    expect(messages.checkout.orderPlaced(123456)).toContain('123456');
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
