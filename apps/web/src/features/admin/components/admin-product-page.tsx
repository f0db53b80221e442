import { DANGEROUS_GOODS_CLASSES } from '@store/shared/delivery-rules';
import {
  EMPTY_PRODUCT_FORM,
  PRODUCT_EDITOR_MESSAGES as M,
  PRODUCT_IMAGE_TYPES,
  SHORT_DESCRIPTION_MAX,
  productBodyOf,
  productCreateSchema,
  productEditorErrorsOf,
  productEditorFormOf,
  type EditorProduct,
  type ProductEditorForm,
} from '@store/shared/admin-product-editor';
import type { AuditEntry } from '@store/shared/admin';
import {
  ADMIN_PRICE_LABELS,
  exGstTextOf,
  percentSaleTextOf,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
} from '@store/shared/admin-products';
import { formatCents } from '@store/shared/money';
import { productPath } from '@store/shared/paths';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { mediaUrl, useMediaBaseUrl } from '@/lib/media';
import {
  uploadProductImage,
  useEditorProduct,
  useEditorWrite,
  useProductTaxonomy,
  type EditorAction,
} from '../api/admin-product-editor';
import { sydneyDateTime } from '../admin-format';
import { useStoreGstPercent } from '../use-store-gst-percent';
import { AdminField } from './admin-field';
import { AdminFitmentPicker } from './admin-fitment-picker';
import { useAdminTitle } from './use-admin-title';
import './admin-product.css';
import { AdminLocationStockPanel } from './admin-location-stock-panel';

