import { RateTableEditor, rateTableForm, rateTableOf, type RateTableForm } from './rate-table-editor';
import type { AuditEntry } from '@store/shared/admin';
import {
  adminStoreSettingsInputSchema,
  type AdminStoreSettings,
  type AdminStoreSettingsInput,
} from '@store/shared/admin-store-settings';
import { centsToDecimalString, formatCents, parseDecimalToCents } from '@store/shared/money';
import { openingHoursSummary, WEEKDAYS, type OpeningHours, type Weekday } from '@store/shared/opening-hours';
import {
  deliveryEstimateSentence,
  deliveryRuleSentence,
  freeDeliveryText,
  orderCutoffText,
  returnsHeadline,
  returnsSentence,
  type StorePromises,
} from '@store/shared/store-promises';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { useAdminSettings, useSaveAdminSettings } from '../api/admin-settings';
import { sydneyDateTime } from '../admin-format';
import { AdminField } from './admin-field';
import { AdminLoadState } from './admin-load-state';
import { useAdminTitle } from './use-admin-title';
import './admin-product.css';
import './admin-settings.css';

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const SOCIAL_FIELDS = [
  ['_facebook_link', 'Facebook'],
  ['_instagram_link', 'Instagram'],
  ['_youtube_link', 'YouTube'],
  ['_twitter_link', 'X (Twitter)'],
  ['_linke_din', 'LinkedIn'],
] as const;
type SocialKey = (typeof SOCIAL_FIELDS)[number][0];

type TextKey =
  | 'store_name'
  | 'meta_title'
  | 'meta_description'
  | 'abn'
  | 'business_address'
  | 'phone'
  | 'sales_email'
  | 'order_cutoff'
  | 'handling_days_min'
  | 'handling_days_max'
  | 'delivery_days_min'
  | 'delivery_days_max'
  | 'return_window_days'
  | 'delivery_charge'
  | 'free_delivery_threshold'
  | 'hours_note'
  | 'express_days_min'
  | 'express_days_max'
  | 'bulky_surcharge'
  | 'uncollected_after_days';

/** The form as typed: text boxes hold text (money in dollars), each day open or closed with its two times. */
export interface SettingsFormValues extends Record<TextKey, string> {
  hours: Record<Weekday, { open: boolean; from: string; to: string }>;
  social: Record<SocialKey, string>;
  /** Issue 41: express delivery on or off, and the rate table as typed. */
  express_enabled: boolean;
  rate_table: RateTableForm;
}

const dollarsOf = centsToDecimalString;

export function settingsFormValues(s: AdminStoreSettings): SettingsFormValues {
  return {
    store_name: s.store_name,
    meta_title: s.meta_title,
    meta_description: s.meta_description,
    abn: s.abn,
    business_address: s.business_address,
    phone: s.phone,
    sales_email: s.sales_email,
    order_cutoff: s.order_cutoff,
    handling_days_min: String(s.handling_days_min),
    handling_days_max: String(s.handling_days_max),
    delivery_days_min: String(s.delivery_days_min),
    delivery_days_max: String(s.delivery_days_max),
    return_window_days: String(s.return_window_days),
    delivery_charge: dollarsOf(s.delivery_charge_cents),
    free_delivery_threshold: dollarsOf(s.free_delivery_threshold_cents),
    hours_note: s.opening_hours.note,
    hours: Object.fromEntries(
      WEEKDAYS.map((d) => {
        const h = s.opening_hours.days[d];
        return [d, h ? { open: true, from: h.open, to: h.close } : { open: false, from: '', to: '' }];
      }),
    ) as SettingsFormValues['hours'],
    social: { ...s.social_links },
    express_enabled: s.express_enabled,
    express_days_min: String(s.express_days_min),
    express_days_max: String(s.express_days_max),
    bulky_surcharge: dollarsOf(s.bulky_surcharge_cents),
    uncollected_after_days: String(s.uncollected_after_days),
    rate_table: rateTableForm(s.rate_table),
  };
}

