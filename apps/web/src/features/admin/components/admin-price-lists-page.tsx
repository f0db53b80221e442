import { exGstCents } from '@store/shared/checkout-totals';
import { formatCents, parseDecimalToCents } from '@store/shared/money';
import { priceListRequestSchema, type PriceList, type PriceListPreview } from '@store/shared/trade-accounts';
import { PRICE_RULE_SCOPES, type PriceRuleScope } from '@store/shared/trade-pricing';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import {
  useAdminPriceList,
  useAdminPriceLists,
  useAdminTradeAccounts,
  useDeletePriceList,
  usePricePreview,
  useRuleTargets,
  useSavePriceList,
  type PriceListRuleBody,
  type RuleTargetScope,
} from '../api/admin-trade';
import { dollars } from '../admin-format';
import { useStoreGstPercent } from '../use-store-gst-percent';
import { AdminLoadState } from './admin-load-state';
import { failure, TradeAuditTrail, TradeTable } from './admin-trade-parts';
import { useAdminTitle } from './use-admin-title';

const SCOPE_WORDS: Readonly<Record<PriceRuleScope, string>> = {
  product: 'Product',
  brand: 'Brand',
  child_category: 'Subcategory',
  category: 'Category',
  all: 'Whole catalog',
};

/** "$22.00 inc. GST ($20.00 ex.)" for dollars as the API writes them. */
function incAndEx(amount: string, gst: number): string {
  const cents = parseDecimalToCents(amount) ?? 0;
  return `${formatCents(cents)} inc. GST (${formatCents(exGstCents(cents, gst))} ex.)`;
}

/** /admin/price-lists (issue 39 §2, §6): every list with its rules and the accounts that hold it. */
export function AdminPriceListsPage() {
  useAdminTitle('Price lists');
  const lists = useAdminPriceLists();
  const remove = useDeletePriceList();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <div className="admin-product-heading">
        <h1 id="admin-page-title">Price lists</h1>
        <Link className="button" to="/admin/price-lists/new">
          New price list
        </Link>
      </div>
      <p role="status" className={message?.ok === false ? 'admin-form__alert' : 'admin-product-saved'}>
        {message?.text}
      </p>
      <AdminLoadState query={lists} what="price lists">
        {({ data }) => (
          <TradeTable<PriceList>
            id="admin-price-lists"
            caption="Price lists"
            rows={data}
            rowKey={(l) => String(l.id)}
            empty="No price lists yet."
            columns={[
              {
                title: 'Name',
                rowHeader: true,
                cell: (l) => <Link to={`/admin/price-lists/${l.id}`}>{l.name}</Link>,
              },
              { title: 'Rules', numeric: true, cell: (l) => l.rules.length },
              { title: 'Accounts', numeric: true, cell: (l) => l.accounts },
              {
                title: 'Delete',
                cell: (l) => (
                  <button
                    type="button"
                    className="button button--small admin-button--secondary"
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(l.id, {
                        onSuccess: (a) => setMessage({ ok: true, text: a.message }),
                        onError: (e) => setMessage({ ok: false, text: e.message }),
                      })
                    }
                  >
                    Delete <span className="visually-hidden">{l.name}</span>
                  </button>
                ),
              },
            ]}
          />
        )}
      </AdminLoadState>
    </section>
  );
}

interface RuleRow {
  key: number;
  scope: PriceRuleScope;
  target_id: number | null;
  target_name: string;
  kind: 'percent' | 'fixed';
  value: string;
}

let nextKey = 1;
const rowOf = (r: PriceList['rules'][number]): RuleRow => ({
  key: nextKey++,
  scope: r.scope,
  target_id: r.target_id,
  target_name: r.target_name,
  kind: r.fixed_price !== null ? 'fixed' : 'percent',
  value: r.fixed_price ?? String(r.percent_off ?? ''),
});

/** The request body of the form's rows (checked with the shared schema before it is sent). */
export function ruleBody(r: RuleRow): PriceListRuleBody {
  return {
    scope: r.scope,
    target_id: r.scope === 'all' ? null : r.target_id,
    percent_off: r.kind === 'percent' ? (r.value.trim() === '' ? NaN : Number(r.value)) : null,
    fixed_price: r.kind === 'fixed' ? r.value : null,
  };
}

