import { describe, expect, it } from 'vitest';
import { clientAddressKey, emailKey, phoneKey } from '#shared/identity-keys.ts';

describe('the e-mail key', () => {
  it('is lower case and drops a +tag', () => {
    expect(emailKey('Maria.Silva+loja@Example.COM')).toBe('maria.silva@example.com');
    expect(emailKey(' a+b+c@x.pt ')).toBe('a@x.pt');
  });

  it('ignores the dots of a Gmail address and reads Googlemail as Gmail', () => {
    const spellings = [
      'ana.costa@gmail.com',
      'anacosta@gmail.com',
      'A.N.A.C.O.S.T.A@GMAIL.COM',
      'ana.costa+loja@googlemail.com',
      'anacosta+1+2@GoogleMail.com',
    ];
    expect(new Set(spellings.map(emailKey))).toEqual(new Set(['anacosta@gmail.com']));
  });

  it('keeps the dots everywhere else: other providers deliver them to other inboxes', () => {
    expect(emailKey('ana.costa@sapo.pt')).not.toBe(emailKey('anacosta@sapo.pt'));
    expect(emailKey('ana.costa@gmail.com.evil.pt')).toBe('ana.costa@gmail.com.evil.pt');
  });

  it('splits at the last @', () => {
    expect(emailKey('"a@b"+x@gmail.com')).toBe('"a@b"@gmail.com');
  });
});

describe('the phone key', () => {
  it("is the digits, without Portugal's +351 or 00351", () => {
    for (const phone of ['912345678', '+351912345678', '00351 912 345 678', '(+351) 912-345-678', '351912345678'])
      expect(phoneKey(phone)).toBe('912345678');
  });

  it('drops a national 0 written before the nine digits, with or without +351/00351', () => {
    for (const phone of ['+351 0913777202', '00351 0913777202', '0913777202', '0913 777 202']) expect(phoneKey(phone)).toBe('913777202');
    expect(phoneKey('913777202')).toBe('913777202');
  });

  it("keeps other countries' codes", () => {
    expect(phoneKey('+34 612 345 678')).toBe('34612345678');
    expect(phoneKey('0034612345678')).toBe('34612345678');
  });
});

describe('the client-address key', () => {
  it('an IPv4 address is itself, also mapped into IPv6', () => {
    expect(clientAddressKey('198.51.100.10')).toBe('198.51.100.10');
    expect(clientAddressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('::FFFF:203.0.113.9')).toBe('203.0.113.9');
  });

  it('an IPv6 address is its /64 network, however it is written', () => {
    expect(clientAddressKey('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(clientAddressKey('2001:db8:0:1::9')).toBe('2001:db8:0:1::/64');
    expect(clientAddressKey('2001:0DB8:0000:0001:ffff::1')).toBe('2001:db8:0:1::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});
