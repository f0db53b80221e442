/**
 * /admin/categories (issue 36 §2, decision 0050): the shop's categories in menu order, each with its child
 * categories: add, rename (the name, or the address too: the old one redirects), move up or down (the Shop menu
 * and the home grid follow), retire and restore, and a category's thumbnail. Admins only (the server says so too).
 */
import type { AdminCategory, AdminChildCategory } from '@store/shared/admin-taxonomy';
import { categoryPath, childCategoryPath } from '@store/shared/paths';
import { useState } from 'react';
import { useAdminCategories, useCategoryChange, pictureForm, type TaxonomyCall } from '../api/admin-taxonomy';
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

/** Runs one change and reports it on the page's outcome line; rejects (for the forms) when it failed. */
function useChange(setOutcome: (o: Outcome) => void) {
  const change = useCategoryChange();
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
  return { run, busy: change.isPending };
}

export function AdminCategoriesPage() {
  useAdminTitle('Categories');
  const categories = useAdminCategories();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { run, busy } = useChange(setOutcome);
  const quiet = (call: TaxonomyCall) => run(call).catch(() => undefined);

  return (
    <section className="admin-page taxonomy" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Categories</h1>
      <p className="taxonomy__lead">
        The Shop menu, the Browse Categories menu and the home page&rsquo;s category grid show these in this
        order. A retired category is hidden from the shop and its address leads to all products; its products
        stay on sale.
      </p>
      <OutcomeLine outcome={outcome} />
      <section className="taxonomy__add" aria-labelledby="taxonomy-add-category">
        <h2 id="taxonomy-add-category">Add a category</h2>
        <NameForm
          label="Add a category"
          submitLabel="Add category"
          addressField="sku"
          addressPrefix="/shop?page=1&category="
          onSubmit={(body) => run({ method: 'POST', path: '/admin/categories', body })}
        />
      </section>
      <AdminLoadState query={categories} what="categories">
        {(tree) => (
          <ol className="taxonomy__list" aria-label="Categories in menu order">
            {tree.data.map((category, index) => (
              <CategoryItem
                key={category.id}
                category={category}
                first={index === 0}
                last={index === tree.data.length - 1}
                busy={busy}
                run={run}
                quiet={quiet}
              />
            ))}
          </ol>
        )}
      </AdminLoadState>
    </section>
  );
}

interface ItemProps {
  first: boolean;
  last: boolean;
  busy: boolean;
  run: (call: TaxonomyCall) => Promise<void>;
  quiet: (call: TaxonomyCall) => Promise<void>;
}

function MoveButtons({ name, path, first, last, busy, quiet }: ItemProps & { name: string; path: string }) {
  return (
    <>
      <button
        type="button"
        className="button admin-button--secondary taxonomy-action"
        disabled={busy || first}
        onClick={() => void quiet({ method: 'POST', path: `${path}/move`, body: { direction: 'up' } })}
      >
        Move up <span className="visually-hidden">{name}</span>
      </button>
      <button
        type="button"
        className="button admin-button--secondary taxonomy-action"
        disabled={busy || last}
        onClick={() => void quiet({ method: 'POST', path: `${path}/move`, body: { direction: 'down' } })}
      >
        Move down <span className="visually-hidden">{name}</span>
      </button>
    </>
  );
}

function RetireButton({
  name,
  path,
  retired,
  busy,
  quiet,
}: {
  name: string;
  path: string;
  retired: boolean;
  busy: boolean;
  quiet: (call: TaxonomyCall) => Promise<void>;
}) {
  return (
    <button
      type="button"
      className="button admin-button--secondary taxonomy-action"
      disabled={busy}
      onClick={() => void quiet({ method: 'PATCH', path: `${path}/retired`, body: { retired: !retired } })}
    >
      {retired ? 'Restore' : 'Retire'} <span className="visually-hidden">{name}</span>
    </button>
  );
}

