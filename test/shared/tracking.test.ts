import { describe, expect, it } from 'vitest';
import { cttTrackingUrl } from '#shared/shipping.ts';
import { isS10Code, isTrackingCode, normaliseTrackingCode, s10CheckDigit, trackingUrl } from '#shared/tracking.ts';

describe('UPU S10 tracking codes (CTT)', () => {
  it('compute the check digit with the weights 8 6 4 2 3 5 9 7: 11 − (sum mod 11), 10 → 0, 11 → 5', () => {
    // 1·8 + 2·6 + 3·4 + 4·2 + 5·3 + 6·5 + 7·9 + 8·7 = 204; 204 mod 11 = 6; 11 − 6 = 5.
    expect(s10CheckDigit('12345678')).toBe(5);
    // Sum 0: 11 − 0 = 11 → 5.
    expect(s10CheckDigit('00000000')).toBe(5);
    // 00000008: 8·7 = 56, 56 mod 11 = 1, 11 − 1 = 10 → 0; 00000003: 21 mod 11 = 10, 11 − 10 = 1.
    expect(s10CheckDigit('00000008')).toBe(0);
    expect(s10CheckDigit('00000003')).toBe(1);
  });

  it("accept a code whose check digit is right, and refuse the field's own old example", () => {
    expect(isS10Code('RR123456785PT')).toBe(true);
    expect(isS10Code('RR123456789PT')).toBe(false);
    expect(isS10Code('EA000000080PT')).toBe(true);
    expect(isS10Code('EE000000005PT')).toBe(true);
    expect(isS10Code('EA000000085PT')).toBe(false);
    for (const shape of ['R123456785PT', 'RR1234567855PT', 'RR123456785P', '12123456785PT', 'RR12345678SPT', 'rr123456785pt'])
      expect(isS10Code(shape), shape).toBe(false);
  });

  it('are kept without spaces, in capitals', () => {
    expect(normaliseTrackingCode(' rr 123 456 785 pt ')).toBe('RR123456785PT');
    expect(isTrackingCode(normaliseTrackingCode('rr123456785pt'))).toBe(true);
  });
});

describe('another carrier', () => {
  it('takes 4-40 capital letters, digits and dashes, and has no CTT link', () => {
    expect(isTrackingCode('DHL-1234', 'outra')).toBe(true);
    expect(isTrackingCode('RR123456789PT', 'outra')).toBe(true);
    for (const code of ['AB1', 'A'.repeat(41), 'AB 12', 'AB_12', 'AB<12>']) expect(isTrackingCode(code, 'outra'), code).toBe(false);
    expect(trackingUrl('DHL-1234', 'outra')).toBeUndefined();
    expect(trackingUrl('RR123456785PT')).toBe(cttTrackingUrl('RR123456785PT'));
    expect(trackingUrl('RR123456785PT', 'ctt')).toBe(cttTrackingUrl('RR123456785PT'));
  });
});
