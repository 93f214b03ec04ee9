import { FacebookIcon, InstagramIcon, TikTokIcon } from './icons.tsx';
import { externalLinks } from '#web/lib/shop-paths.ts';

const social = [
  { href: externalLinks.instagram, label: 'Instagram', Icon: InstagramIcon },
  { href: externalLinks.facebook, label: 'Facebook', Icon: FacebookIcon },
  { href: externalLinks.tiktok, label: 'TikTok', Icon: TikTokIcon },
] as const;

/** The three social networks, as icon links (with their names shown when `labelled`). */
export function SocialLinks({ className = 'social-links', labelled = false }: { className?: string; labelled?: boolean }) {
  return (
    <ul className={className}>
      {social.map(({ href, label, Icon }) => (
        <li key={label}>
          <a href={href} target="_blank" rel="noopener noreferrer">
            <Icon />
            {labelled ? <span>{label}</span> : <span className="visually-hidden">{label}</span>}
            <span className="visually-hidden"> (abre numa nova janela)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
