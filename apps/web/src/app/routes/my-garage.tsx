import { MyGaragePage } from '@/features/garage/components/my-garage-page';

/** /my-garage (issue 15 §5): the shopper's saved vehicles. */
export function MyGarageRoute() {
  return <MyGaragePage />;
}
