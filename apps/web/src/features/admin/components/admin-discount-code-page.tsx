import type { DISCOUNT_CODE_APPLIES_TO } from '@store/shared/discount-codes';
import {
  adminDiscountCodeInputSchema,
  type AdminDiscountCode,
  type AdminDiscountCodeInputBody,
} from '@store/shared/discount-codes';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { useAdminDiscountCode, useSaveAdminDiscountCode } from '../api/admin-discount-codes';
import { AdminField } from './admin-field';
import { AdminLoadState } from './admin-load-state';
import { useAdminTitle } from './use-admin-title';

/** The form's fields as typed (text), before they become the API's body. */
export interface DiscountCodeFormValues {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  min_spend: string;
  /** 'YYYY-MM-DD' in the owner's time zone, or ''. */
  starts_on: string;
  ends_on: string;
  usage_limit: string;
  once_per_customer: boolean;
  applies_to: (typeof DISCOUNT_CODE_APPLIES_TO)[number];
  /** Ids separated by commas or spaces. */
  target_ids: string;
  active: boolean;
}

const EMPTY: DiscountCodeFormValues = {
  code: '',
  kind: 'percent',
  value: '',
  min_spend: '',
  starts_on: '',
  ends_on: '',
  usage_limit: '',
  once_per_customer: false,
  applies_to: 'all',
  target_ids: '',
  active: true,
};

/** 'YYYY-MM-DD' of an ISO time in this browser's time zone (the owner's). */
const localDay = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

function valuesOf(c: AdminDiscountCode): DiscountCodeFormValues {
  return {
    code: c.code,
    kind: c.kind,
    value: c.value,
    min_spend: c.min_spend === '0.00' ? '' : c.min_spend,
    starts_on: localDay(c.starts_at),
    ends_on: localDay(c.ends_at),
    usage_limit: c.usage_limit === null ? '' : String(c.usage_limit),
    once_per_customer: c.once_per_customer,
    applies_to: c.applies_to,
    target_ids: c.target_ids.join(', '),
    active: c.active,
  };
}

/**
 * The API's body from the form: the start day from its first moment, the end day to its last, in the owner's
 * time zone; an unreadable number is sent as it is, for the schema to name.
 */
export function toDiscountCodeBody(v: DiscountCodeFormValues): AdminDiscountCodeInputBody {
  const asNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);
  return {
    code: v.code,
    kind: v.kind,
    value: v.value.trim(),
    min_spend: v.min_spend.trim() === '' ? '0' : v.min_spend.trim(),
    starts_at: v.starts_on ? new Date(`${v.starts_on}T00:00:00`).toISOString() : null,
    ends_at: v.ends_on ? new Date(`${v.ends_on}T23:59:59.999`).toISOString() : null,
    usage_limit: v.usage_limit.trim() === '' ? null : asNumber(v.usage_limit),
    once_per_customer: v.once_per_customer,
    applies_to: v.applies_to,
    target_ids:
      v.applies_to === 'all'
        ? []
        : v.target_ids
            .split(/[\s,]+/)
            .filter(Boolean)
            .map(asNumber),
    active: v.active,
  };
}

type Errors = Partial<Record<keyof AdminDiscountCodeInputBody, string>>;

