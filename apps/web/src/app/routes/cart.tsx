import { CartPage } from '@/features/cart/components/cart-page';
import { usePageTitle } from '@/hooks/use-page-title';

/** /cart (SPEC §2 Cart page), titled 'Cart'. */
export function CartRoute() {
  usePageTitle('Cart');
  return <CartPage />;
}
