import { describe, expect, it } from 'vitest';
import { hasLowStockSize, hasSoldOutSize, sizeStockSummary } from '#shared/stock.ts';
import { lineSku } from '#shared/variants.ts';

const ring = (...stock: number[]) => ({ variants: stock.map((units, i) => ({ label: String(12 + 2 * i), stock: units })) });
const piece = (stock: number) => ({ variants: [{ label: '', stock }] });

describe('low stock and sold out, size by size', () => {
  it('a ring with sizes 12 and 16 at 1 unit each is low (threshold 2), although its total is 2... or more', () => {
    expect(hasLowStockSize(ring(1, 1), 2)).toBe(true);
    expect(hasLowStockSize(ring(1, 10), 2)).toBe(true);
    expect(hasLowStockSize(ring(3, 10), 2)).toBe(false);
    // A sold-out size is not "low": it is sold out.
    expect(hasLowStockSize(ring(0, 10), 2)).toBe(false);
    expect(hasLowStockSize(ring(1, 1), 0)).toBe(false);
  });

  it('a necklace with one length at 0 is on the sold-out list', () => {
    expect(hasSoldOutSize(ring(5, 0, 3))).toBe(true);
    expect(hasSoldOutSize(ring(5, 1))).toBe(false);
  });

  it('a piece without sizes reads as before: its one stock', () => {
    expect(hasLowStockSize(piece(2), 2)).toBe(true);
    expect(hasLowStockSize(piece(3), 2)).toBe(false);
    expect(hasSoldOutSize(piece(0))).toBe(true);
    expect(sizeStockSummary(piece(4))).toBe('');
  });

  it("says each size's stock in one line", () => {
    expect(
      sizeStockSummary({
        variants: [
          { label: '14', stock: 1 },
          { label: '16', stock: 0 },
        ],
      }),
    ).toBe('14: 1 · 16: 0');
  });
});

describe("a line's SKU on the owner's papers", () => {
  it("is the size's SKU, else the product's code", () => {
    expect(lineSku({ sku: 'AN-LUA-14', code: 'AN-LUA' })).toBe('AN-LUA-14');
    expect(lineSku({ sku: '', code: 'AN-LUA' })).toBe('AN-LUA');
    expect(lineSku({ code: 'AN-LUA' })).toBe('AN-LUA');
  });
});
