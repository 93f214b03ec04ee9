import { describe, expect, it } from 'vitest';
import {
  BRACELET_LENGTH_CM,
  CANCELLATION_WINDOW_HOURS,
  DEFECT_REPORT_DAYS,
  INTERNATIONAL_DELIVERY_WORKING_DAYS,
  NATIONAL_DELIVERY_WORKING_DAYS,
  NECKLACE_LENGTHS_CM,
  RESPONSE_OR_REFUND_HOURS,
} from '#shared/policies.ts';
import { PAYMENT_METHOD_IDS, PAYMENT_METHOD_LABELS } from '#shared/payment-methods.ts';
import {
  IMAGE_ACCEPT,
  IMAGE_CONTENT_TYPES,
  IMAGE_PATH_PATTERN,
  MAX_IMAGE_BYTES,
  MAX_PROOF_BYTES,
  PROOF_ACCEPT,
  PROOF_CONTENT_TYPES,
  PROOF_KEY_PREFIX,
  isProofKey,
  proofKey,
  sniffContentType,
} from '#shared/uploads.ts';

describe('policy facts', () => {
  it('are the published numbers', () => {
    expect(CANCELLATION_WINDOW_HOURS).toBe(24);
    expect(RESPONSE_OR_REFUND_HOURS).toBe(48);
    expect(DEFECT_REPORT_DAYS).toBe(14);
    expect(NATIONAL_DELIVERY_WORKING_DAYS).toEqual({ min: 3, max: 5 });
    expect(INTERNATIONAL_DELIVERY_WORKING_DAYS).toEqual({ min: 7, max: 15 });
    expect(NECKLACE_LENGTHS_CM).toEqual([40, 45, 50]);
    expect(BRACELET_LENGTH_CM).toEqual({ min: 18, max: 20 });
  });
});

describe('payment methods', () => {
  it('are MB WAY, Multibanco (only through the provider), bank transfer, PayPal and Revolut, with pt labels', () => {
    expect(PAYMENT_METHOD_IDS).toEqual(['mbway', 'multibanco', 'transferencia', 'paypal', 'revolut']);
    expect(PAYMENT_METHOD_IDS.map((id) => PAYMENT_METHOD_LABELS[id])).toEqual([
      'MB WAY',
      'Multibanco',
      'Transferência Bancária',
      'PayPal',
      'Revolut',
    ]);
  });
});

describe('uploads', () => {
  it('accept proofs as JPEG, PNG, WebP, HEIC or PDF up to 10 MB', () => {
    expect(PROOF_CONTENT_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf']);
    expect(MAX_PROOF_BYTES).toBe(10_485_760);
    // HEIC left out of the picker's filter: iOS then hands over a JPEG, which the server can decode.
    expect(PROOF_ACCEPT).toBe('image/jpeg,image/png,image/webp,application/pdf');
  });

  it('accept product photos as JPEG, PNG or WebP up to 20 MB', () => {
    expect(IMAGE_CONTENT_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(MAX_IMAGE_BYTES).toBe(20_971_520);
    expect(IMAGE_ACCEPT).toBe('image/jpeg,image/png,image/webp');
  });

  it('key proofs by a random UUID under proofs/pending/', () => {
    const uuid = '0b8e8a8e-6f1e-4c1e-9d7a-2a5b1c3d4e5f';
    expect(PROOF_KEY_PREFIX).toBe('proofs/pending/');
    expect(proofKey(uuid)).toBe(`proofs/pending/${uuid}`);
    expect(proofKey(uuid.toUpperCase())).toBe(`proofs/pending/${uuid}`);
    expect(isProofKey(proofKey(crypto.randomUUID()))).toBe(true);
    for (const key of [
      `proofs/${uuid}`,
      `proofs/pending/${uuid}.pdf`,
      `proofs/pending/${uuid.toUpperCase()}`,
      `proofs/pending/../${uuid.slice(3)}`,
      `/proofs/pending/${uuid}`,
      42,
    ]) {
      expect(isProofKey(key)).toBe(false);
    }
  });

  it('recognise same-origin image paths only', () => {
    for (const path of ['/images/lua.webp', '/images/produtos/a_b-1.JPG']) expect(IMAGE_PATH_PATTERN.test(path)).toBe(true);
    for (const path of [
      'https://evil.example/images/a.png',
      '//evil.example/images/a.png',
      '/images/',
      '/images/../secret',
      '/images/a.png?x=1',
      '/imagesx/a.png',
      'images/a.png',
      '/images/a b.png',
    ]) {
      expect(IMAGE_PATH_PATTERN.test(path)).toBe(false);
    }
  });
});

describe('sniffContentType (browser and server)', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  const text = (value: string) => new TextEncoder().encode(value);
  it('knows a proof by its first bytes, never by its name', () => {
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0))).toBe('image/png');
    expect(sniffContentType(text('RIFF\0\0\0\0WEBP'))).toBe('image/webp');
    expect(sniffContentType(text('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffContentType(text('\0\0\0\x18ftypheic'))).toBe('image/heic');
    // An HTML page renamed .png.
    expect(sniffContentType(text('<!doctype html><html>'))).toBeUndefined();
    expect(sniffContentType(bytes())).toBeUndefined();
  });
});
