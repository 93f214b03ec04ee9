import { describe, expect, it } from 'vitest';
import { csvDocument } from '#shared/csv.ts';
import { validationTexts } from '#shared/messages/index.ts';
import { ORDER_STATUSES } from '#shared/order-status.ts';
import { exportFileName, exportStatuses, ordersExportQuerySchema, parseExportStatuses } from '#shared/schemas/orders-export-query.ts';

const range = { from: '2026-11-01', to: '2026-11-30' };

describe("the statuses of the accountant's export", () => {
  it('are the paid ones unless the query names others', () => {
    expect(exportStatuses(ordersExportQuerySchema.parse(range))).toEqual(['Enviar', 'Enviado', 'Concluido']);
    expect(exportStatuses(ordersExportQuerySchema.parse({ ...range, status: 'Aguarda Pagamento' }))).toEqual(['Aguarda Pagamento']);
    expect(exportStatuses(ordersExportQuerySchema.parse({ ...range, status: ORDER_STATUSES.join(',') }))).toEqual(ORDER_STATUSES);
  });

  it("named with commas, in any order and repeated, read in the lifecycle's order", () => {
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
  it('puts the header on row 1, the BOM on its line', () => {
    expect(csvDocument(['A', 'B'], [[1, 2]])).toBe('\uFEFFA;B\r\n1;2\r\n');
  });
});

describe("the export's file name", () => {
  it('says what it holds, its days and its statuses', () => {
    expect(exportFileName(ordersExportQuerySchema.parse(range))).toBe('encomendas-2026-11-01-a-2026-11-30-enviar-enviado-concluido.csv');
    expect(exportFileName(ordersExportQuerySchema.parse({ ...range, kind: 'movements', status: 'Encerrada,Aguarda Pagamento' }))).toBe(
      'movimentos-2026-11-01-a-2026-11-30-aguarda-pagamento-encerrada.csv',
    );
    expect(exportFileName(ordersExportQuerySchema.parse({ ...range, kind: 'lines' }))).toMatch(/^linhas-de-encomendas-/);
  });
});