/** A whole number typed, or NaN for the schema to name (never a guess). */
const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
/** Dollars and cents typed ('16.50', '$100') as cents, or NaN. */
const centsOf = (text: string) => parseDecimalToCents(text) ?? Number.NaN;

/** The API's body from the form (the version it was loaded with). */
export function settingsBody(v: SettingsFormValues, version: number): AdminStoreSettingsInput {
  return {
    version,
    store_name: v.store_name,
    meta_title: v.meta_title,
    meta_description: v.meta_description,
    abn: v.abn,
    business_address: v.business_address,
    phone: v.phone,
    sales_email: v.sales_email.trim(),
    opening_hours: {
      days: Object.fromEntries(
        WEEKDAYS.map((d) => [d, v.hours[d].open ? { open: v.hours[d].from, close: v.hours[d].to } : null]),
      ) as OpeningHours['days'],
      note: v.hours_note,
    },
    social_links: Object.fromEntries(
      SOCIAL_FIELDS.map(([key]) => [key, v.social[key].trim()]),
    ) as AdminStoreSettingsInput['social_links'],
    delivery_charge_cents: centsOf(v.delivery_charge),
    free_delivery_threshold_cents: centsOf(v.free_delivery_threshold),
    order_cutoff: v.order_cutoff,
    handling_days_min: wholeNumber(v.handling_days_min),
    handling_days_max: wholeNumber(v.handling_days_max),
    delivery_days_min: wholeNumber(v.delivery_days_min),
    delivery_days_max: wholeNumber(v.delivery_days_max),
    return_window_days: wholeNumber(v.return_window_days),
    express_enabled: v.express_enabled,
    express_days_min: wholeNumber(v.express_days_min),
    express_days_max: wholeNumber(v.express_days_max),
    bulky_surcharge_cents: centsOf(v.bulky_surcharge),
    uncollected_after_days: wholeNumber(v.uncollected_after_days),
    rate_table: rateTableOf(v.rate_table),
  };
}

/** The shared schema's refusals by field path ('abn', 'opening_hours.days.mon.close'): the API's messages. */
export function settingsFormErrors(body: AdminStoreSettingsInput): Record<string, string> {
  const parsed = adminStoreSettingsInputSchema.safeParse(body);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (!errors[path]) errors[path] = issue.message;
  }
  return errors;
}

/** The promises the typed figures make, or null for a figure that does not read (the preview then says so). */
function typedPromises(body: AdminStoreSettingsInput): StorePromises | null {
  const p: StorePromises = {
    deliveryChargeCents: body.delivery_charge_cents,
    freeDeliveryThresholdCents: body.free_delivery_threshold_cents,
    orderCutoff: body.order_cutoff,
    handlingDaysMin: body.handling_days_min,
    handlingDaysMax: body.handling_days_max,
    deliveryDaysMin: body.delivery_days_min,
    deliveryDaysMax: body.delivery_days_max,
    returnWindowDays: body.return_window_days,
  };
  const numbers = Object.values(p).filter((x): x is number => typeof x === 'number');
  return numbers.every(Number.isFinite) && /^\d{2}:\d{2}$/.test(p.orderCutoff) ? p : null;
}

const asFieldError = (message: string | undefined) => (message ? { type: 'validate', message } : undefined);

/**
 * What shoppers will read, worded by the same shared functions the shop, the mails and the policies use
 * (`@store/shared/store-promises`), from the figures as typed.
 */
function PromisesPreview({ body }: { body: AdminStoreSettingsInput }) {
  const p = typedPromises(body);
  const hours = settingsFormErrors(body);
  const hoursReadable = !Object.keys(hours).some((k) => k.startsWith('opening_hours'));
  return (
    <section className="admin-settings-preview" aria-labelledby="admin-settings-preview-title">
      <h3 id="admin-settings-preview-title">What shoppers will read</h3>
      {p ? (
        <dl>
          <dt>Top bar</dt>
          <dd>{freeDeliveryText(p)}</dd>
          <dt>Product page, FAQ and shipping policy</dt>
          <dd>
            {deliveryRuleSentence(p)} {deliveryEstimateSentence(p)} Orders placed by {orderCutoffText(p)} on a
            business day are handled from that day.
          </dd>
          <dt>Home page, return policy, FAQ and order mails</dt>
          <dd>
            {returnsHeadline(p).title}. {returnsSentence(p)}
          </dd>
          <dt>Footer and contact page hours</dt>
          <dd>
            {hoursReadable ? openingHoursSummary(body.opening_hours) : 'Fix the hours above to see them.'}
          </dd>
        </dl>
      ) : (
        <p>Fix the figures above to see the sentences they make.</p>
      )}
    </section>
  );
}

