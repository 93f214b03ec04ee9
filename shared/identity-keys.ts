/**
 * Who a customer is, for every per-customer key of the shop (docs/design.md §20 and §27): the request
 * limits per e-mail and per client address, and the caps on what one customer holds. One person with
 * many spellings of the same inbox, phone or network counts once.
 */

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The e-mail key: lower case, without a `+tag`; at Gmail (also written `googlemail.com`) the dots of
 * the local part are ignored too, as Gmail delivers `a.n.a@gmail.com` to `ana@gmail.com`.
 *
 * @example emailKey('Maria.Silva+loja@Example.COM') // 'maria.silva@example.com'
 * @example emailKey('M.A.R.I.A+x@GoogleMail.com')   // 'maria@gmail.com'
 */
export function emailKey(email: string): string {
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const untagged = local.replace(/\+.*$/, '');
  if (GMAIL_DOMAINS.has(domain)) return `${untagged.replace(/\./g, '')}@gmail.com`;
  return `${untagged}@${domain}`;
}

/**
 * The phone key: its digits, without an international `00`/`+` and without Portugal's `351`, so the
 * same Portuguese number written with or without its country code is one key.
 *
 * @example phoneKey('+351 912 345 678') // '912345678'
 * @example phoneKey('912345678')        // '912345678'
 * @example phoneKey('+351 0913777202')  // '913777202'
 * @example phoneKey('+34 612 345 678')  // '34612345678'
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^00/, '');
  // Portugal's 351, and a national 0 written before the nine digits (`+351 0913…`, `0913…`): none starts with 0.
  const national = /^3510?(\d{9})$/.exec(digits) ?? /^0(\d{9})$/.exec(digits);
  return national ? national[1]! : digits;
}

/**
 * The client-address key: an IPv4 address as is (also when mapped into IPv6, `::ffff:203.0.113.9`);
 * an IPv6 address by its /64 network, since one subscriber holds a whole /64 and can change the rest
 * at will. Anything else (no address) is kept as given, cut to 64 characters.
 *
 * @example clientAddressKey('2001:db8:0:1:aaaa::1') // '2001:db8:0:1::/64'
 * @example clientAddressKey('::ffff:203.0.113.9')   // '203.0.113.9'
 */
export function clientAddressKey(address: string): string {
  const ip = address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(ip)) return ip;
  if (ip.includes(':')) return `${ipv6Network64(ip)}::/64`;
  return ip.slice(0, 64);
}

/** The first four groups of an IPv6 address (`2001:db8:0:1`), `::` expanded. */
function ipv6Network64(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('::', 2);
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = [...headGroups, ...Array.from({ length: missing }, () => '0'), ...tailGroups];
  return groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, '') || '0')
    .join(':');
}
