/** A link to another site, opened in a new window, saying so to screen readers. */
export function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (abre numa nova janela)</span>
    </a>
  );
}
