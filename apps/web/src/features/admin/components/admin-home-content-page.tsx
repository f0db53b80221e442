import {
  HOME_CONTENT_KINDS,
  HOME_CONTENT_LABELS,
  HOME_CONTENT_LIMITS,
  FEATURED_PRODUCTS_LIMIT,
  describeWindow,
  homeContentInputSchema,
  isoToSydneyLocal,
  sydneyLocalToIso,
  type FeaturedProductItem,
  type HomeContentInputBody,
  type HomeContentItem,
  type HomeContentKind,
} from '@store/shared/home-content';
import type { HomeImageInfo } from '@store/shared/store-settings';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { mediaUrl, useMediaBaseUrl } from '@/lib/media';
import { useAdminProducts } from '../api/admin-products';
import {
  uploadHomeImage,
  useAdminHomeContent,
  useDeleteHomeItem,
  useReorderHomeItems,
  useSaveFeaturedProducts,
  useSaveHomeItem,
} from '../api/admin-home-content';
import { AdminField } from './admin-field';
import { AdminLoadState } from './admin-load-state';
import { useAdminTitle } from './use-admin-title';
import './admin-home-content.css';

/** The form's fields as typed; times are Sydney's wall clock (`datetime-local` values). */
export interface HomeItemFormValues {
  image: string;
  image_info: HomeImageInfo | null;
  heading: string;
  text: string;
  cta: string;
  link: string;
  starts_local: string;
  ends_local: string;
}

type Field = 'image' | 'heading' | 'text' | 'cta' | 'link' | 'starts_at' | 'ends_at' | 'kind';
type Errors = Partial<Record<Field, string>>;

const EMPTY: HomeItemFormValues = {
  image: '',
  image_info: null,
  heading: '',
  text: '',
  cta: '',
  link: '',
  starts_local: '',
  ends_local: '',
};

function valuesOf(item: HomeContentItem): HomeItemFormValues {
  return {
    image: item.image,
    image_info: item.image_info,
    heading: item.heading,
    text: item.text,
    cta: item.cta,
    link: item.link,
    starts_local: isoToSydneyLocal(item.starts_at),
    ends_local: isoToSydneyLocal(item.ends_at),
  };
}

const DATE_MESSAGE = 'Enter a date and time, or leave it empty.';

/**
 * The API's body from the form, and the refusals of the shared schema by field (the API's own messages): the
 * times are read as Sydney's wall clock whatever the browser's time zone.
 */
export function homeItemBody(
  kind: HomeContentKind,
  v: HomeItemFormValues,
): { body: HomeContentInputBody; errors: Errors } {
  const errors: Errors = {};
  const starts = v.starts_local ? sydneyLocalToIso(v.starts_local) : null;
  const ends = v.ends_local ? sydneyLocalToIso(v.ends_local) : null;
  if (v.starts_local && !starts) errors.starts_at = DATE_MESSAGE;
  if (v.ends_local && !ends) errors.ends_at = DATE_MESSAGE;
  const body: HomeContentInputBody = {
    kind,
    image: v.image.trim(),
    heading: v.heading,
    text: v.text,
    cta: v.cta,
    link: v.link.trim(),
    starts_at: starts,
    ends_at: ends,
  };
  const parsed = homeContentInputSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return { body, errors };
}

const asFieldError = (message: string | undefined) => (message ? { type: 'validate', message } : undefined);

/** A stored picture's URL at the media base, as the shop shows it. */
function useThumbnail(path: string): string | null {
  const base = useMediaBaseUrl();
  return path && base !== null ? mediaUrl(base, path) : null;
}

function Thumbnail({ path }: { path: string }) {
  const src = useThumbnail(path);
  return (
    <span className="admin-home__thumb">
      {src ? <img src={src} alt="" width={160} height={64} loading="lazy" /> : null}
    </span>
  );
}