/** TipTap and ProseMirror come only with the editor page, in a chunk of their own. */
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** A changed field as a person reads it: cents as dollars, the discount as 'Save 20%' or '$5.00 off'. */
function show(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'number' && key.endsWith('_cents')) return formatCents(value);
  if (key === 'discount' && typeof value === 'object') {
    const d = value as { type: number; value: number };
    return d.type === 0 ? `${d.value}% off` : `${formatCents(d.value)} off inc. GST`;
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.join('; ');
  if (typeof value === 'string' && value.length > 120) return `${value.slice(0, 117)}…`;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const FIELD_NAMES: Record<string, string> = {
  price_cents: ADMIN_PRICE_LABELS.price,
  sale_price_cents: ADMIN_PRICE_LABELS.salePrice,
  discount: 'Discount',
  stock: 'Stock',
  is_featured: 'Featured',
  dangerous_goods_class: 'Dangerous goods class',
  bulky: 'Bulky',
  size_mm: 'Size (mm)',
  seo_title: 'Meta title',
  seo_description: 'Meta description',
};

function ProductAudit({ audit }: { audit: AuditEntry[] }) {
  return (
    <section className="admin-product-section" aria-labelledby="admin-product-audit">
      <h2 id="admin-product-audit">Audit trail</h2>
      {audit.length === 0 ? (
        <p>No changes from the back office yet.</p>
      ) : (
        <ul className="admin-product-audit">
          {audit.map((a) => (
            <li key={a.id}>
              <strong>{a.action}</strong> by {a.staff_name} on {sydneyDateTime(a.at)}
              {a.before !== null && (
                <ul>
                  {Object.keys({ ...a.before, ...a.after }).map((key) => (
                    <li key={key}>
                      {FIELD_NAMES[key] ?? key.replace(/_/g, ' ')}: {show(key, a.before?.[key])} →{' '}
                      {show(key, a.after?.[key])}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Feedback = { ok: boolean; text: string; conflict?: boolean } | null;
type Errors = Record<string, string>;
type TextField = {
  [K in keyof ProductEditorForm]: ProductEditorForm[K] extends string ? K : never;
}[keyof ProductEditorForm];

/** A section of the editor: a fieldset with its legend, as Shopify's cards. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="admin-product-fieldset">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** A multi-line box with its label, hint and message (the AdminField of a textarea). */
function TextArea({
  name,
  label,
  hint,
  value,
  error,
  maxLength,
  onChange,
}: {
  name: string;
  label: string;
  hint?: string;
  value: string;
  error: string | undefined;
  maxLength: number;
  onChange: (v: string) => void;
}) {
  const id = `admin-${name}`;
  const describedBy = [error && `${id}-message`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="admin-field">
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="admin-field__hint">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        className="admin-input admin-product-textarea"
        rows={3}
        maxLength={maxLength}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-message`} className="admin-field__message">
          {error}
        </p>
      )}
    </div>
  );
}

/** A select with its label and message. */
function Select({
  name,
  label,
  value,
  error,
  disabled,
  none,
  options,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  disabled?: boolean;
  none: string;
  options: { id: number; title: string }[];
  onChange: (v: string) => void;
}) {
  const id = `admin-${name}`;
  return (
    <div className="admin-field">
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="admin-input"
        value={value}
        disabled={disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-message` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{none}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.title}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-message`} className="admin-field__message">
          {error}
        </p>
      )}
    </div>
  );
}

/** The pictures: upload (several at once), choose the featured one, move, remove. */
function MediaSection({
  images,
  error,
  onImages,
}: {
  images: ProductEditorForm['images'];
  error: string | undefined;
  onImages: (update: (images: ProductEditorForm['images']) => ProductEditorForm['images']) => void;
}) {
  const base = useMediaBaseUrl();
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState('');
  const move = (i: number, by: number) =>
    onImages((list) => {
      const next = [...list];
      const [item] = next.splice(i, 1);
      if (item) next.splice(i + by, 0, item);
      return next;
    });

  async function upload(files: FileList | null) {
    if (!files) return;
    setProblem('');
    for (const file of Array.from(files)) {
      setUploading((n) => n + 1);
      try {
        const stored = await uploadProductImage(file);
        onImages((list) =>
          list.some((i) => i.path === stored.path)
            ? list
            : [...list, { path: stored.path, featured: list.length === 0 }],
        );
      } catch (e) {
        setProblem(`${file.name}: ${e instanceof Error ? e.message : M.imageUnreadable}`);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  }

  const message = problem || error;
  return (
    <Section title="Media">
      {images.length === 0 ? (
        <p className="admin-product-none">No pictures yet.</p>
      ) : (
        <ol className="admin-product-images" aria-label="Pictures, in the order the shop shows them">
          {images.map((image, i) => (
            <li key={image.path} className="admin-product-image">
              {base && (
                <img src={mediaUrl(base, image.path)} alt={`Picture ${i + 1}`} width={96} height={96} />
              )}
              <div className="admin-product-image__actions">
                <label className="admin-product-check">
                  <input
                    type="radio"
                    name="featured-image"
                    checked={image.featured}
                    onChange={() => onImages((list) => list.map((x, j) => ({ ...x, featured: j === i })))}
                  />
                  Featured<span className="visually-hidden"> picture {i + 1}</span>
                </label>
                <button
                  type="button"
                  className="admin-import-link"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  Move up<span className="visually-hidden"> picture {i + 1}</span>
                </button>
                <button
                  type="button"
                  className="admin-import-link"
                  disabled={i === images.length - 1}
                  onClick={() => move(i, 1)}
                >
                  Move down<span className="visually-hidden"> picture {i + 1}</span>
                </button>
                <button
                  type="button"
                  className="admin-import-link"
                  onClick={() =>
                    onImages((list) => {
                      const rest = list.filter((_, j) => j !== i);
                      // The featured picture removed: the first one left becomes it.
                      return rest.some((x) => x.featured)
                        ? rest
                        : rest.map((x, j) => ({ ...x, featured: j === 0 }));
                    })
                  }
                >
                  Remove<span className="visually-hidden"> picture {i + 1}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="admin-field">
        <label className="admin-field__label" htmlFor="admin-images">
          Add pictures
        </label>
        <p id="admin-images-hint" className="admin-field__hint">
          JPEG, PNG, WebP, GIF or AVIF, at most 10 MB each. The shop gets sized copies of each.
        </p>
        <input
          id="admin-images"
          type="file"
          multiple
          accept={PRODUCT_IMAGE_TYPES.join(',')}
          aria-describedby={message ? 'admin-images-message admin-images-hint' : 'admin-images-hint'}
          aria-invalid={Boolean(message)}
          onChange={(e) => {
            void upload(e.target.files);
            e.target.value = '';
          }}
        />
        <p role="status" className="admin-product-none">
          {uploading > 0 ? `Uploading ${uploading} picture${uploading === 1 ? '' : 's'}…` : ''}
        </p>
        {message && (
          <p id="admin-images-message" className="admin-field__message">
            {message}
          </p>
        )}
      </div>
    </Section>
  );
}

function ProductEditor({
  product,
  feedback,
  setFeedback,
  onReload,
}: {
  product: EditorProduct | null;
  feedback: Feedback;
  setFeedback: (f: Feedback) => void;
  onReload: () => void;
}) {
  const [form, setForm] = useState<ProductEditorForm>(() =>
    product ? productEditorFormOf(product) : EMPTY_PRODUCT_FORM,
  );
  const [errors, setErrors] = useState<Errors>({});
  const write = useEditorWrite();
  const navigate = useNavigate();
  const taxonomy = useProductTaxonomy();
  const gstPercent = useStoreGstPercent();
  const set = <K extends keyof ProductEditorForm>(key: K, value: ProductEditorForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A message goes once its field is changed; the next save checks again.
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const text = (name: TextField) => ({
    name,
    value: form[name],
    error: errors[name] ? { type: 'server', message: errors[name] } : undefined,
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
  });
  const category = taxonomy.data?.categories.find((c) => String(c.id) === form.category_id);

  async function run(action: EditorAction, after?: (sku: string, message: string) => void) {
    setFeedback(null);
    try {
      const answer = await write.mutateAsync(action);
      const message = answer.message ?? M.unchanged;
      setErrors({});
      if (after) after(answer.data.sku, message);
      else setFeedback({ ok: true, text: message });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setErrors(productEditorErrorsOf(error.fieldErrors));
      setFeedback({
        ok: false,
        text: error instanceof Error ? error.message : 'The product was not saved.',
        conflict: error instanceof ApiError && error.status === 409,
      });
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = productBodyOf(form);
    const checked = productCreateSchema.safeParse(body);
    if (!checked.success) {
      const found = productEditorErrorsOf(
        checked.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
      );
      setErrors(found);
      setFeedback({ ok: false, text: `Check the highlighted fields: ${Object.values(found)[0] ?? ''}` });
      return;
    }
    if (!product) {
      void run({ kind: 'create', body: checked.data }, (sku, message) =>
        navigate(`/admin/products/${encodeURIComponent(sku)}`, { state: { message } }),
      );
      return;
    }
    void run(
      { kind: 'save', sku: product.sku, body: { ...checked.data, version: product.version } },
      (sku, message) => {
        if (sku !== product.sku)
          navigate(`/admin/products/${encodeURIComponent(sku)}`, { state: { message } });
        else setFeedback({ ok: true, text: message });
      },
    );
  }

  return (
    <form
      className="admin-form admin-product-form admin-product-editor"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="admin-product-edit"
    >
      <h2 id="admin-product-edit" className="visually-hidden">
        {product ? 'Edit the product' : 'New product'}
      </h2>
      <Section title="Title and description">
        <AdminField label="Title" autoComplete="off" {...text('title')} />
        <TextArea
          name="short_description"
          label="Short description"
          hint="A sentence or two shown near the price."
          value={form.short_description}
          error={errors.short_description}
          maxLength={SHORT_DESCRIPTION_MAX}
          onChange={(v) => set('short_description', v)}
        />
        <div className="admin-field">
          <p id="admin-long_description-label" className="admin-field__label">
            Description
          </p>
          <p id="admin-long_description-hint" className="admin-field__hint">
            Shown on the product page. Scripts, styles and unsafe links are removed when you save.
          </p>
          <Suspense fallback={<p role="status">Loading the editor…</p>}>
            <RichTextEditor
              id="admin-long_description"
              labelId="admin-long_description-label"
              describedBy={
                errors.long_description
                  ? 'admin-long_description-message admin-long_description-hint'
                  : 'admin-long_description-hint'
              }
              invalid={Boolean(errors.long_description)}
              value={form.long_description}
              onChange={(v) => set('long_description', v)}
            />
          </Suspense>
          {errors.long_description && (
            <p id="admin-long_description-message" className="admin-field__message">
              {errors.long_description}
            </p>
          )}
        </div>
      </Section>

      <MediaSection
        images={form.images}
        error={errors.images}
        onImages={(update) => setForm((f) => ({ ...f, images: update(f.images) }))}
      />

      <Section title="Pricing">
        <div className="admin-product-grid">
          <div className="admin-product-price">
            <AdminField
              label={ADMIN_PRICE_LABELS.price}
              hint={ADMIN_PRICE_LABELS.priceHint}
              inputMode="decimal"
              autoComplete="off"
              {...text('price')}
            />
            <output id="admin-price-beside" htmlFor="admin-price" className="admin-product-ex-gst">
              {exGstTextOf(form.price, gstPercent)}
            </output>
          </div>
          <div className="admin-product-price">
            <AdminField
              label={ADMIN_PRICE_LABELS.salePrice}
              optional
              hint={ADMIN_PRICE_LABELS.salePriceHint}
              inputMode="decimal"
              autoComplete="off"
              {...text('sale_price')}
            />
            <output id="admin-sale_price-beside" htmlFor="admin-sale_price" className="admin-product-ex-gst">
              {exGstTextOf(form.sale_price, gstPercent)}
            </output>
          </div>
          <div className="admin-product-price">
            <AdminField
              label="Or percent off"
              optional
              hint={ADMIN_PRICE_LABELS.percentOffHint}
              inputMode="numeric"
              autoComplete="off"
              {...text('discount_percent')}
            />
            <output
              id="admin-discount_percent-beside"
              htmlFor="admin-discount_percent"
              className="admin-product-ex-gst"
            >
              {percentSaleTextOf(form.price, form.discount_percent, gstPercent)}
            </output>
          </div>
        </div>
      </Section>

      <Section title="Inventory">
        <div className="admin-product-grid">
          <AdminField label="SKU" autoComplete="off" spellCheck={false} {...text('sku')} />
          <AdminField
            label="Stock"
            optional
            hint="Units on hand; empty if you do not track stock."
            inputMode="numeric"
            autoComplete="off"
            {...text('stock')}
          />
          <AdminField
            label="Reorder level"
            hint="The low-stock mail lists the product at or below this."
            inputMode="numeric"
            autoComplete="off"
            {...text('reorder_level')}
          />
          <AdminField
            label="Weight (grams)"
            optional
            inputMode="numeric"
            autoComplete="off"
            {...text('weight_grams')}
          />
        </div>
      </Section>

      <Section title="Delivery">
        {/* Issue 41 (decision 0069): what may carry it — dangerous goods go by road to a street address only,
            bulky items not to PO boxes or lockers, and the size gives the cubic weight delivery is priced by. */}
        <div className="admin-product-grid">
          <div className="admin-field">
            <label className="admin-field__label" htmlFor="admin-dangerous_goods_class">
              Dangerous goods class
            </label>
            <select
              id="admin-dangerous_goods_class"
              name="dangerous_goods_class"
              className="admin-input"
              value={form.dangerous_goods_class}
              aria-invalid={errors.dangerous_goods_class ? true : undefined}
              aria-describedby={
                errors.dangerous_goods_class ? 'admin-dangerous_goods_class-message' : undefined
              }
              onChange={(e) => set('dangerous_goods_class', e.target.value)}
            >
              <option value="">Not a dangerous good</option>
              {DANGEROUS_GOODS_CLASSES.map((c) => (
                <option key={c} value={c}>
                  Class {c}
                  {c === '8' ? ' (corrosive: car batteries)' : ''}
                </option>
              ))}
            </select>
            {errors.dangerous_goods_class && (
              <p id="admin-dangerous_goods_class-message" className="admin-field__message">
                {errors.dangerous_goods_class}
              </p>
            )}
          </div>
          <AdminField
            label="Length (mm)"
            optional
            inputMode="numeric"
            autoComplete="off"
            {...text('length_mm')}
          />
          <AdminField
            label="Width (mm)"
            optional
            inputMode="numeric"
            autoComplete="off"
            {...text('width_mm')}
          />
          <AdminField
            label="Height (mm)"
            optional
            inputMode="numeric"
            autoComplete="off"
            {...text('height_mm')}
          />
        </div>
        <div className="admin-product-check">
          <input
            id="admin-bulky"
            type="checkbox"
            checked={form.bulky}
            onChange={(e) => set('bulky', e.target.checked)}
          />
          <label htmlFor="admin-bulky">
            Bulky item (standard delivery only, with the bulky surcharge; not to PO boxes or parcel lockers)
          </label>
        </div>
      </Section>

      <Section title="Organisation">
        <div className="admin-product-grid">
          <Select
            name="category_id"
            label="Category"
            value={form.category_id}
            error={errors.category_id}
            none="No category"
            options={taxonomy.data?.categories ?? []}
            onChange={(v) => setForm((f) => ({ ...f, category_id: v, child_category_id: '' }))}
          />
          <Select
            name="child_category_id"
            label="Child category"
            value={form.child_category_id}
            error={errors.child_category_id}
            disabled={!category}
            none="No child category"
            options={category?.children ?? []}
            onChange={(v) => set('child_category_id', v)}
          />
          <Select
            name="brand_id"
            label="Brand"
            value={form.brand_id}
            error={errors.brand_id}
            none="No brand"
            options={taxonomy.data?.brands ?? []}
            onChange={(v) => set('brand_id', v)}
          />
        </div>
        <div className="admin-product-check">
          <input
            id="admin-is_featured"
            type="checkbox"
            checked={form.is_featured}
            onChange={(e) => set('is_featured', e.target.checked)}
          />
          <label htmlFor="admin-is_featured">Featured on the home page</label>
        </div>
      </Section>

      <Section title="Part numbers">
        <AdminField
          label="Part numbers"
          optional
          hint="OE and other brands' numbers, separated by commas (DB1170, 04465-0K240). Search finds them however they are typed."
          autoComplete="off"
          spellCheck={false}
          {...text('part_numbers')}
        />
      </Section>

      <Section title="Fitment">
        <AdminFitmentPicker
          rows={form.fitments}
          universal={form.universal_fit}
          errors={errors}
          onRows={(rows) => set('fitments', rows)}
          onUniversal={(u) => set('universal_fit', u)}
        />
      </Section>

      <Section title="Search engines">
        <AdminField
          label="Permalink"
          optional
          hint={
            product
              ? 'The product’s address in the shop. Changing it breaks old links.'
              : 'Empty: made from the title.'
          }
          autoComplete="off"
          spellCheck={false}
          {...text('permalink')}
        />
        <AdminField
          label="Meta title"
          optional
          hint={`At most ${SEO_TITLE_MAX} characters; empty to use the product's title.`}
          maxLength={SEO_TITLE_MAX}
          {...text('seo_title')}
        />
        <TextArea
          name="seo_description"
          label="Meta description"
          hint={`At most ${SEO_DESCRIPTION_MAX} characters.`}
          value={form.seo_description}
          error={errors.seo_description}
          maxLength={SEO_DESCRIPTION_MAX}
          onChange={(v) => set('seo_description', v)}
        />
      </Section>

      <div className="admin-product-actions">
        <p role="status" className={feedback?.ok === false ? 'admin-form__alert' : 'admin-product-saved'}>
          {feedback?.text}
        </p>
        {feedback?.conflict && (
          <button type="button" className="button admin-button--secondary" onClick={onReload}>
            Reload the product
          </button>
        )}
        <button type="submit" className="button admin-submit" disabled={write.isPending}>
          {write.isPending ? 'Saving…' : product ? 'Save changes' : 'Create product'}
        </button>
      </div>
    </form>
  );
}

/** Status, Duplicate and Archive: actions on the saved product. */
function ProductStatus({
  product,
  setFeedback,
}: {
  product: EditorProduct;
  setFeedback: (f: Feedback) => void;
}) {
  const write = useEditorWrite();
  const navigate = useNavigate();
  const archived = product.archived_at !== null;
  async function act(action: EditorAction) {
    setFeedback(null);
    try {
      const answer = await write.mutateAsync(action);
      const message = answer.message ?? M.unchanged;
      if (answer.data.sku !== product.sku) {
        navigate(`/admin/products/${encodeURIComponent(answer.data.sku)}`, { state: { message } });
      } else setFeedback({ ok: true, text: message });
    } catch (error) {
      setFeedback({
        ok: false,
        text: error instanceof Error ? error.message : 'Nothing was changed.',
        conflict: error instanceof ApiError && error.status === 409,
      });
    }
  }
  return (
    <section className="admin-product-status" aria-labelledby="admin-product-status">
      <h2 id="admin-product-status">Status</h2>
      <p>
        <span className={archived ? 'admin-product-low' : 'admin-product-active'}>
          {archived ? 'Archived' : 'Active'}
        </span>{' '}
        {archived
          ? `since ${sydneyDateTime(product.archived_at ?? '')}: not in the shop, search or listings.`
          : 'in the shop.'}
      </p>
      <div className="admin-product-status__buttons">
        <button
          type="button"
          className="button admin-button--secondary"
          disabled={write.isPending}
          onClick={() =>
            void act({ kind: archived ? 'unarchive' : 'archive', sku: product.sku, version: product.version })
          }
        >
          {archived ? 'Make active' : 'Archive'}
        </button>
        <button
          type="button"
          className="button admin-button--secondary"
          disabled={write.isPending}
          onClick={() => void act({ kind: 'duplicate', sku: product.sku })}
        >
          Duplicate
        </button>
      </div>
    </section>
  );
}

/**
 * /admin/products/new and /admin/products/{sku} (issue 36 §1; issue 34 §7 for prices): the product editor, one page
 * for a new product and a saved one, in sections — title and description (rich text), media, pricing (shelf
 * prices inc. GST with the ex-GST figure beside), inventory, organisation, part numbers, fitment, search
 * engines — and, for a saved product, its status with Archive and Duplicate, a link to it in the shop, and its
 * audit trail. Checked with the shared schema before sending; the server's refusals are shown at their fields; a
 * save over someone else's answers their message and offers to reload.
 */
export function AdminProductPage() {
  // /admin/products/new and /admin/products/{sku} share this element: a new address starts the page afresh (so
  // the message handed over by a create is read).
  return <ProductPage key={useLocation().pathname} />;
}

function ProductPage() {
  const { sku = '' } = useParams();
  const location = useLocation();
  const arrived = (location.state as { message?: string } | null)?.message;
  const product = useEditorProduct(sku);
  const [feedback, setFeedback] = useState<Feedback>(arrived ? { ok: true, text: arrived } : null);
  const [reloads, setReloads] = useState(0);
  const isNew = sku === '';
  const title = isNew ? 'New product' : (product.data?.data.title ?? sku);
  useAdminTitle(title);

  const back = (
    <p className="admin-product-back">
      <Link to="/admin/products">← All products</Link>
    </p>
  );
  if (isNew) {
    return (
      <section className="admin-page" aria-labelledby="admin-page-title">
        {back}
        <h1 id="admin-page-title">New product</h1>
        <ProductEditor product={null} feedback={feedback} setFeedback={setFeedback} onReload={() => {}} />
      </section>
    );
  }
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      {back}
      {product.isPending ? (
        <>
          <h1 id="admin-page-title">{sku}</h1>
          <p role="status">Loading the product…</p>
        </>
      ) : product.isError ? (
        <>
          <h1 id="admin-page-title">{sku}</h1>
          <p role="alert" className="admin-form__alert">
            The product did not load: {product.error.message}
          </p>
        </>
      ) : (
        <>
          <h1 id="admin-page-title">{product.data.data.title}</h1>
          <p className="admin-product-meta">
            SKU {product.data.data.sku} · version {product.data.data.version} · last changed{' '}
            {sydneyDateTime(product.data.data.updated_at)}
            {product.data.data.archived_at === null && (
              <>
                {' · '}
                <a href={productPath(product.data.data.permalink)} target="_blank" rel="noreferrer">
                  View in the shop<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </>
            )}
          </p>
          <ProductStatus product={product.data.data} setFeedback={setFeedback} />
          <ProductEditor
            // A new version (a save, an archive, a reload) starts the form afresh from what is stored.
            key={`${product.data.data.sku}|${product.data.data.version}|${reloads}`}
            product={product.data.data}
            feedback={feedback}
            setFeedback={setFeedback}
            onReload={() => {
              setFeedback(null);
              void product.refetch().then(() => setReloads((n) => n + 1));
            }}
          />
          <AdminLocationStockPanel productId={product.data.data.id} />
          <ProductAudit audit={product.data.audit} />
        </>
      )}
    </section>
  );
}
