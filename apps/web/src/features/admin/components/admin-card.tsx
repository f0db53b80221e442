import type { ReactNode } from 'react';
import { AdminBrand } from './admin-brand';

/** The centred card of the back office's sign-in and password pages, under a plain bar with the store's name. */
export function AdminCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="admin-auth">
      <header className="admin-auth__bar">
        <AdminBrand />
      </header>
      <main className="admin-auth__main" id="admin-main">
        <div className="admin-card">
          <h1 className="admin-card__title">{title}</h1>
          {lead && <div className="admin-card__lead">{lead}</div>}
          {children}
        </div>
      </main>
    </div>
  );
}