function HomeItemForm({
  kind,
  item,
  onDone,
}: {
  kind: HomeContentKind;
  item: HomeContentItem | null;
  onDone: (message: string | null) => void;
}) {
  const save = useSaveHomeItem(item?.id ?? null);
  const [values, setValues] = useState<HomeItemFormValues>(item ? valuesOf(item) : EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const prefix = `${kind}-${item?.id ?? 'new'}`;
  const preview = useThumbnail(values.image);
  const set = <K extends keyof HomeItemFormValues>(key: K, value: HomeItemFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const text = (key: 'heading' | 'text' | 'cta' | 'link' | 'image') => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
  });

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setUploading(true);
    setErrors((x) => ({ ...x, image: undefined }));
    try {
      const answer = await uploadHomeImage(file);
      setValues((v) => ({ ...v, image: answer.data.path, image_info: answer.data.image_info }));
    } catch (error) {
      setErrors((x) => ({
        ...x,
        image: error instanceof Error ? error.message : 'The picture was not uploaded.',
      }));
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert(null);
    const { body, errors: found } = homeItemBody(kind, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAlert('Check the fields marked below.');
      return;
    }
    try {
      const answer = await save.mutateAsync(body);
      onDone(answer.message);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        const server: Errors = {};
        for (const f of error.fieldErrors) server[f.field as Field] = f.message;
        setErrors(server);
      }
      setAlert(error instanceof Error ? error.message : 'It was not saved.');
    }
  };

  const label = HOME_CONTENT_LABELS[kind].one;
  return (
    <form
      className="admin-form admin-home__form"
      noValidate
      onSubmit={onSubmit}
      aria-label={item ? `Edit ${label}: ${item.heading}` : `New ${label}`}
    >
      <p role="alert" className="admin-form__alert">
        {alert}
      </p>
      <div className="admin-field">
        <label className="admin-field__label" htmlFor={`admin-${prefix}-file`}>
          Picture
        </label>
        <p id={`admin-${prefix}-file-hint`} className="admin-field__hint">
          A JPEG, PNG or WebP of at most 5 MB, wide (about 1600 × 640 for a slide, 1200 × 400 for a banner),
          with room on the left for the words.
        </p>
        <input
          id={`admin-${prefix}-file`}
          className="admin-input"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={`admin-${prefix}-file-hint`}
          onChange={(e) => void onFile(e)}
          disabled={uploading}
        />
        {uploading && <p role="status">Uploading the picture…</p>}
        {preview && (
          <img
            className="admin-home__preview"
            src={preview}
            alt="Preview of the chosen picture"
            width={320}
            height={128}
          />
        )}
      </div>
      <AdminField
        label="Picture path"
        hint="Filled in by the upload; or the path of a picture already in the media folder, e.g. home/hero-batteries.webp."
        autoComplete="off"
        error={asFieldError(errors.image)}
        {...text('image')}
        name={`${prefix}-image`}
      />
      <AdminField
        label="Heading"
        autoComplete="off"
        error={asFieldError(errors.heading)}
        {...text('heading')}
        name={`${prefix}-heading`}
      />
      <AdminField
        label="Text"
        optional
        autoComplete="off"
        error={asFieldError(errors.text)}
        {...text('text')}
        name={`${prefix}-text`}
      />
      <AdminField
        label="Button text"
        optional
        hint="Empty for 'Shop now'."
        autoComplete="off"
        error={asFieldError(errors.cta)}
        {...text('cta')}
        name={`${prefix}-cta`}
      />
      <AdminField
        label="Link"
        hint="A page of this store, starting with /, e.g. /shop?page=1&category=brakes."
        autoComplete="off"
        error={asFieldError(errors.link)}
        {...text('link')}
        name={`${prefix}-link`}
      />
      <div className="admin-home__dates">
        <AdminField
          label="Show from (Sydney time)"
          optional
          hint="Empty: from now on."
          type="datetime-local"
          error={asFieldError(errors.starts_at)}
          value={values.starts_local}
          onChange={(e) => set('starts_local', e.target.value)}
          name={`${prefix}-starts`}
        />
        <AdminField
          label="Show until (Sydney time)"
          optional
          hint="Empty: until you delete it. Hidden from this moment on."
          type="datetime-local"
          error={asFieldError(errors.ends_at)}
          value={values.ends_local}
          onChange={(e) => set('ends_local', e.target.value)}
          name={`${prefix}-ends`}
        />
      </div>
      {errors.kind && <p className="admin-form__alert">{errors.kind}</p>}
      <div className="admin-home__form-actions">
        <button type="submit" className="button" disabled={save.isPending || uploading}>
          {save.isPending ? 'Saving…' : item ? 'Save changes' : `Add ${label}`}
        </button>
        <button type="button" className="button admin-button--secondary" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function itemStatus(item: HomeContentItem): { label: string; tone: 'live' | 'scheduled' | 'ended' } {
  if (item.live) return { label: 'Live now', tone: 'live' };
  if (item.starts_at && Date.parse(item.starts_at) > Date.now())
    return { label: 'Scheduled', tone: 'scheduled' };
  return { label: 'Ended', tone: 'ended' };
}

function KindSection({
  kind,
  items,
  fallback,
  onNotice,
}: {
  kind: HomeContentKind;
  items: HomeContentItem[];
  fallback: number;
  onNotice: (text: string) => void;
}) {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const reorder = useReorderHomeItems();
  const remove = useDeleteHomeItem();
  const headingId = useId();
  const labels = HOME_CONTENT_LABELS[kind];
  const done = (message: string | null) => {
    setEditing(null);
    if (message) onNotice(message);
  };
  const move = async (index: number, by: -1 | 1) => {
    const ids = items.map((i) => i.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    try {
      onNotice((await reorder.mutateAsync({ kind, ids })).message);
    } catch (error) {
      onNotice(error instanceof Error ? error.message : 'The order was not saved.');
    }
  };
  const del = async (item: HomeContentItem) => {
    if (!window.confirm(`Delete the ${labels.one} "${item.heading}"?`)) return;
    try {
      onNotice((await remove.mutateAsync(item.id)).message);
    } catch (error) {
      onNotice(error instanceof Error ? error.message : 'It was not deleted.');
    }
  };

  return (
    <section className="admin-home__kind" aria-labelledby={headingId}>
      <h2 id={headingId}>{labels.many}</h2>
      <p className="admin-field__hint">
        The home page shows the first {HOME_CONTENT_LIMITS[kind].shown} live ones, in this order.
        {kind === 'offer_banner' &&
          ' The first two sit side by side below the featured products, the rest across the page.'}
      </p>
      {fallback > 0 && (
        <p className="admin-home__fallback">
          You have made none: the home page shows the store&apos;s {fallback} demo{' '}
          {fallback === 1 ? labels.one : labels.many.toLowerCase()}. Once you add one, only yours show.
        </p>
      )}
      {items.length > 0 && (
        <ol className="admin-home__list">
          {items.map((item, index) => {
            const status = itemStatus(item);
            return (
              <li key={item.id} className="admin-home__item">
                {editing === item.id ? (
                  <HomeItemForm kind={kind} item={item} onDone={done} />
                ) : (
                  <>
                    <Thumbnail path={item.image} />
                    <div className="admin-home__body">
                      <p className="admin-home__heading">
                        <strong>{item.heading}</strong>{' '}
                        <span className={`admin-home__status admin-home__status--${status.tone}`}>
                          {status.label}
                        </span>
                      </p>
                      {item.text && <p>{item.text}</p>}
                      <p className="admin-home__meta">
                        {describeWindow(item.starts_at, item.ends_at)} · links to <code>{item.link}</code>
                      </p>
                    </div>
                    <div className="admin-home__actions">
                      <button
                        type="button"
                        className="button admin-button--secondary"
                        disabled={index === 0 || reorder.isPending}
                        onClick={() => void move(index, -1)}
                        aria-label={`Move up: ${item.heading}`}
                      >
                        Up
                      </button>
                      <button
                        type="button"
                        className="button admin-button--secondary"
                        disabled={index === items.length - 1 || reorder.isPending}
                        onClick={() => void move(index, 1)}
                        aria-label={`Move down: ${item.heading}`}
                      >
                        Down
                      </button>
                      <button
                        type="button"
                        className="button admin-button--secondary"
                        onClick={() => setEditing(item.id)}
                        aria-label={`Edit: ${item.heading}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="button admin-button--secondary"
                        onClick={() => void del(item)}
                        aria-label={`Delete: ${item.heading}`}
                      >
                        Delete
                      </button>
                    </div>
                  </>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {editing === 'new' ? (
        <HomeItemForm kind={kind} item={null} onDone={done} />
      ) : (
        <button type="button" className="button" onClick={() => setEditing('new')}>
          Add {/^[aeiou]/.test(labels.one) ? 'an' : 'a'} {labels.one}
        </button>
      )}
    </section>
  );
}

function FeaturedSection({
  featured,
  onNotice,
}: {
  featured: FeaturedProductItem[];
  onNotice: (text: string) => void;
}) {
  const [chosen, setChosen] =
    useState<{ sku: string; title: string; featured_image: string | null }[]>(featured);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveFeaturedProducts();
  const found = useAdminProducts({ q: search.trim() || undefined, per_page: 5 });
  const headingId = useId();
  const dirty = JSON.stringify(chosen.map((c) => c.sku)) !== JSON.stringify(featured.map((f) => f.sku));
  const move = (index: number, by: -1 | 1) =>
    setChosen((list) => {
      const next = [...list];
      const [one] = next.splice(index, 1);
      if (one) next.splice(index + by, 0, one);
      return next;
    });
  const onSave = async () => {
    setError(null);
    try {
      const answer = await save.mutateAsync(chosen.map((c) => c.sku));
      setChosen(answer.data);
      onNotice(answer.message);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The featured products were not saved.');
    }
  };
  const has = new Set(chosen.map((c) => c.sku.toLowerCase()));
  const results = search.trim() ? (found.data?.data ?? []).filter((p) => !has.has(p.sku.toLowerCase())) : [];

  return (
    <section className="admin-home__kind" aria-labelledby={headingId}>
      <h2 id={headingId}>Featured products</h2>
      <p className="admin-field__hint">
        The Featured Products carousel, in this order (at most {FEATURED_PRODUCTS_LIMIT}). Products featured
        on their own page come after these, newest first.
      </p>
      {chosen.length === 0 ? (
        <p>No featured products: the carousel is hidden.</p>
      ) : (
        <ol className="admin-home__list">
          {chosen.map((p, index) => (
            <li key={p.sku} className="admin-home__item admin-home__item--product">
              <Thumbnail path={p.featured_image ?? ''} />
              <div className="admin-home__body">
                <p className="admin-home__heading">
                  <strong>{p.title}</strong>
                </p>
                <p className="admin-home__meta">SKU {p.sku}</p>
              </div>
              <div className="admin-home__actions">
                <button
                  type="button"
                  className="button admin-button--secondary"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`Move up: ${p.title}`}
                >
                  Up
                </button>
                <button
                  type="button"
                  className="button admin-button--secondary"
                  disabled={index === chosen.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`Move down: ${p.title}`}
                >
                  Down
                </button>
                <button
                  type="button"
                  className="button admin-button--secondary"
                  onClick={() => setChosen((list) => list.filter((x) => x.sku !== p.sku))}
                  aria-label={`Remove: ${p.title}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <AdminField
        label="Add a product"
        optional
        hint="Type a SKU or part of a title."
        type="search"
        autoComplete="off"
        error={undefined}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        name="featured-search"
      />
      {results.length > 0 && (
        <ul className="admin-home__results" aria-label="Products found">
          {results.map((p) => (
            <li key={p.sku}>
              <span>
                {p.title} <span className="admin-home__meta">SKU {p.sku}</span>
              </span>
              <button
                type="button"
                className="button admin-button--secondary"
                disabled={chosen.length >= FEATURED_PRODUCTS_LIMIT}
                onClick={() =>
                  setChosen((list) => [...list, { sku: p.sku, title: p.title, featured_image: null }])
                }
                aria-label={`Feature: ${p.title}`}
              >
                Feature
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="alert" className="admin-form__alert">
        {error}
      </p>
      <button
        type="button"
        className="button"
        disabled={!dirty || save.isPending}
        onClick={() => void onSave()}
      >
        {save.isPending ? 'Saving…' : 'Save featured products'}
      </button>
    </section>
  );
}

/**
 * /admin/home (issue 36 §2, admins): the home page's hero slides, side banners, offer banners and featured
 * products. Each slide or banner has a picture (uploaded), words, a link inside the store and an optional window
 * typed in Sydney time; a kind the owner has made none of shows the store's demo content.
 */
export function AdminHomeContentPage() {
  useAdminTitle('Home page');
  const query = useAdminHomeContent();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className="admin-page admin-home" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Home page</h1>
      <p>
        What the shop&apos;s home page shows. Times are Sydney time; an item shows only between its times, and
        a change shows in the shop at once.
      </p>
      <p role="status" className="admin-product-saved">
        {notice}
      </p>
      <AdminLoadState query={query} what="home page content">
        {(answer) => (
          <>
            {HOME_CONTENT_KINDS.map((kind) => (
              <KindSection
                key={kind}
                kind={kind}
                items={answer.data.filter((i) => i.kind === kind)}
                fallback={answer.fallback[kind]}
                onNotice={setNotice}
              />
            ))}
            <FeaturedSection
              key={answer.featured.map((f) => f.sku).join(',')}
              featured={answer.featured}
              onNotice={setNotice}
            />
          </>
        )}
      </AdminLoadState>
    </section>
  );
}
