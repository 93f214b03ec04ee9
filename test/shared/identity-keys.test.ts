/** The keys one buyer is known by (docs/design.md §27) and the held-share rule of the owner's alert. */
import { describe, expect, it } from 'vitest';
import { blockUntil, isSuspiciousClosable, overHalfHeld } from '#shared/abuse.ts';
import { clientKey, emailKey, phoneKey } from '#shared/identity-keys.ts';

describe('identity keys', () => {
  it('an e-mail is one inbox: case, +tag, Gmail dots and googlemail fold; other domains keep their dots', () => {
    expect(emailKey(' Ana.Costa+loja@GMAIL.com ')).toBe('anacosta@gmail.com');
    expect(emailKey('a.n.a.costa@googlemail.com')).toBe('anacosta@gmail.com');
    expect(emailKey('ana.costa+x@sapo.pt')).toBe('ana.costa@sapo.pt');
  });

  it('a phone is its digits without +351 or 00351', () => {
    expect(phoneKey('+351 912 345 678')).toBe('912345678');
    expect(phoneKey('00351912345678')).toBe('912345678');
    expect(phoneKey('912-345-678')).toBe('912345678');
    expect(phoneKey('+44 20 7946 0958')).toBe('442079460958');
  });

  it('a client address is an IPv4 address (also mapped into IPv6) or an IPv6 /64', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:0:1:abcd::5')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:DB8:0000:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});

describe('the abuse rules', () => {
  it('more than half held (free plus held), not half', () => {
    expect(overHalfHeld(51, 49)).toBe(true);
    expect(overHalfHeld(50, 50)).toBe(false);
    expect(overHalfHeld(0, 0)).toBe(false);
  });

  it('only an unpaid or unconfirmed order closes as suspicious; a block ends after its time', () => {
    expect(isSuspiciousClosable('Aguarda Pagamento')).toBe(true);
    expect(isSuspiciousClosable('Confirmar Pagamento')).toBe(true);
    expect(isSuspiciousClosable('Enviar')).toBe(false);
    expect(isSuspiciousClosable('Encerrada')).toBe(false);
    expect(blockUntil(new Date('2026-11-26T10:00:00Z'), '7d')).toBe('2026-12-03T10:00:00.000Z');
  });
});
