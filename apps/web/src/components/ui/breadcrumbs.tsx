import { Link } from 'react-router';
import { breadcrumbListJsonLd, JsonLd, type BreadcrumbStep } from '@/lib/json-ld';
import { siteOrigin } from '@/lib/site-origin';
import './breadcrumbs.css';

/** A step of the trail: `to` is omitted for the current page (the last crumb). */
export type Crumb = BreadcrumbStep;

/**
 * "Home / Batteries / Voltcore NS70 ..." as a navigation landmark; the last crumb is the current page. The same
 * trail goes to search engines as a schema.org BreadcrumbList (issue 14), so what they show is what the page shows.
 */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`}>
            {item.to === undefined ? (
              <span aria-current="page">{item.label}</span>
            ) : (
              <Link to={item.to}>{item.label}</Link>
            )}
          </li>
        ))}
      </ol>
      <JsonLd data={breadcrumbListJsonLd(items, siteOrigin())} />
    </nav>
  );
}
