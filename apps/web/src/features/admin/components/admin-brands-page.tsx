/**
 * /admin/brands (issue 36 §2, decision 0050): every brand A-Z with its logo and cover: add, rename (the name, or
 * the address too: the old brand page redirects), upload a logo or a cover, retire and restore. Admins only.
 */
import type { AdminBrand } from '@store/shared/admin-taxonomy';
import { brandPath } from '@store/shared/paths';
import { useState } from 'react';
import {
  brandImagePath,
  pictureForm,
  useAdminBrands,
  useBrandChange,
  type TaxonomyCall,
} from '../api/admin-taxonomy';
import { AdminLoadState } from './admin-load-state';
import {
  NameForm,
  OutcomeLine,
  PictureButton,
  RetiredBadge,
  TaxonomyPicture,
  failureText,
  type Outcome,
} from './admin-taxonomy-parts';
import { useAdminTitle } from './use-admin-title';

export function AdminBrandsPage() {
  useAdminTitle('Brands');
  const brands = useAdminBrands();
  const change = useBrandChange();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (call: TaxonomyCall) => {
    setOutcome(null);
    try {
      const answer = await change.mutateAsync(call);
      setOutcome({ ok: true, text: answer.message ?? 'Saved.' });
    } catch (error) {
      setOutcome({ ok: false, text: failureText(error) });
      throw error;
    }
  };
  const quiet = (call: TaxonomyCall) => run(call).catch(() => undefined);

  return (
    <section className="admin-page taxonomy" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Brands</h1>
      <p className="taxonomy__lead">
        The All Brands menu, the brands page and the shop&rsquo;s brand filter list these. A retired brand is
        hidden and its page leads to the brands page; its products stay on sale.
      </p>
      <OutcomeLine outcome={outcome} />
      <section className="taxonomy__add" aria-labelledby="taxonomy-add-brand">
        <h2 id="taxonomy-add-brand">Add a brand</h2>
        <NameForm
          label="Add a brand"
          submitLabel="Add brand"
          addressField="permalink"
          addressPrefix="/brand?page=1&brand="
          onSubmit={(body) => run({ method: 'POST', path: '/admin/brands', body })}
        />
      </section>
      <AdminLoadState query={brands} what="brands">
        {(list) => (
          <ul className="taxonomy__list taxonomy__list--brands" aria-label="Brands">
            {list.data.map((brand) => (
              <BrandItem key={brand.id} brand={brand} busy={change.isPending} run={run} quiet={quiet} />
            ))}
          </ul>
        )}
      </AdminLoadState>
    </section>
  );
}

function BrandItem({
  brand,
  busy,
  run,
  quiet,
}: {
  brand: AdminBrand;
  busy: boolean;
  run: (call: TaxonomyCall) => Promise<void>;
  quiet: (call: TaxonomyCall) => Promise<void>;
}) {
  const [renaming, setRenaming] = useState(false);
  const path = `/admin/brands/${brand.id}`;
  const retired = brand.retired_at !== null;
  return (
    <li className={retired ? 'taxonomy-card taxonomy-card--retired' : 'taxonomy-card'}>
      <TaxonomyPicture path={brand.cover_image} className="taxonomy-card__cover" />
      <div className="taxonomy-card__head">
        <TaxonomyPicture
          path={brand.logo_image}
          className="taxonomy-card__thumb taxonomy-card__thumb--logo"
        />
        <div className="taxonomy-card__name">
          <h2 className="taxonomy-card__title">
            {brand.title} <RetiredBadge retired={retired} />
          </h2>
          <p className="taxonomy-card__meta">
            <code>{brandPath(brand.permalink)}</code> · {brand.product_count}{' '}
            {brand.product_count === 1 ? 'product' : 'products'}
          </p>
        </div>
      </div>
      <div className="taxonomy-card__actions">
        <button
          type="button"
          className="button admin-button--secondary taxonomy-action"
          aria-expanded={renaming}
          onClick={() => setRenaming((r) => !r)}
        >
          Rename <span className="visually-hidden">{brand.title}</span>
        </button>
        <button
          type="button"
          className="button admin-button--secondary taxonomy-action"
          disabled={busy}
          onClick={() =>
            void quiet({ method: 'PATCH', path: `${path}/retired`, body: { retired: !retired } })
          }
        >
          {retired ? 'Restore' : 'Retire'} <span className="visually-hidden">{brand.title}</span>
        </button>
        <PictureButton
          text="Upload logo"
          label={`Upload a logo for ${brand.title}`}
          disabled={busy}
          onFile={(file) =>
            void quiet({ method: 'POST', path: brandImagePath(brand.id, 'logo'), body: pictureForm(file) })
          }
        />
        <PictureButton
          text="Upload cover"
          label={`Upload a cover for ${brand.title}`}
          disabled={busy}
          onFile={(file) =>
            void quiet({ method: 'POST', path: brandImagePath(brand.id, 'cover'), body: pictureForm(file) })
          }
        />
      </div>
      {renaming && (
        <NameForm
          label={`Rename the brand ${brand.title}`}
          submitLabel="Save name"
          title={brand.title}
          address={brand.permalink}
          addressField="permalink"
          addressPrefix="/brand?page=1&brand="
          onSubmit={async (body) => {
            await run({ method: 'PUT', path, body });
            setRenaming(false);
          }}
          onCancel={() => setRenaming(false)}
        />
      )}
    </li>
  );
}
