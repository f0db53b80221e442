/** The member screens (SPEC §2, §6): a signed-out visitor goes to /signin. */
import { AddAddressPage, UpdateAddressPage } from '@/features/accounts/components/address-form-page';
import { MemberTrackOrderPage } from './member-track-order';
import { MyAccountPage } from '@/features/accounts/components/my-account-page';
import { OrderHistoryPage } from '@/features/accounts/components/order-history-page';
import { ProfileUpdatePage } from '@/features/accounts/components/profile-update-page';
import { QuickOrderPage } from '@/features/accounts/components/quick-order-page';
import { TradeAccountPage } from '@/features/accounts/components/trade-account-page';
import { RequireMember } from '@/features/accounts/components/session-gates';
import { useSession } from '@/stores/session-store';

const member = (Page: React.ComponentType) =>
  function MemberRoute() {
    return (
      <RequireMember>
        <Page />
      </RequireMember>
    );
  };

function OrderHistory() {
  const session = useSession();
  return session ? <OrderHistoryPage userId={session.user.id} /> : null;
}

export const MyAccountRoute = member(MyAccountPage);
export const ProfileUpdateRoute = member(ProfileUpdatePage);
export const AddAddressRoute = member(AddAddressPage);
export const UpdateAddressRoute = member(UpdateAddressPage);
export const OrderHistoryRoute = member(OrderHistory);
export const MemberTrackOrderRoute = member(MemberTrackOrderPage);
export const TradeAccountRoute = member(TradeAccountPage);
export const QuickOrderRoute = member(QuickOrderPage);
