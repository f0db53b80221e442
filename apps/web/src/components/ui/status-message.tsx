import type { ReactNode } from 'react';
import './status-message.css';

/** The two illustrations in public/images: a wrong turn (404) and a broken-down car (any other error). */
export const STATUS_IMAGES = {
  'not-found': { src: '/images/not-found.svg', alt: 'Page not found: a car stopped at a 404 road sign' },
  'bad-request': {
    src: '/images/bad-request.svg',
    alt: 'Something went wrong: a broken-down car with its bonnet up',
  },
} as const;

export interface StatusMessageProps {
  image: keyof typeof STATUS_IMAGES;
  title: string;
  /** The heading level: 1 when the message is the page, 2 inside one. */
  headingLevel?: 1 | 2;
  children?: ReactNode;
  /** Links or buttons that lead on. */
  actions?: ReactNode;
  role?: 'alert';
}

/** An illustrated message for a missing page or product, or a failed load. */
export function StatusMessage({
  image,
  title,
  headingLevel = 1,
  children,
  actions,
  role,
}: StatusMessageProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const { src, alt } = STATUS_IMAGES[image];
  return (
    <div className="status-message" role={role}>
      <img className="status-message__image" src={src} alt={alt} width={480} height={320} />
      <Heading className="status-message__title">{title}</Heading>
      {children && <div className="status-message__text">{children}</div>}
      {actions && <div className="status-message__actions">{actions}</div>}
    </div>
  );
}
