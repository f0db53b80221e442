import './product-badge.css';

/** The catalog's badge ('New', 'Hot', 'Sale'), coloured by kind; any other text gets the neutral look. */
export function ProductBadge({ badge, className }: { badge: string; className?: string }) {
  const text = badge.trim();
  if (!text) return null;
  const kind = ['new', 'hot', 'sale'].includes(text.toLowerCase()) ? text.toLowerCase() : 'other';
  return (
    <span className={['product-badge', `product-badge--${kind}`, className].filter(Boolean).join(' ')}>
      {text}
    </span>
  );
}
