import { updateAddressPath } from '@store/shared/paths';
import { BUSINESS_META_KEYS } from '@store/shared/account-constants';
import type { PublicUser, SavedAddress } from '@store/shared/account';
import { hasBusinessDetails } from '@store/shared/gst-prices';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSession } from '@/stores/session-store';
import { useDeleteAddress } from '../api/delete-address';
import { useProfile } from '../api/get-profile';
import { useUserAddresses } from '@/lib/api/get-user-addresses';
import { failureMessage, toastError, toastSuccess } from '@/lib/toast-feedback';
import { AccountCard } from './form-bits';
import { PriceDisplayChoice } from './price-display-choice';
import { memberDiscountOffer } from '@store/shared/store-promises';
import { useMemberDiscountPercent } from '@/hooks/use-member-discount-percent';

const BUSINESS_LABELS: Record<(typeof BUSINESS_META_KEYS)[number], string> = {
  _b_name: 'Business name',
  _b_email: 'Business email',
  _b_number: 'Business number',
  _b_street_address: 'Street address',
  _b_area_address: 'Area address',
};

/** The user's business meta (SPEC §3 `_b_*`), only the filled ones. */
export function businessDetailsOf(user: PublicUser): { key: string; label: string; value: string }[] {
  return BUSINESS_META_KEYS.flatMap((key) => {
    const value = user.user_meta.find((m) => m.option === key)?.value.trim() ?? '';
    return value === '' ? [] : [{ key, label: BUSINESS_LABELS[key], value }];
  });
}

function AddressCard({ address }: { address: SavedAddress }) {
  const remove = useDeleteAddress();
  const [deleting, setDeleting] = useState(false);
  const name = `${address.f_name} ${address.l_name}`.trim();
  const label = address.address_type || 'Address';

  async function onDelete() {
    setDeleting(true);
    try {
      const answer = await remove.mutateAsync(address.id);
      toastSuccess(answer.message || 'Address deleted.');
    } catch (error) {
      // SPEC §8: only logged; we also say so, as a silent failure reads as a broken button.
      console.error('Address deletion failed', error);
      toastError(failureMessage(error));
      setDeleting(false);
    }
  }

  return (
    <li className="address-card" aria-label={`${label}: ${name}`}>
      <p className="address-card__type">{label}</p>
      <address>
        {name}
        {address.company && (
          <>
            <br />
            {address.company}
          </>
        )}
        <br />
        {address.street_address}
        <br />
        {address.city} {address.state} {address.post_code}
        <br />
        {address.email} · {address.phone}
      </address>
      <div className="address-card__actions">
        <Link
          className="button button--quiet"
          to={updateAddressPath(address.id)}
          aria-label={`Edit ${label} address`}
        >
          Edit
        </Link>
        <button
          type="button"
          className="button button--danger"
          onClick={() => void onDelete()}
          disabled={deleting}
          aria-label={deleting ? undefined : `Delete ${label} address`}
        >
          {deleting ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </li>
  );
}

/**
 * /my-account (SPEC §2 Account screens): personal detail; business detail only when a business field is
 * filled; saved addresses with Edit and Delete; Add Address and Edit Profile.
 */
export function MyAccountPage() {
  const memberPercent = useMemberDiscountPercent();
  usePageTitle('My account');
  const session = useSession();
  const profile = useProfile();
  const addresses = useUserAddresses();
  // The stored profile shows at once; the server's copy replaces it when it answers.
  const user = profile.data ?? session?.user;
  if (!user) return null;
  const business = businessDetailsOf(user);

  return (
    <AccountCard
      title="My account"
      wide
      lead={
        <p>
          Hello {user.name}. {memberDiscountOffer(memberPercent)}.
        </p>
      }
    >
      <section className="account-section" aria-labelledby="account-personal">
        <h2 id="account-personal">Personal detail</h2>
        <dl className="account-details">
          <dt>Name</dt>
          <dd>{user.name}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Phone</dt>
          <dd>{user.phone}</dd>
        </dl>
      </section>
      {business.length > 0 && (
        <section className="account-section" aria-labelledby="account-business">
          <h2 id="account-business">Business detail</h2>
          <dl className="account-details">
            {business.map((b) => (
              <div key={b.key} style={{ display: 'contents' }}>
                <dt>{b.label}</dt>
                <dd>{b.value}</dd>
              </div>
            ))}
          </dl>
          {hasBusinessDetails(user.user_meta) && <PriceDisplayChoice user={user} />}
        </section>
      )}
      <section className="account-section" aria-labelledby="account-addresses">
        <h2 id="account-addresses">Saved addresses</h2>
        {addresses.isPending ? (
          <p role="status">Loading...</p>
        ) : (addresses.data ?? []).length === 0 ? (
          <p>No saved addresses yet.</p>
        ) : (
          <ul className="address-list" role="list">
            {(addresses.data ?? []).map((a) => (
              <AddressCard key={a.id} address={a} />
            ))}
          </ul>
        )}
      </section>
      <div className="account-actions">
        <Link className="button" to="/address">
          Add Address
        </Link>
        <Link className="button button--quiet" to="/profile-update">
          Edit Profile
        </Link>
        <Link className="button button--quiet" to="/order-history">
          Order History
        </Link>
      </div>
    </AccountCard>
  );
}
