/** /brands (SPEC §2 Brands pages). Placeholder until the storefront lands. */
export function BrandsRoute() {
  return (
    <div className="container page">
      <h1>Brands</h1>
    </div>
  );
}
