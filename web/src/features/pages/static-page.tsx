import type { ReactNode } from 'react';
import { usePageMeta } from '#web/lib/page-meta.ts';
import './pages.css';

/** The frame of an information page: heading, lead paragraph, content; sets the page's title and description. */
export function StaticPage({
  eyebrow,
  title,
  metaTitle,
  lead,
  description,
  children,
}: {
  eyebrow?: string;
  title: string;
  metaTitle?: string;
  lead?: ReactNode;
  description: string;
  children: ReactNode;
}) {
  usePageMeta({ title: metaTitle ?? title, description });
  return (
    <article className="container page-body static-page">
      <header className="static-page__header">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
      </header>
      {children}
    </article>
  );
}