/** The shared schema's refusals, by field (the same messages the API answers). */
export function discountCodeFormErrors(body: AdminDiscountCodeInputBody): Errors {
  const parsed = adminDiscountCodeInputSchema.safeParse(body);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof AdminDiscountCodeInputBody | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

const asFieldError = (message: string | undefined) => (message ? { type: 'validate', message } : undefined);

function DiscountCodeForm({ code }: { code: AdminDiscountCode | null }) {
  const navigate = useNavigate();
  const save = useSaveAdminDiscountCode(code?.id ?? null);
  const [values, setValues] = useState<DiscountCodeFormValues>(code ? valuesOf(code) : EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const set = <K extends keyof DiscountCodeFormValues>(key: K, value: DiscountCodeFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const text = (key: 'code' | 'value' | 'min_spend' | 'usage_limit' | 'target_ids') => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFeedback(null);
    const body = toDiscountCodeBody(values);
    const found = discountCodeFormErrors(body);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFeedback({ ok: false, text: 'Check the fields marked below.' });
      return;
    }
    try {
      const answer = await save.mutateAsync(body);
      if (code === null) {
        navigate(`/admin/discount-codes/${answer.data.id}`, { state: { notice: answer.message } });
      } else {
        setValues(valuesOf(answer.data));
        setFeedback({ ok: true, text: answer.message });
      }
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        const server: Errors = {};
        for (const f of error.fieldErrors) server[f.field as keyof Errors] = f.message;
        setErrors(server);
      }
      setFeedback({ ok: false, text: error instanceof Error ? error.message : 'The code was not saved.' });
    }
  };

  return (
    <form className="admin-form" noValidate onSubmit={onSubmit} aria-labelledby="admin-page-title">
      <AdminField
        label="Code"
        hint="3 to 32 letters, digits or dashes; shoppers may type it in any case."
        autoComplete="off"
        error={asFieldError(errors.code)}
        {...text('code')}
        name="code"
      />
      <fieldset className="admin-product-fieldset">
        <legend>Discount</legend>
        <div className="admin-product-check">
          <input
            id="admin-kind-percent"
            type="radio"
            name="kind"
            checked={values.kind === 'percent'}
            onChange={() => set('kind', 'percent')}
          />
          <label htmlFor="admin-kind-percent">Percent off</label>
          <input
            id="admin-kind-amount"
            type="radio"
            name="kind"
            checked={values.kind === 'amount'}
            onChange={() => set('kind', 'amount')}
          />
          <label htmlFor="admin-kind-amount">Amount off (dollars, inc. GST)</label>
        </div>
        <AdminField
          label={values.kind === 'percent' ? 'Percent off' : 'Amount off ($)'}
          hint={
            values.kind === 'percent'
              ? 'A whole number from 1 to 100, of the items the code applies to.'
              : 'Dollars off the items the code applies to, never more than they cost.'
          }
          inputMode="decimal"
          autoComplete="off"
          error={asFieldError(errors.value)}
          {...text('value')}
          name="value"
        />
        <AdminField
          label="Minimum spend ($)"
          optional
          aria-required={false}
          hint="The cart's subtotal inc. GST before discounts; empty for none."
          inputMode="decimal"
          autoComplete="off"
          error={asFieldError(errors.min_spend)}
          {...text('min_spend')}
          name="min_spend"
        />
      </fieldset>
      <fieldset className="admin-product-fieldset">
        <legend>When and how often</legend>
        <AdminField
          label="Starts on"
          optional
          aria-required={false}
          type="date"
          error={asFieldError(errors.starts_at)}
          value={values.starts_on}
          onChange={(e) => set('starts_on', e.target.value)}
          name="starts_at"
        />
        <AdminField
          label="Ends on (last day)"
          optional
          aria-required={false}
          type="date"
          error={asFieldError(errors.ends_at)}
          value={values.ends_on}
          onChange={(e) => set('ends_on', e.target.value)}
          name="ends_at"
        />
        <AdminField
          label="Usage limit"
          optional
          aria-required={false}
          hint="How many orders may use it in all; empty for no limit."
          inputMode="numeric"
          autoComplete="off"
          error={asFieldError(errors.usage_limit)}
          {...text('usage_limit')}
          name="usage_limit"
        />
        <div className="admin-product-check">
          <input
            id="admin-once_per_customer"
            type="checkbox"
            checked={values.once_per_customer}
            onChange={(e) => set('once_per_customer', e.target.checked)}
          />
          <label htmlFor="admin-once_per_customer">Once per customer (email address or account)</label>
        </div>
      </fieldset>
      <fieldset className="admin-product-fieldset">
        <legend>Applies to</legend>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-applies_to">
            Items
          </label>
          <select
            id="admin-applies_to"
            className="admin-input"
            value={values.applies_to}
            onChange={(e) => set('applies_to', e.target.value as DiscountCodeFormValues['applies_to'])}
          >
            <option value="all">Every item</option>
            <option value="products">Only some products</option>
            <option value="categories">Only some categories</option>
          </select>
        </div>
        {values.applies_to !== 'all' && (
          <AdminField
            label={values.applies_to === 'products' ? 'Product ids' : 'Category ids'}
            hint="Separated by commas."
            autoComplete="off"
            error={asFieldError(errors.target_ids)}
            {...text('target_ids')}
            name="target_ids"
          />
        )}
      </fieldset>
      <div className="admin-product-check">
        <input
          id="admin-active"
          type="checkbox"
          checked={values.active}
          onChange={(e) => set('active', e.target.checked)}
        />
        <label htmlFor="admin-active">Active (shoppers can use it)</label>
      </div>
      {code?.email && <p>Sent to {code.email}: only that email address can use it.</p>}
      <p role="status" className={feedback?.ok === false ? 'admin-form__alert' : 'admin-product-saved'}>
        {feedback?.text}
      </p>
      <button type="submit" className="button admin-submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : code ? 'Save changes' : 'Create code'}
      </button>
    </form>
  );
}

function EditDiscountCode({ id }: { id: number }) {
  const query = useAdminDiscountCode(id);
  return (
    <AdminLoadState query={query} what="discount code">
      {(answer) => (
        <>
          <p>
            Used {answer.data.used_count} time{answer.data.used_count === 1 ? '' : 's'}
            {answer.data.usage_limit !== null ? ` of ${answer.data.usage_limit}` : ''}.
          </p>
          <DiscountCodeForm key={answer.data.id} code={answer.data} />
        </>
      )}
    </AdminLoadState>
  );
}

/**
 * /admin/discount-codes/new and /admin/discount-codes/{id} (issue 34 §5): a code's form, checked with the shared
 * schema as it is sent (the same messages as the API's), the server's refusals shown on their fields.
 */
export function AdminDiscountCodePage() {
  const { id } = useParams();
  const isNew = id === 'new';
  useAdminTitle(isNew ? 'New discount code' : 'Discount code');
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <p>
        <Link to="/admin/discount-codes">All discount codes</Link>
      </p>
      <h1 id="admin-page-title">{isNew ? 'New discount code' : 'Discount code'}</h1>
      {isNew ? <DiscountCodeForm code={null} /> : <EditDiscountCode id={Number(id)} />}
    </section>
  );
}
