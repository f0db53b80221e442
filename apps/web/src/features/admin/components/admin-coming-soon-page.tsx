import { useAdminTitle } from './use-admin-title';

/** A section of the back office that is not built yet, said plainly inside the shell. */
export function AdminComingSoonPage({ section }: { section: string }) {
  useAdminTitle(section);
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">{section}</h1>
      <p className="admin-soon">
        <strong>Coming soon.</strong> This part of the back office is not built yet.
      </p>
    </section>
  );
}
