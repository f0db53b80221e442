import { CartPage } from '@/features/cart/components/cart-page';
import { CartBrowsePanel } from '@/features/catalog/components/cart-browse-panel';
import { usePageTitle } from '@/hooks/use-page-title';

/** /cart (SPEC §2 Cart page), titled 'Cart': the cart with the catalog's browse panel beside it. */
export function CartRoute() {
  usePageTitle('Cart');
  return <CartPage browsePanel={<CartBrowsePanel />} />;
}
