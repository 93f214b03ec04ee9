/**
 * The product feeds' addresses for the owner to paste into Google Merchant Center and Meta's Commerce
 * Manager (docs/search-and-feeds.md): the shop's own address (the back-office runs on it) and the feeds' paths.
 */
import { FEED_PATHS } from '#shared/feeds.ts';
import { feedTexts as t } from '#shared/messages/search.ts';

export function FeedAddresses() {
  const origin = window.location.origin;
  const rows = [
    { id: 'feed-google', label: t.google, url: `${origin}${FEED_PATHS.google}` },
    { id: 'feed-meta', label: t.meta, url: `${origin}${FEED_PATHS.meta}` },
  ];
  return (
    <section className="card" aria-labelledby="feeds-title" data-testid="feed-addresses">
      <h2 id="feeds-title">{t.title}</h2>
      <p className="muted">{t.intro}</p>
      {rows.map((row) => (
        <p key={row.id}>
          <label htmlFor={row.id}>{row.label}</label>
          <input id={row.id} type="url" readOnly value={row.url} onFocus={(event) => event.target.select()} />
        </p>
      ))}
    </section>
  );
}
