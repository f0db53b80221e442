import { productPath } from '@store/shared/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AuditEntry } from '@store/shared/admin';
import {
  adminProductFormSchema,
  exGstTextOf,
  percentSaleTextOf,
  productFormValues,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  toProductUpdate,
  ADMIN_PRICE_LABELS,
  ADMIN_PRODUCT_MESSAGES,
  type AdminProduct,
  type AdminProductForm,
} from '@store/shared/admin-products';
import { formatCents } from '@store/shared/money';
import { useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { useAdminProduct, useUpdateAdminProduct } from '../api/admin-products';
import { AdminField } from './admin-field';
import { sydneyDateTime } from '../admin-format';
import { useStoreGstPercent } from '../use-store-gst-percent';
import { useAdminTitle } from './use-admin-title';
import './admin-product.css';

/** A changed field as a person reads it: cents as dollars, the discount as 'Save 20%' or '$5.00 off'. */
function show(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'number' && key.endsWith('_cents')) return formatCents(value);
  if (key === 'discount' && typeof value === 'object') {
    const d = value as { type: number; value: number };
    return d.type === 0 ? `${d.value}% off` : `${formatCents(d.value)} off inc. GST`;
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

const FIELD_NAMES: Record<string, string> = {
  price_cents: ADMIN_PRICE_LABELS.price,
  sale_price_cents: ADMIN_PRICE_LABELS.salePrice,
  discount: 'Discount',
  stock: 'Stock',
  is_featured: 'Featured',
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
              <ul>
                {Object.keys({ ...a.before, ...a.after }).map((key) => (
                  <li key={key}>
                    {FIELD_NAMES[key] ?? key.replace(/_/g, ' ')}: {show(key, a.before?.[key])} →{' '}
                    {show(key, a.after?.[key])}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type FieldName = keyof AdminProductForm;

/**
 * The figure beside a price field (issue 34 §7), live from the text as it is typed: "$104.95 ex. GST" beside
 * "115.45" at 10%; beside a percent off, the shelf price it makes; nothing while the text is not readable. An
 * <output> for its field (its line kept, so the boxes stay lined up).
 */
function PriceBeside({
  control,
  name,
  gstPercent,
}: {
  control: Control<AdminProductForm>;
  name: 'price' | 'sale_price' | 'discount_percent';
  gstPercent: number;
}) {
  const [price, sale, percent] = useWatch({ control, name: ['price', 'sale_price', 'discount_percent'] });
  const text =
    name === 'discount_percent'
      ? percentSaleTextOf(price, percent, gstPercent)
      : exGstTextOf(name === 'price' ? price : sale, gstPercent);
  return (
    <output id={`admin-${name}-beside`} htmlFor={`admin-${name}`} className="admin-product-ex-gst">
      {text}
    </output>
  );
}

type Feedback = { ok: boolean; text: string } | null;

function ProductEditor({
  product,
  feedback,
  setFeedback,
}: {
  product: AdminProduct;
  feedback: Feedback;
  setFeedback: (f: Feedback) => void;
}) {
  const update = useUpdateAdminProduct(product.sku);
  const start = productFormValues(product);
  const form = useForm<AdminProductForm>({
    resolver: zodResolver(adminProductFormSchema),
    defaultValues: start,
  });
  const { register, handleSubmit, formState, setError, control } = form;
  const errors = formState.errors;
  const gstPercent = useStoreGstPercent();

  const onSubmit = handleSubmit(async (values) => {
    setFeedback(null);
    const body = toProductUpdate(start, values);
    if (Object.keys(body).length === 0) {
      setFeedback({ ok: true, text: ADMIN_PRODUCT_MESSAGES.unchanged });
      return;
    }
    try {
      // The answer replaces the product, which starts the form afresh from the saved values (its key).
      const answer = await update.mutateAsync(body);
      setFeedback({ ok: true, text: answer.message });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        for (const e of error.fieldErrors) {
          if (e.field in start) setError(e.field as FieldName, { type: 'server', message: e.message });
        }
      }
      setFeedback({ ok: false, text: error instanceof Error ? error.message : 'The product was not saved.' });
    }
  });

  return (
    <form
      className="admin-form admin-product-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="admin-product-edit"
    >
      <h2 id="admin-product-edit">Edit</h2>
      <fieldset className="admin-product-fieldset">
        <legend>Price and sale</legend>
        <div className="admin-product-grid">
          <div className="admin-product-price">
            <AdminField
              label={ADMIN_PRICE_LABELS.price}
              hint={ADMIN_PRICE_LABELS.priceHint}
              inputMode="decimal"
              autoComplete="off"
              error={errors.price}
              {...register('price')}
            />
            <PriceBeside control={control} name="price" gstPercent={gstPercent} />
          </div>
          <div className="admin-product-price">
            <AdminField
              label={ADMIN_PRICE_LABELS.salePrice}
              optional
              hint={ADMIN_PRICE_LABELS.salePriceHint}
              inputMode="decimal"
              autoComplete="off"
              aria-required={false}
              error={errors.sale_price}
              {...register('sale_price')}
            />
            <PriceBeside control={control} name="sale_price" gstPercent={gstPercent} />
          </div>
          <div className="admin-product-price">
            <AdminField
              label="Or percent off"
              optional
              hint={ADMIN_PRICE_LABELS.percentOffHint}
              inputMode="numeric"
              autoComplete="off"
              aria-required={false}
              error={errors.discount_percent}
              {...register('discount_percent')}
            />
            <PriceBeside control={control} name="discount_percent" gstPercent={gstPercent} />
          </div>
        </div>
      </fieldset>
      <fieldset className="admin-product-fieldset">
        <legend>Stock and display</legend>
        <div className="admin-product-grid">
          <AdminField
            label="Stock"
            optional
            hint="Units on hand; empty if you do not track stock."
            inputMode="numeric"
            autoComplete="off"
            aria-required={false}
            error={errors.stock}
            {...register('stock')}
          />
          <div className="admin-product-check">
            <input id="admin-is_featured" type="checkbox" {...register('is_featured')} />
            <label htmlFor="admin-is_featured">Featured on the home page</label>
          </div>
        </div>
      </fieldset>
      <fieldset className="admin-product-fieldset">
        <legend>Search engines</legend>
        <AdminField
          label="Meta title"
          optional
          hint={`At most ${SEO_TITLE_MAX} characters; empty to use the product's title.`}
          maxLength={SEO_TITLE_MAX}
          aria-required={false}
          error={errors.seo_title}
          {...register('seo_title')}
        />
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-seo_description">
            Meta description
          </label>
          <p id="admin-seo_description-hint" className="admin-field__hint">
            At most {SEO_DESCRIPTION_MAX} characters.
          </p>
          <textarea
            id="admin-seo_description"
            className="admin-input admin-product-textarea"
            rows={3}
            maxLength={SEO_DESCRIPTION_MAX}
            aria-invalid={Boolean(errors.seo_description)}
            aria-describedby={
              errors.seo_description
                ? 'admin-seo_description-message admin-seo_description-hint'
                : 'admin-seo_description-hint'
            }
            {...register('seo_description')}
          />
          {errors.seo_description?.message && (
            <p id="admin-seo_description-message" className="admin-field__message">
              {errors.seo_description.message}
            </p>
          )}
        </div>
      </fieldset>
      <p role="status" className={feedback?.ok === false ? 'admin-form__alert' : 'admin-product-saved'}>
        {feedback?.text}
      </p>
      <button type="submit" className="button admin-submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving…' : 'Save changes'}
      </button>
    </form>
  );
}

/**
 * /admin/products/{sku} (issue 12; issue 34 §7: prices are typed and shown inc. GST, the ex-GST figure beside
 * each, live): one product's price, sale (a sale price or a percent off), stock, featured
 * flag and meta title and description, checked with the shared schema before sending; a link to the product in
 * the shop; and its audit trail. Only the changed fields are sent.
 */
export function AdminProductPage() {
  const { sku = '' } = useParams();
  const product = useAdminProduct(sku);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const title = product.data?.data.title ?? sku;
  useAdminTitle(title);

  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <p className="admin-product-back">
        <Link to="/admin/products">← All products</Link>
      </p>
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
            SKU {product.data.data.sku}
            {product.data.data.category ? ` · ${product.data.data.category}` : ''} · last changed{' '}
            {sydneyDateTime(product.data.data.updated_at)} ·{' '}
            <a href={productPath(product.data.data.permalink)} target="_blank" rel="noreferrer">
              View in the shop<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
          <ProductEditor
            key={product.data.data.updated_at}
            product={product.data.data}
            feedback={feedback}
            setFeedback={setFeedback}
          />
          <ProductAudit audit={product.data.audit} />
        </>
      )}
    </section>
  );
}
