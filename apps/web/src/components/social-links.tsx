import type { SocialLinks as SocialLinksData } from '@store/shared/store-settings';
import type { ReactNode } from 'react';
import { useSocialLinks } from '@/lib/api/get-social-links';

interface Network {
  key: keyof SocialLinksData;
  name: string;
  icon: ReactNode;
}

/** Simple glyphs drawn for this store (not the networks' trademarked logos), 24x24, filled. */
const NETWORKS: readonly Network[] = [
  {
    key: '_facebook_link',
    name: 'Facebook',
    icon: (
      <path d="M13.5 21v-7.5H16l.5-3h-3V8.6c0-.9.3-1.6 1.6-1.6h1.5V4.3A20 20 0 0 0 14.4 4C12 4 10.5 5.5 10.5 8.1v2.4H8v3h2.5V21h3Z" />
    ),
  },
  {
    key: '_twitter_link',
    name: 'X (Twitter)',
    icon: (
      <path d="M4 4h4.6l3.8 5.3L17 4h2.6l-5.9 6.8L20 20h-4.6l-4.1-5.7L6.3 20H3.7l6.3-7.2L4 4Zm3 1.6 9.1 12.8h1.2L8.2 5.6H7Z" />
    ),
  },
  {
    key: '_instagram_link',
    name: 'Instagram',
    icon: (
      <path
        fillRule="evenodd"
        d="M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3H8Zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7Zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z"
      />
    ),
  },
  {
    key: '_youtube_link',
    name: 'YouTube',
    icon: (
      <path
        fillRule="evenodd"
        d="M6 5h12a4 4 0 0 1 4 4v6a4 4 0 0 1-4 4H6a4 4 0 0 1-4-4V9a4 4 0 0 1 4-4Zm4 4v6l5-3-5-3Z"
      />
    ),
  },
  {
    key: '_linke_din',
    name: 'LinkedIn',
    icon: (
      <path d="M5 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM3.3 9h3.4v11.5H3.3V9Zm5.6 0h3.2v1.6c.5-.9 1.7-1.9 3.5-1.9 3.6 0 4.3 2.3 4.3 5.4v6.4h-3.4v-5.7c0-1.4 0-3.1-1.9-3.1s-2.2 1.5-2.2 3v5.8H8.9V9Z" />
    ),
  },
];

/** Only web links are shown (no javascript: or data: URLs), whatever the settings hold. */
function isSafeUrl(url: string | undefined): url is string {
  return typeof url === 'string' && /^https?:\/\//i.test(url);
}

/**
 * The store's social icons (SPEC §2 Footer): one for each link /api/social-links supplies, none otherwise.
 * Each link is named by its network for screen readers.
 */
export function SocialLinks({ storeName }: { storeName: string }) {
  const links = useSocialLinks();
  const shown = NETWORKS.filter((n) => isSafeUrl(links.data?.[n.key]));
  if (shown.length === 0) return null;
  return (
    <ul className="social-links" aria-label={`${storeName} on social media`}>
      {shown.map((network) => (
        <li key={network.key}>
          <a
            className="social-links__link"
            href={links.data?.[network.key]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${network.name} (opens in a new tab)`}
          >
            <svg
              viewBox="0 0 24 24"
              width="20"
              height="20"
              aria-hidden="true"
              focusable="false"
              fill="currentColor"
            >
              {network.icon}
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
