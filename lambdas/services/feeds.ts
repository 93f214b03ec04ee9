/** The product feeds for Google and Meta from the public catalogue (docs/search-and-feeds.md). */
import { feedItems, googleFeedXml, metaFeedCsv } from '#shared/feeds.ts';
import { MAIL_ENV } from '../contracts/env.ts';
import { setting } from '../repositories/environment.ts';
import { publicCatalogue } from './catalogue-reads.ts';

/** Google Merchant Center's RSS 2.0 feed of every public piece with a photo. */
export async function googleFeed(shopUrl: string = setting(MAIL_ENV.shopUrl)): Promise<string> {
  return googleFeedXml(feedItems(await publicCatalogue(), shopUrl), shopUrl);
}

/** Meta's catalogue CSV of every public piece with a photo. */
export async function metaFeed(shopUrl: string = setting(MAIL_ENV.shopUrl)): Promise<string> {
  return metaFeedCsv(feedItems(await publicCatalogue(), shopUrl));
}
