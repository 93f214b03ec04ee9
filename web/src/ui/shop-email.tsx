import { useSeller } from '#web/lib/shop-info.ts';
import { SHOP_EMAIL } from '#web/lib/shop-paths.ts';

/**
 * The shop's one contact address as a mail link: Definições' (`seller.email`, the same as the footer
 * and the e-mails'), the brand's only while the settings are not yet known (a pre-rendered page, the
 * app shell still fetching them).
 */
export function ShopEmail() {
  const email = useSeller()?.email ?? SHOP_EMAIL;
  return <a href={`mailto:${email}`}>{email}</a>;
}
