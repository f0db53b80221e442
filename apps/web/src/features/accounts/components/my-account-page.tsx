import { PAGES, updateAddressPath } from '@store/shared/paths';
import { ACCOUNT_MESSAGES, ADDRESS_UNDO_MS, BUSINESS_META_KEYS } from '@store/shared/account-constants';
import type { PublicUser, SavedAddress } from '@store/shared/account';
import { hasBusinessDetails } from '@store/shared/gst-prices';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSession } from '@/stores/session-store';
import { useDeleteAddress } from '../api/delete-address';
import { storeAddress } from '../api/store-address';
import { useQueryClient } from '@tanstack/react-query';
import { useProfile } from '../api/get-profile';
import { useUserAddresses } from '@/lib/api/get-user-addresses';
import { failureMessage, toastError, toastSuccess } from '@/lib/toast-feedback';
import { AccountCard } from './form-bits';
import { PriceDisplayChoice } from './price-display-choice';
import { memberDiscountOffer } from '@store/shared/store-promises';
import { useMemberDiscountPercent } from '@/hooks/use-member-discount-percent';
import { formatPhone } from '@store/shared/phone';

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

/** The toast of a deleted address: its message and an Undo button that stores the address again. */
function DeletedToast({ message, onUndo }: { message: string; onUndo: () => void }) {
  return (
    <span className="address-undo">
      <span>{message}</span>
      <button type="button" className="button button--quiet" onClick={onUndo}>
        Undo
      </button>
    </span>
  );
}

/**
 * Deleting asks first (the card's Delete turns into "Delete this address?" with Delete and Cancel); once deleted,
 * a toast offers Undo for ADDRESS_UNDO_MS, which stores the address the server answered again (decision 0059).
 */
function AddressCard({ address }: { address: SavedAddress }) {
  const remove = useDeleteAddress();
  // Undo runs after this card is gone (the list no longer has it): a plain call, then the list is read again.
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const name = `${address.f_name} ${address.l_name}`.trim();
  const label = address.address_type || 'Address';

  async function undo(deleted: SavedAddress) {
    const { id: _id, user_id: _userId, ...fields } = deleted;
    try {
      await storeAddress(fields);
      await queryClient.invalidateQueries({ queryKey: ['account', 'addresses'] });
      toastSuccess(ACCOUNT_MESSAGES.addressRestored);
    } catch (error) {
      toastError(failureMessage(error, ACCOUNT_MESSAGES.addressAddFailed));
    }
  }

  async function onDelete() {
    setDeleting(true);
    try {
      const answer = await remove.mutateAsync(address.id);
      const { toast } = await import('react-toastify');
      const id = toast.success(
        <DeletedToast
          message={answer.message || ACCOUNT_MESSAGES.addressDeleted}
          onUndo={() => {
            toast.dismiss(id);
            void undo(answer.data);
          }}
        />,
        { autoClose: ADDRESS_UNDO_MS },
      );
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
        {address.email} · {formatPhone(address.phone)}
      </address>
      <div className="address-card__actions">
        <Link
          className="button button--quiet"
          to={updateAddressPath(address.id)}
          aria-label={`Edit ${label} address`}
        >
          Edit
        </Link>
        {confirming ? (
          <div
            role="group"
            aria-label={ACCOUNT_MESSAGES.addressDeleteConfirm}
            className="address-card__confirm"
          >
            <span>{ACCOUNT_MESSAGES.addressDeleteConfirm}</span>
            <button
              type="button"
              className="button button--danger"
              onClick={() => void onDelete()}
              disabled={deleting}
              aria-label={deleting ? undefined : `Yes, delete ${label} address`}
            >
              {deleting ? 'Deleting...' : 'Delete'}
            </button>
            {!deleting && (
              <button type="button" className="button button--quiet" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            )}
          </div>
        ) : (
          <button
            type="button"
            className="button button--danger"
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${label} address`}
          >
            Delete
          </button>
        )}
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
          <dd>{formatPhone(user.phone)}</dd>
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
        {/* Issue 39: apply for, or open, the business's trade account. */}
        <Link className="button button--quiet" to={PAGES.tradeAccount.path}>
          Trade account
        </Link>
      </div>
    </AccountCard>
  );
}
