import { DEFAULT_RATE_TABLE, type RateTable } from '@store/shared/delivery-rules';
import type { AdminStoreSettingsFields } from '@store/shared/admin-store-settings';
import { centsToDecimalString, parseDecimalToCents } from '@store/shared/money';

/** The rate table as typed: ranges as "2000-2234, 2555-2574", weights in grams, prices in dollars. */
export interface RateTableForm {
  zones: { code: string; name: string; ranges: string }[];
  rates: { option: 'standard' | 'express'; zone: string; maxWeightGrams: string; price: string }[];
  fallbackZone: string;
}

const pad = (n: number) => String(n).padStart(4, '0');

/** The form for a stored table (null: the built-in table, shown so it can be changed). */
export function rateTableForm(table: RateTable | null): RateTableForm {
  const t = table ?? DEFAULT_RATE_TABLE;
  return {
    zones: t.zones.map((z) => ({
      code: z.code,
      name: z.name,
      ranges: z.postCodes
        .map(([from, to]) => (from === to ? pad(from) : `${pad(from)}-${pad(to)}`))
        .join(', '),
    })),
    rates: t.rates.map((r) => ({
      option: r.option,
      zone: r.zone,
      maxWeightGrams: String(r.maxWeightGrams),
      price: centsToDecimalString(r.priceCents),
    })),
    fallbackZone: t.fallbackZone,
  };
}

/**
 * The table from the form, for the shared schema to check (`rateTableSchema`): a range that does not read becomes
 * NaN, so the schema names it with its message rather than the form guessing.
 */
export function rateTableOf(f: RateTableForm): NonNullable<AdminStoreSettingsFields['rate_table']> {
  const range = (text: string): [number, number] => {
    const m = /^\s*(\d{3,4})\s*(?:-\s*(\d{3,4})\s*)?$/.exec(text);
    if (!m?.[1]) return [Number.NaN, Number.NaN];
    return [Number(m[1]), Number(m[2] ?? m[1])];
  };
  return {
    zones: f.zones.map((z) => ({
      code: z.code.trim(),
      name: z.name.trim(),
      postCodes: z.ranges
        .split(',')
        .filter((r) => r.trim() !== '')
        .map(range),
    })),
    rates: f.rates.map((r) => ({
      option: r.option,
      zone: r.zone.trim(),
      maxWeightGrams: /^\d+$/.test(r.maxWeightGrams.trim()) ? Number(r.maxWeightGrams.trim()) : Number.NaN,
      priceCents: parseDecimalToCents(r.price) ?? Number.NaN,
    })),
    fallbackZone: f.fallbackZone.trim(),
  };
}

export interface RateTableEditorProps {
  value: RateTableForm;
  onChange: (next: RateTableForm) => void;
  /** The schema's messages for the table ('rate_table.zones.0.code' → message), listed under it. */
  errors: Record<string, string>;
}

/**
 * The back office's rate table (issue 41, decision 0069): zones of post code ranges, and the prices of standard
 * and express delivery by zone and weight. Standard is priced by the flat charge unless the table has standard rows;
 * express is offered only where a row prices it. Australia Post's calculator replaces it when its key is set.
 */
export function RateTableEditor({ value, onChange, errors }: RateTableEditorProps) {
  const messages = Object.entries(errors).filter(([k]) => k.startsWith('rate_table'));
  const setZone = (i: number, patch: Partial<RateTableForm['zones'][number]>) =>
    onChange({ ...value, zones: value.zones.map((z, j) => (j === i ? { ...z, ...patch } : z)) });
  const setRate = (i: number, patch: Partial<RateTableForm['rates'][number]>) =>
    onChange({ ...value, rates: value.rates.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  return (
    <div className="admin-rate-table">
      <table className="admin-table">
        <caption>Zones (post code ranges, e.g. 2000-2234, 2555-2574)</caption>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Name</th>
            <th scope="col">Post codes</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {value.zones.map((z, i) => (
            <tr key={i}>
              <td>
                <input
                  aria-label={`Zone ${i + 1} code`}
                  className="admin-input"
                  value={z.code}
                  onChange={(e) => setZone(i, { code: e.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={`Zone ${i + 1} name`}
                  className="admin-input"
                  value={z.name}
                  onChange={(e) => setZone(i, { name: e.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={`Zone ${i + 1} post codes`}
                  className="admin-input"
                  value={z.ranges}
                  onChange={(e) => setZone(i, { ranges: e.target.value })}
                />
              </td>
              <td>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => onChange({ ...value, zones: value.zones.filter((_, j) => j !== i) })}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => onChange({ ...value, zones: [...value.zones, { code: '', name: '', ranges: '' }] })}
      >
        Add a zone
      </button>
      <label className="admin-field">
        <span className="admin-field__label">Zone for any other post code</span>
        <input
          className="admin-input"
          value={value.fallbackZone}
          onChange={(e) => onChange({ ...value, fallbackZone: e.target.value })}
        />
      </label>

      <table className="admin-table">
        <caption>Rates (the cheapest row of the option and zone whose weight limit holds the parcel)</caption>
        <thead>
          <tr>
            <th scope="col">Option</th>
            <th scope="col">Zone</th>
            <th scope="col">Up to (grams)</th>
            <th scope="col">Price ($ inc. GST)</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {value.rates.map((r, i) => (
            <tr key={i}>
              <td>
                <select
                  aria-label={`Rate ${i + 1} option`}
                  className="admin-input"
                  value={r.option}
                  onChange={(e) =>
                    setRate(i, { option: e.target.value === 'express' ? 'express' : 'standard' })
                  }
                >
                  <option value="standard">Standard</option>
                  <option value="express">Express</option>
                </select>
              </td>
              <td>
                <input
                  aria-label={`Rate ${i + 1} zone`}
                  className="admin-input"
                  value={r.zone}
                  onChange={(e) => setRate(i, { zone: e.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={`Rate ${i + 1} weight limit in grams`}
                  className="admin-input"
                  inputMode="numeric"
                  value={r.maxWeightGrams}
                  onChange={(e) => setRate(i, { maxWeightGrams: e.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={`Rate ${i + 1} price`}
                  className="admin-input"
                  inputMode="decimal"
                  value={r.price}
                  onChange={(e) => setRate(i, { price: e.target.value })}
                />
              </td>
              <td>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => onChange({ ...value, rates: value.rates.filter((_, j) => j !== i) })}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className="button button--ghost"
        onClick={() =>
          onChange({
            ...value,
            rates: [...value.rates, { option: 'express', zone: '', maxWeightGrams: '', price: '' }],
          })
        }
      >
        Add a rate
      </button>
      {messages.length > 0 && (
        <ul className="admin-form__alert" aria-label="Rate table problems">
          {messages.map(([k, m]) => (
            <li key={k}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