const FIELD_NAMES: Record<string, string> = {
  store_name: 'Store name',
  meta_title: 'Meta title',
  meta_description: 'Meta description',
  abn: 'ABN',
  business_address: 'Business address',
  phone: 'Phone',
  sales_email: 'Sales email',
  opening_hours: 'Opening hours',
  social_links: 'Social links',
  delivery_charge_cents: 'Delivery charge',
  free_delivery_threshold_cents: 'Free-delivery threshold',
  order_cutoff: 'Order cut-off',
  handling_days_min: 'Handling from (days)',
  handling_days_max: 'Handling to (days)',
  delivery_days_min: 'Delivery from (days)',
  delivery_days_max: 'Delivery to (days)',
  return_window_days: 'Returns window (days)',
  express_enabled: 'Express delivery',
  express_days_min: 'Express from (days)',
  express_days_max: 'Express to (days)',
  bulky_surcharge_cents: 'Bulky surcharge',
  uncollected_after_days: 'Uncollected after (days)',
  rate_table: 'Rate table',
};

function shownValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'number' && key.endsWith('_cents')) return formatCents(value);
  if (key === 'opening_hours') return openingHoursSummary(value as OpeningHours);
  if (key === 'social_links') {
    const set = Object.entries(value as Record<string, string>).filter(([, v]) => v);
    return set.length ? set.map(([, v]) => v).join(', ') : 'none';
  }
  return String(value);
}