/** Searches what a rule applies to by name (products also by SKU) and picks one. */
function TargetPicker({ row, onPick }: { row: RuleRow; onPick: (id: number, name: string) => void }) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const targets = useRuleTargets(row.scope as RuleTargetScope, search, open && row.scope !== 'all');
  if (row.scope === 'all') return <span>Whole catalog</span>;
  const inputId = `admin-rule-target-${row.key}`;
  return (
    <div className="admin-field">
      <label className="admin-field__label" htmlFor={inputId}>
        {SCOPE_WORDS[row.scope]}: {row.target_id === null ? 'none chosen' : row.target_name}
      </label>
      <input
        id={inputId}
        className="admin-input"
        placeholder={row.scope === 'product' ? 'Search by title or SKU' : 'Search by name'}
        value={search}
        onFocus={() => setOpen(true)}
        onChange={(e) => {
          setSearch(e.target.value);
          setOpen(true);
        }}
      />
      {open && targets.data && (
        <ul aria-label={`Matches for rule ${row.key}`}>
          {targets.data.data.length === 0 && <li>Nothing matches.</li>}
          {targets.data.data.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                className="button button--small admin-button--secondary"
                onClick={() => {
                  onPick(t.id, t.name);
                  setOpen(false);
                  setSearch('');
                }}
              >
                {t.name}
                {t.price ? ` — ${dollars(t.price)}` : ''}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PriceListForm({ list }: { list: PriceList | null }) {
  const navigate = useNavigate();
  const gst = useStoreGstPercent();
  const save = useSavePriceList(list?.id ?? null);
  const [name, setName] = useState(list?.name ?? '');
  const [rows, setRows] = useState<RuleRow[]>(() => (list?.rules ?? []).map(rowOf));
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const change = (key: number, patch: Partial<RuleRow>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFeedback(null);
    const body = { name, rules: rows.map(ruleBody) };
    const parsed = priceListRequestSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const at = issue.path[0] === 'rules' ? `Rule ${Number(issue.path[1]) + 1}: ` : '';
      setFeedback({ ok: false, text: `${at}${issue.message}` });
      return;
    }
    try {
      const answer = await save.mutateAsync(body);
      if (list === null)
        void navigate(`/admin/price-lists/${answer.data.id}`, { state: { notice: answer.message } });
      else {
        setRows(answer.data.rules.map(rowOf));
        setFeedback({ ok: true, text: answer.message });
      }
    } catch (error) {
      const field = error instanceof ApiError ? error.fieldErrors?.[0] : undefined;
      const at = field?.field.startsWith('rules.') ? `Rule ${Number(field.field.split('.')[1]) + 1}: ` : '';
      setFeedback({ ok: false, text: `${at}${failure(error, 'The price list was not saved.')}` });
    }
  };

  return (
    <form
      className="admin-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="admin-page-title"
    >
      <div className="admin-field">
        <label className="admin-field__label" htmlFor="admin-price-list-name">
          Name
        </label>
        <input
          id="admin-price-list-name"
          className="admin-input"
          maxLength={60}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <p>
        A fixed price beats a percentage; otherwise the most specific rule applies (product, brand,
        subcategory, category, whole catalog). A customer with several lists pays the lowest; a sale price
        lower than the trade price wins.
      </p>
      {rows.map((r, i) => (
        <fieldset key={r.key} className="admin-product-fieldset">
          <legend>Rule {i + 1}</legend>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor={`admin-rule-scope-${r.key}`}>
              Applies to
            </label>
            <select
              id={`admin-rule-scope-${r.key}`}
              className="admin-input"
              value={r.scope}
              onChange={(e) =>
                change(r.key, {
                  scope: e.target.value as PriceRuleScope,
                  target_id: null,
                  target_name: '',
                  kind: e.target.value === 'product' ? r.kind : 'percent',
                })
              }
            >
              {PRICE_RULE_SCOPES.map((s) => (
                <option key={s} value={s}>
                  {SCOPE_WORDS[s]}
                </option>
              ))}
            </select>
          </div>
          <TargetPicker
            row={r}
            onPick={(id, targetName) => change(r.key, { target_id: id, target_name: targetName })}
          />
          <div className="admin-field">
            <label className="admin-field__label" htmlFor={`admin-rule-kind-${r.key}`}>
              Price
            </label>
            <select
              id={`admin-rule-kind-${r.key}`}
              className="admin-input"
              value={r.kind}
              onChange={(e) => change(r.key, { kind: e.target.value as RuleRow['kind'] })}
            >
              <option value="percent">Percent off the shelf price</option>
              {r.scope === 'product' && <option value="fixed">Fixed price (inc. GST)</option>}
            </select>
          </div>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor={`admin-rule-value-${r.key}`}>
              {r.kind === 'percent' ? 'Percent off' : 'Fixed price ($ inc. GST)'}
            </label>
            <input
              id={`admin-rule-value-${r.key}`}
              className="admin-input"
              inputMode="decimal"
              autoComplete="off"
              value={r.value}
              onChange={(e) => change(r.key, { value: e.target.value })}
            />
            {r.kind === 'fixed' && parseDecimalToCents(r.value.replace(/[$,\s]/g, '')) !== null && (
              <p className="admin-field__hint">{incAndEx(r.value.replace(/[$,\s]/g, ''), gst)}</p>
            )}
          </div>
          <button
            type="button"
            className="button button--small admin-button--secondary"
            onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
          >
            Remove rule {i + 1}
          </button>
        </fieldset>
      ))}
      <p>
        <button
          type="button"
          className="button admin-button--secondary"
          onClick={() =>
            setRows((rs) => [
              ...rs,
              {
                key: nextKey++,
                scope: 'brand',
                target_id: null,
                target_name: '',
                kind: 'percent',
                value: '',
              },
            ])
          }
        >
          Add a rule
        </button>
      </p>
      <p role="status" className={feedback?.ok === false ? 'admin-form__alert' : 'admin-product-saved'}>
        {feedback?.text}
      </p>
      <button type="submit" className="button admin-submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : list ? 'Save price list' : 'Create price list'}
      </button>
    </form>
  );
}

/** A product's price for an account (its lists) or for this list, with each list's rule and the price charged. */
function PricePreview({ listId }: { listId: number }) {
  const accounts = useAdminTradeAccounts({});
  const preview = usePricePreview();
  const [sku, setSku] = useState('');
  const [who, setWho] = useState('list');
  const [error, setError] = useState('');
  const [result, setResult] = useState<PriceListPreview | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    try {
      const query = who === 'list' ? { sku, price_list_id: listId } : { sku, account_id: Number(who) };
      setResult((await preview.mutateAsync(query)).data);
    } catch (err) {
      setResult(null);
      setError(failure(err, 'The preview did not load.'));
    }
  };
  const pair = (p: { inc_gst: string; ex_gst: string }) =>
    `${dollars(p.inc_gst)} inc. GST (${dollars(p.ex_gst)} ex.)`;
  return (
    <section aria-labelledby="admin-price-preview">
      <h2 id="admin-price-preview" className="admin-return__heading">
        Preview a product&apos;s price
      </h2>
      <form className="admin-toolbar" onSubmit={(e) => void submit(e)}>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-preview-sku">
            SKU
          </label>
          <input
            id="admin-preview-sku"
            className="admin-input"
            value={sku}
            onChange={(e) => setSku(e.target.value)}
          />
        </div>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-preview-who">
            For
          </label>
          <select
            id="admin-preview-who"
            className="admin-input"
            value={who}
            onChange={(e) => setWho(e.target.value)}
          >
            <option value="list">This list alone</option>
            {(accounts.data?.data ?? []).map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.business_name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" disabled={preview.isPending}>
          Preview
        </button>
      </form>
      <p role="alert" className="admin-form__alert">
        {error}
      </p>
      {result && (
        <div aria-live="polite">
          <p>
            <strong>{result.product.title}</strong> ({result.product.sku}): shelf {pair(result.shelf_price)}
            {result.sale_price ? `, on sale ${pair(result.sale_price)}` : ''}.
          </p>
          <TradeTable<PriceListPreview['lists'][number]>
            id="admin-preview-lists"
            caption="Each list's price"
            rows={result.lists}
            rowKey={(l) => String(l.id)}
            empty="No price lists: the retail price stands."
            columns={[
              { title: 'List', rowHeader: true, cell: (l) => l.name },
              { title: 'Price', numeric: true, cell: (l) => (l.price ? pair(l.price) : 'No rule applies') },
              { title: 'Rule', cell: (l) => l.rule ?? '—' },
            ]}
          />
          <p>
            Charged: <strong>{pair(result.trade_price)}</strong>{' '}
            {result.list_name
              ? `(from ${result.list_name})`
              : result.basis === 'sale'
                ? '(the sale price)'
                : '(the retail price)'}
          </p>
        </div>
      )}
    </section>
  );
}

function EditPriceList({ id }: { id: number }) {
  const query = useAdminPriceList(id);
  return (
    <AdminLoadState query={query} what="price list">
      {(answer) => (
        <>
          <p>
            Held by {answer.data.accounts} trade account{answer.data.accounts === 1 ? '' : 's'}.
          </p>
          <PriceListForm key={answer.data.id} list={answer.data} />
          <PricePreview listId={answer.data.id} />
          <TradeAuditTrail audit={answer.audit} />
        </>
      )}
    </AdminLoadState>
  );
}

/** /admin/price-lists/new and /admin/price-lists/{id}: a list's name and rules, and the price preview. */
export function AdminPriceListPage() {
  const { id } = useParams();
  const isNew = id === 'new';
  useAdminTitle(isNew ? 'New price list' : 'Price list');
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <p className="admin-return-back">
        <Link to="/admin/price-lists">← All price lists</Link>
      </p>
      <h1 id="admin-page-title">{isNew ? 'New price list' : 'Price list'}</h1>
      {isNew ? <PriceListForm list={null} /> : <EditPriceList id={Number(id)} />}
    </section>
  );
}