function CategoryItem({ category, ...item }: ItemProps & { category: AdminCategory }) {
  const [renaming, setRenaming] = useState(false);
  const [adding, setAdding] = useState(false);
  const path = `/admin/categories/${category.id}`;
  const retired = category.retired_at !== null;
  const headingId = `taxonomy-category-${category.id}`;
  return (
    <li className={retired ? 'taxonomy-card taxonomy-card--retired' : 'taxonomy-card'}>
      <div className="taxonomy-card__head">
        <TaxonomyPicture path={category.thumbnail_image} className="taxonomy-card__thumb" />
        <div className="taxonomy-card__name">
          <h2 id={headingId} className="taxonomy-card__title">
            {category.title} <RetiredBadge retired={retired} />
          </h2>
          <p className="taxonomy-card__meta">
            <code>{categoryPath(category.sku)}</code> · {category.product_count}{' '}
            {category.product_count === 1 ? 'product' : 'products'}
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
          Rename <span className="visually-hidden">{category.title}</span>
        </button>
        <MoveButtons {...item} name={category.title} path={path} />
        <RetireButton
          name={category.title}
          path={path}
          retired={retired}
          busy={item.busy}
          quiet={item.quiet}
        />
        <PictureButton
          text="Upload thumbnail"
          label={`Upload a thumbnail for ${category.title}`}
          disabled={item.busy}
          onFile={(file) =>
            void item.quiet({ method: 'POST', path: `${path}/thumbnail`, body: pictureForm(file) })
          }
        />
      </div>
      {renaming && (
        <NameForm
          label={`Rename the category ${category.title}`}
          submitLabel="Save name"
          title={category.title}
          address={category.sku}
          addressField="sku"
          addressPrefix="/shop?page=1&category="
          onSubmit={async (body) => {
            await item.run({ method: 'PUT', path, body });
            setRenaming(false);
          }}
          onCancel={() => setRenaming(false)}
        />
      )}
      <h3 className="taxonomy-card__subtitle">
        Child categories <span className="visually-hidden">of {category.title}</span>
      </h3>
      {category.child_categories.length === 0 ? (
        <p className="taxonomy-card__empty">None yet.</p>
      ) : (
        <ol className="taxonomy-children">
          {category.child_categories.map((child, index) => (
            <ChildItem
              key={child.id}
              child={child}
              first={index === 0}
              last={index === category.child_categories.length - 1}
              busy={item.busy}
              run={item.run}
              quiet={item.quiet}
            />
          ))}
        </ol>
      )}
      {adding ? (
        <NameForm
          label={`Add a child category to ${category.title}`}
          submitLabel="Add child category"
          addressField="child_sku"
          addressPrefix="/shop?page=1&child_category="
          onSubmit={async (body) => {
            await item.run({ method: 'POST', path: `${path}/children`, body });
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <button
          type="button"
          className="button admin-button--secondary taxonomy-action taxonomy-card__add-child"
          onClick={() => setAdding(true)}
        >
          Add a child category <span className="visually-hidden">to {category.title}</span>
        </button>
      )}
    </li>
  );
}

function ChildItem({ child, ...item }: ItemProps & { child: AdminChildCategory }) {
  const [renaming, setRenaming] = useState(false);
  const path = `/admin/child-categories/${child.id}`;
  const retired = child.retired_at !== null;
  return (
    <li className={retired ? 'taxonomy-child taxonomy-card--retired' : 'taxonomy-child'}>
      <div className="taxonomy-child__row">
        <div className="taxonomy-card__name">
          <span className="taxonomy-child__title">
            {child.title} <RetiredBadge retired={retired} />
          </span>
          <span className="taxonomy-card__meta">
            <code>{childCategoryPath(child.child_sku)}</code> · {child.product_count}{' '}
            {child.product_count === 1 ? 'product' : 'products'}
          </span>
        </div>
        <div className="taxonomy-card__actions">
          <button
            type="button"
            className="button admin-button--secondary taxonomy-action"
            aria-expanded={renaming}
            onClick={() => setRenaming((r) => !r)}
          >
            Rename <span className="visually-hidden">{child.title}</span>
          </button>
          <MoveButtons {...item} name={child.title} path={path} />
          <RetireButton
            name={child.title}
            path={path}
            retired={retired}
            busy={item.busy}
            quiet={item.quiet}
          />
        </div>
      </div>
      {renaming && (
        <NameForm
          label={`Rename the child category ${child.title}`}
          submitLabel="Save name"
          title={child.title}
          address={child.child_sku}
          addressField="child_sku"
          addressPrefix="/shop?page=1&child_category="
          onSubmit={async (body) => {
            await item.run({ method: 'PUT', path, body });
            setRenaming(false);
          }}
          onCancel={() => setRenaming(false)}
        />
      )}
    </li>
  );
}
