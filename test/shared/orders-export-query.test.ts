import { describe, expect, it } from 'vitest';
import { csvDocument } from '#shared/csv.ts';
import { validationTexts } from '#shared/messages/index.ts';
import { ORDER_STATUSES } from '#shared/order-status.ts';
import { exportStatuses, ordersExportQuerySchema, parseExportStatuses } from '#shared/schemas/admin-query.ts';

const range = { from: '2026-11-01', to: '2026-11-30' };

describe('the statuses of the accountant\'s export', () => {
  it('are the paid ones unless the query names others', () => {
    expect(exportStatuses(ordersExportQuerySchema.parse(range))).toEqual(['Enviar', 'Enviado', 'Concluido']);
    expect(exportStatuses(ordersExportQuerySchema.parse({ ...range, status: 'Aguarda Pagamento' }))).toEqual(['Aguarda Pagamento']);
    expect(exportStatuses(ordersExportQuerySchema.parse({ ...range, status: ORDER_STATUSES.join(',') }))).toEqual(ORDER_STATUSES);
  });

  it('named with commas, in any order and repeated, read in the lifecycle\'s order', () => {
    expect(parseExportStatuses('Concluido, Enviar,Concluido')).toEqual(['Enviar', 'Concluido']);
  });

  it('refuse a name that is not a status, in Portuguese', () => {
    for (const status of ['', 'Pago', 'Enviar,', 'enviar', 'Concluído']) {
      const result = ordersExportQuerySchema.safeParse({ ...range, status });
      expect(result.success, status).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(validationTexts.export.statuses);
    }
  });
});

describe('csvDocument', () => {
  it('puts its preamble lines before the header', () => {
    expect(csvDocument(['A', 'B'], [[1, 2]], ['Estados incluídos: Enviar'])).toBe('\uFEFFEstados incluídos: Enviar\r\nA;B\r\n1;2\r\n');
  });
});
