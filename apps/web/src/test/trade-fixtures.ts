/** Test data for issue 39: a trade account as `GET /api/trade/account` answers it, and a member of it. */
import type { PublicUser } from '@store/shared/account';
import type { TradeAccountView } from '@store/shared/trade-accounts';

/** An approved workshop on 30 days end of month, $5,000 limit, $1,250 owing, nothing overdue. */
export function makeTradeAccount(overrides: Partial<TradeAccountView> = {}): TradeAccountView {
  return {
    id: 3,
    status: 'approved',
    business_name: 'Guildford Auto Repairs Pty Ltd',
    abn: '51824753556',
    gst_registered: true,
    decline_reason: null,
    role: 'owner',
    price_lists: ['Trade Gold'],
    terms: '30_eom',
    credit_limit: '5000.00',
    balance: '1250.00',
    available_credit: '3750.00',
    overdue: '0.00',
    can_order_on_account: true,
    on_account_blocked: null,
    users: [
      { user_id: 21, name: 'Pat Mechanic', email: 'pat@guildford-auto.example', role: 'owner' },
      { user_id: 22, name: 'Lee Apprentice', email: 'lee@guildford-auto.example', role: 'buyer' },
    ],
    open_invoices: [],
    ageing: { current: '1250.00', '1_30': '0.00', '31_60': '0.00', '61_90': '0.00', '90_plus': '0.00' },
    statement_months: [],
    ...overrides,
  };
}

/** The owner, signed in: business details kept, prices shown ex. GST (set on approval). */
export const TRADE_OWNER: PublicUser = {
  id: 21,
  name: 'Pat Mechanic',
  email: 'pat@guildford-auto.example',
  phone: '0412345678',
  role_id: 5,
  created_by: 0,
  user_meta: [
    { option: '_b_name', value: 'Guildford Auto Repairs Pty Ltd' },
    { option: '_price_display', value: 'ex_gst' },
  ],
};
