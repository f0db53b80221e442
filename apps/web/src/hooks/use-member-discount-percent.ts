import { SPEC_MEMBER_DISCOUNT_PERCENT } from '@store/shared/store-promises';
import { useStoreConfig } from '@/lib/api/get-store-config';

/**
 * The member discount every member order gets (the signup plan's percent from /api/store-config), SPEC §9's 10 until
 * the config is read (issue 34 §4: stated as it is applied).
 */
export function useMemberDiscountPercent(): number {
  return useStoreConfig().data?.member_discount_percent ?? SPEC_MEMBER_DISCOUNT_PERCENT;
}
