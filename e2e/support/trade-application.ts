/**
 * A workshop's trade application (issue 39), sent through the API as the form would send it: Rivet Motors Pty Ltd,
 * a valid ABN, Parramatta. Journeys that are not about the form itself start here.
 */
import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Applies for a trade account as the member whose bearer is `token`, on the store at `origin`, with
 * `accountsEmail` for invoices and statements. Answers the application's (the account's) id; fails the test with
 * the store's answer when refused.
 */
export async function applyForTradeAccount(
  request: APIRequestContext,
  origin: string,
  token: string,
  accountsEmail: string,
): Promise<number> {
  const applied = await request.post(`${origin}/api/trade/applications`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      business_name: 'Rivet Motors Pty Ltd',
      abn: '51 824 753 556',
      gst_registered: true,
      street_address: '12 Spanner St',
      suburb: 'Parramatta',
      state: 'NSW',
      post_code: '2150',
      contact_name: 'Rita Rivet',
      contact_phone: '02 9876 5432',
      accounts_email: accountsEmail,
      expected_monthly_spend: '2500',
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  return ((await applied.json()) as { data: { id: number } }).data.id;
}
