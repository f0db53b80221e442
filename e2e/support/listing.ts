/**
 * What the listing journeys (shop, brand, search: issue 13's sort and filters) read from a page and from the API:
 * the cards' titles and the price each card shows (the price paid, after any discount), and the API's answer
 * for the same address, so a journey can wait for the list to be the one asked for.
 */
import { expect, type APIRequestContext, type Locator } from '@playwright/test';
import type { SearchAnswer, ShopAnswer } from '@store/shared/catalog-answers';
import { parseDecimalToCents } from '@store/shared/money';

/** A product of a listing answer (SPEC §3's product). */
export type ListedProduct = ShopAnswer['data'][number];

/** What the shop's and the search's answers have in common: a page of products and its count. */
export type ListingAnswer = Pick<ShopAnswer | SearchAnswer, 'data' | 'total' | 'last_page'>;

/**
 * The price a listed product is paid at, cents, as served: its discounted price, else its `_price` (shelf
 * prices including GST, issue 34 §1, decision 0046). The price the price range and the price sorts read.
 */
export function paidCents(product: ListedProduct): number {
  const text =
    product.discount_data?.discounted_price ??
    product.product_meta?.find((m) => m.option === '_price')?.value ??
    '';
  const cents = parseDecimalToCents(text);
  expect(cents, `a price for ${product.title}: '${text}'`).not.toBeNull();
  return cents!;
}

/** True when a listed product can be bought: no `_stock` kept, or more than none. */
export function inStock(product: ListedProduct): boolean {
  const stock = product.product_meta?.find((m) => m.option === '_stock')?.value ?? '';
  return stock.trim() === '' || Number(stock) > 0;
}

/** The API's answer for a listing call, e.g. `/api/shop?page=1&sort=price_asc&pagination=15`. */
export async function listingAnswer(request: APIRequestContext, url: string): Promise<ListingAnswer> {
  const answer = await request.get(url);
  expect(answer.ok(), `${url} answered ${answer.status()}`).toBe(true);
  return (await answer.json()) as ListingAnswer;
}

/** The cards of a list, in order. */
export function cards(list: Locator): Locator {
  return list.getByRole('article');
}

/** Waits until the list shows these products, in this order (the previous list stays while the next loads). */
export async function expectTitles(list: Locator, titles: string[]) {
  await expect(cards(list).getByRole('heading')).toHaveText(titles);
}

/** The price each card shows as the one paid ('$179.95' of '$179.95 ~~$199.95~~'), in dollars. */
export async function shownPrices(list: Locator): Promise<number[]> {
  const texts = await cards(list).locator('.price-tag__current').allTextContents();
  return texts.map((text) => {
    const amount = /\$([\d,]+\.\d{2})/.exec(text)?.[1];
    expect(amount, `a price in '${text}'`).toBeDefined();
    return Number(amount!.replace(/,/g, ''));
  });
}

/** Checks that the numbers never go down (ascending) or never go up (descending). */
export function expectOrdered(values: number[], direction: 'ascending' | 'descending') {
  const sorted = [...values].sort((a, b) => (direction === 'ascending' ? a - b : b - a));
  expect(values, `prices ${direction}`).toEqual(sorted);
}
