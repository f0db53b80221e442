/** /brand?page=&brand= (SPEC §2 Brands pages). Placeholder until the storefront lands. */
export function BrandRoute() {
  return (
    <div className="container page">
      <h1>All Brands</h1>
    </div>
  );
}
