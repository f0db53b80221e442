/** /shop (SPEC §2 Shop listing). Placeholder until the storefront lands. */
export function ShopRoute() {
  return (
    <div className="container page">
      <h1>Shop</h1>
    </div>
  );
}
