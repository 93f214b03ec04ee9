/**
 * The normalised keys one buyer is known by (docs/design.md §27): what the hold caps count and what a
 * block of a suspicious order refuses. Each folds the variants one person can type or use at will into
 * one key, so a second alias is not a second buyer.
 */

/**
 * An e-mail address as one inbox: lower case, without a `+tag`; Gmail ignores dots in its local part
 * and `googlemail.com` is `gmail.com`.
 *
 * @example emailKey('Ana.Costa+loja@GoogleMail.com') // 'anacosta@gmail.com'
 */
export function emailKey(email: string): string {
  const [rawLocal = '', rawDomain = ''] = email.trim().toLowerCase().split(/@(?=[^@]*$)/);
  const domain = rawDomain === 'googlemail.com' ? 'gmail.com' : rawDomain;
  const untagged = rawLocal.replace(/\+.*$/, '');
  const local = domain === 'gmail.com' ? untagged.replaceAll('.', '') : untagged;
  return `${local}@${domain}`;
}

/**
 * A phone number as its digits, without Portugal's country code (`+351`, `00351`).
 *
 * @example phoneKey('+351 912 345 678') // '912345678'
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.replace(/^(00)?351(?=\d{9}$)/, '');
}

/**
 * A client address as one subscriber: an IPv4 address as is (also when mapped into IPv6,
 * `::ffff:203.0.113.9`); an IPv6 address by its /64 network, since one subscriber holds a whole /64.
 *
 * @example clientKey('2001:db8:0:1:abcd::5') // '2001:db8:0:1::/64'
 */
export function clientKey(ip: string): string {
  const address = ip.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return address;
  if (address.includes(':')) return `${ipv6Network64(address)}::/64`;
  return address.slice(0, 64);
}

/** The first four groups of an IPv6 address (`2001:db8:0:1`), `::` expanded. */
function ipv6Network64(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('::', 2);
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = [...headGroups, ...Array.from({ length: missing }, () => '0'), ...tailGroups];
  return groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '') || '0').join(':');
}
