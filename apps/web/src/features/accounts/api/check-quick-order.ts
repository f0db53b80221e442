import type { QuickOrderLine } from '@store/shared/trade-accounts';
import { apiRequest, envelope, served } from '@/lib/api-client';

/**
 * `POST /api/trade/quick-order` `{ text }` (issue 39 §5) -> each pasted line with the product it names (id, SKU,
 * title) or the problem in words.
 */
export function checkQuickOrder(text: string): Promise<QuickOrderLine[]> {
  return apiRequest('/trade/quick-order', envelope(served<QuickOrderLine[]>()), {
    method: 'POST',
    body: { text },
    member: true,
  });
}
