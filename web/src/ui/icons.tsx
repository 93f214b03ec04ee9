/** Small line icons drawn inline (no icon font, nothing fetched). Decorative: hidden from assistive technology. */
const common = {
  width: 22,
  height: 22,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export const BagIcon = () => (
  <svg {...common}>
    <path d="M5 8h14l-1 12H6L5 8Z" />
    <path d="M9 8V6a3 3 0 0 1 6 0v2" />
  </svg>
);
export const MenuIcon = () => (
  <svg {...common}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </svg>
);
export const CloseIcon = () => (
  <svg {...common}>
    <path d="M6 6l12 12M18 6 6 18" />
  </svg>
);
export const ChevronDownIcon = () => (
  <svg {...common} width={16} height={16}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);
export const ChevronLeftIcon = () => (
  <svg {...common}>
    <path d="m15 6-6 6 6 6" />
  </svg>
);
export const ChevronRightIcon = () => (
  <svg {...common}>
    <path d="m9 6 6 6-6 6" />
  </svg>
);
export const PauseIcon = () => (
  <svg {...common} width={18} height={18}>
    <path d="M9 6v12M15 6v12" />
  </svg>
);
export const PlayIcon = () => (
  <svg {...common} width={18} height={18}>
    <path d="M8 5.5v13l10-6.5-10-6.5Z" />
  </svg>
);
export const InstagramIcon = () => (
  <svg {...common}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
  </svg>
);
export const FacebookIcon = () => (
  <svg {...common}>
    <path d="M14 8.5h2.5V5H14a3.5 3.5 0 0 0-3.5 3.5V11H8v3.5h2.5V21H14v-6.5h2.5L17 11h-3V9a.5.5 0 0 1 .5-.5Z" />
  </svg>
);
export const TikTokIcon = () => (
  <svg {...common}>
    <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5" />
    <path d="M14 3c.4 2.6 2.1 4.3 5 4.6" />
  </svg>
);