function SettingsAudit({ audit }: { audit: AuditEntry[] }) {
  return (
    <section className="admin-product-section" aria-labelledby="admin-settings-audit">
      <h2 id="admin-settings-audit">Audit trail</h2>
      {audit.length === 0 ? (
        <p>No changes from the back office yet.</p>
      ) : (
        <ul className="admin-product-audit">
          {audit.map((a) => (
            <li key={a.id}>
              <strong>Settings changed</strong> by {a.staff_name} on {sydneyDateTime(a.at)}
              <ul>
                {Object.keys({ ...a.before, ...a.after }).map((key) => (
                  <li key={key}>
                    {FIELD_NAMES[key] ?? key.replace(/_/g, ' ')}: {shownValue(key, a.before?.[key])} →{' '}
                    {shownValue(key, a.after?.[key])}
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

function SettingsForm({ settings, onReload }: { settings: AdminStoreSettings; onReload: () => void }) {
  const save = useSaveAdminSettings();
  const [version, setVersion] = useState(settings.version);
  const [values, setValues] = useState<SettingsFormValues>(() => settingsFormValues(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string; stale?: boolean } | null>(null);
  const body = settingsBody(values, version);

  const set = <K extends keyof SettingsFormValues>(key: K, value: SettingsFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const text = (key: TextKey, errorPath: string = key) => ({
    name: key,
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    error: asFieldError(errors[errorPath]),
    autoComplete: 'off',
  });
  const setDay = (day: Weekday, change: Partial<SettingsFormValues['hours'][Weekday]>) =>
    setValues((v) => ({ ...v, hours: { ...v.hours, [day]: { ...v.hours[day], ...change } } }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFeedback(null);
    const found = settingsFormErrors(body);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFeedback({ ok: false, text: 'Check the fields marked below. Nothing was saved.' });
      return;
    }
    try {
      const answer = await save.mutateAsync(body);
      setVersion(answer.data.version);
      setValues(settingsFormValues(answer.data));
      setFeedback({ ok: true, text: answer.message });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        setErrors(Object.fromEntries(error.fieldErrors.map((f) => [f.field, f.message])));
      }
      setFeedback({
        ok: false,
        text: error instanceof Error ? error.message : 'The settings were not saved.',
        stale: error instanceof ApiError && error.status === 409,
      });
    }
  };

  return (
    <form
      className="admin-form admin-settings"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="admin-page-title"
    >
      <fieldset className="admin-product-fieldset">
        <legend>Store details</legend>
        <AdminField label="Store name" {...text('store_name')} />
        <AdminField
          label="Meta title"
          optional
          hint="The browser tab's title and search engines' headline for the home page."
          {...text('meta_title')}
        />
        <AdminField
          label="Meta description"
          optional
          hint="The summary search engines show under the title; up to 320 characters."
          {...text('meta_description')}
        />
        <AdminField
          label="ABN"
          optional
          hint="11 digits, e.g. 51 824 753 556; printed on tax invoices and in every mail's footer."
          inputMode="numeric"
          {...text('abn')}
        />
        <p className="admin-field__hint">
          GST: {settings.gst_percent}% (included in every price; not changed here).
        </p>
      </fieldset>

      <fieldset className="admin-product-fieldset">
        <legend>Contact &amp; hours</legend>
        <AdminField
          label="Business address"
          optional
          hint="One line, e.g. 12 Railway Terrace, Guildford NSW 2161."
          {...text('business_address')}
        />
        <div className="admin-product-grid">
          <AdminField label="Phone" optional type="tel" {...text('phone')} />
          <AdminField
            label="Sales email"
            optional
            type="email"
            hint="Receives contact messages and return requests."
            {...text('sales_email')}
          />
        </div>
        <fieldset className="admin-settings-hours">
          <legend>Opening hours</legend>
          {WEEKDAYS.map((day) => {
            const h = values.hours[day];
            const openError = errors[`opening_hours.days.${day}.open`];
            const closeError = errors[`opening_hours.days.${day}.close`];
            return (
              <div key={day} className="admin-settings-day">
                <div className="admin-product-check admin-settings-day__name">
                  <input
                    id={`admin-hours-${day}-open`}
                    type="checkbox"
                    checked={h.open}
                    onChange={(e) =>
                      setDay(day, {
                        open: e.target.checked,
                        from: h.from || '08:00',
                        to: h.to || '18:00',
                      })
                    }
                  />
                  <label htmlFor={`admin-hours-${day}-open`}>Open {DAY_NAMES[day]}</label>
                </div>
                {h.open ? (
                  <div className="admin-settings-day__times">
                    <AdminField
                      name={`hours-${day}-from`}
                      label={`${DAY_NAMES[day]} opens`}
                      type="time"
                      value={h.from}
                      onChange={(e) => setDay(day, { from: e.target.value })}
                      error={asFieldError(openError)}
                    />
                    <AdminField
                      name={`hours-${day}-to`}
                      label={`${DAY_NAMES[day]} closes`}
                      type="time"
                      value={h.to}
                      onChange={(e) => setDay(day, { to: e.target.value })}
                      error={asFieldError(closeError)}
                    />
                  </div>
                ) : (
                  <p className="admin-settings-day__closed">Closed</p>
                )}
              </div>
            );
          })}
        </fieldset>
        <AdminField
          label="Note under the hours"
          optional
          hint="e.g. Closed on public holidays."
          {...text('hours_note', 'opening_hours.note')}
        />
      </fieldset>

      <fieldset className="admin-product-fieldset">
        <legend>Social links</legend>
        <p className="admin-field__hint">Full addresses starting with https://; leave empty for no icon.</p>
        <div className="admin-product-grid admin-settings-links">
          {SOCIAL_FIELDS.map(([key, label]) => (
            <AdminField
              key={key}
              name={`social${key}`}
              label={label}
              optional
              type="url"
              autoComplete="off"
              value={values.social[key]}
              onChange={(e) => setValues((v) => ({ ...v, social: { ...v.social, [key]: e.target.value } }))}
              error={asFieldError(errors[`social_links.${key}`])}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="admin-product-fieldset">
        <legend>Delivery &amp; returns</legend>
        <div className="admin-product-grid">
          <AdminField
            label="Delivery charge ($, inc. GST)"
            hint="Charged on orders under the threshold."
            inputMode="decimal"
            {...text('delivery_charge', 'delivery_charge_cents')}
          />
          <AdminField
            label="Free delivery from ($, inc. GST)"
            hint="Items' subtotal at shelf prices; 0 for free delivery on every order."
            inputMode="decimal"
            {...text('free_delivery_threshold', 'free_delivery_threshold_cents')}
          />
          <AdminField
            label="Order cut-off (AEST)"
            hint="Orders by this time on a business day are handled that day."
            type="time"
            {...text('order_cutoff')}
          />
          <AdminField
            label="Returns window (days)"
            hint="Days from delivery to return an item for a full refund."
            inputMode="numeric"
            {...text('return_window_days')}
          />
          <AdminField
            label="Handling from (business days)"
            inputMode="numeric"
            {...text('handling_days_min')}
          />
          <AdminField
            label="Handling to (business days)"
            inputMode="numeric"
            {...text('handling_days_max')}
          />
          <AdminField
            label="Delivery from (business days)"
            inputMode="numeric"
            {...text('delivery_days_min')}
          />
          <AdminField
            label="Delivery to (business days)"
            inputMode="numeric"
            {...text('delivery_days_max')}
          />
        </div>
        <PromisesPreview body={body} />
      </fieldset>

      <fieldset className="admin-product-fieldset">
        <legend>Delivery options and rates</legend>
        <div className="admin-product-check">
          <input
            id="admin-express_enabled"
            type="checkbox"
            checked={values.express_enabled}
            onChange={(e) => setValues((v) => ({ ...v, express_enabled: e.target.checked }))}
          />
          <label htmlFor="admin-express_enabled">Offer express delivery</label>
        </div>
        <div className="admin-product-grid">
          <AdminField
            label="Express from (business days)"
            inputMode="numeric"
            {...text('express_days_min')}
          />
          <AdminField label="Express to (business days)" inputMode="numeric" {...text('express_days_max')} />
          <AdminField
            label="Bulky surcharge ($, inc. GST)"
            hint="Added to standard delivery for each bulky unit, even when delivery is free."
            inputMode="decimal"
            {...text('bulky_surcharge', 'bulky_surcharge_cents')}
          />
          <AdminField
            label="Uncollected after (days)"
            hint="A click & collect order still waiting this long after it was ready is flagged."
            inputMode="numeric"
            {...text('uncollected_after_days')}
          />
        </div>
        <RateTableEditor
          value={values.rate_table}
          onChange={(rate_table) => setValues((v) => ({ ...v, rate_table }))}
          errors={errors}
        />
      </fieldset>

      <div role="status" className={feedback?.ok === false ? 'admin-form__alert' : 'admin-product-saved'}>
        {feedback?.text}
        {feedback?.stale && (
          <>
            {' '}
            <button type="button" className="admin-settings-reload" onClick={onReload}>
              Reload the settings
            </button>
          </>
        )}
      </div>
      <button type="submit" className="button admin-submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}

/**
 * /admin/settings (issue 36 §5, admins): the store's details, contact details and opening hours, social links,
 * and its promises (delivery charge and free-delivery threshold inc. GST, order cut-off, handling and delivery
 * times, returns window), checked with the shared schema as the API checks them, with a preview of the sentences
 * shoppers will read and the audit trail. A save over someone else's newer one is refused with a reload.
 */
export function AdminSettingsPage() {
  useAdminTitle('Store settings');
  const query = useAdminSettings();
  // A reload after a refused save starts the form again from what is saved now.
  const [loads, setLoads] = useState(0);
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Store settings</h1>
      <AdminLoadState query={query} what="settings">
        {(answer) => (
          <>
            <SettingsForm
              key={loads}
              settings={answer.data}
              onReload={() => void query.refetch().then(() => setLoads((n) => n + 1))}
            />
            <SettingsAudit audit={answer.audit} />
          </>
        )}
      </AdminLoadState>
    </section>
  );
}
