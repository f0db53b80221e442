/** /product/{sku} (SPEC §2 Product page). Placeholder until the storefront lands. */
export function ProductRoute() {
  return (
    <div className="container page">
      <h1>Product</h1>
    </div>
  );
}
