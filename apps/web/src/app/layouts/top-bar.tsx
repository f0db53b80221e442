import {
  freeDeliveryText,
  memberDiscountHeld,
  memberDiscountOffer,
  SPEC_MEMBER_DISCOUNT_PERCENT,
} from '@store/shared/store-promises';
import { Link } from 'react-router';
import { useDeliverySettings } from '@/hooks/use-delivery-settings';
import { TagIcon, TruckIcon, UserIcon } from './icons';
import { NavDropdown } from './nav-dropdown';
import { useIsTradeBuyer } from '@/lib/api/get-trade-account';
import { ACCOUNT_LINKS, QUICK_ORDER } from './nav-links';
import type { ShellUser } from './shell-user';

export interface AccountMenuProps {
  user: ShellUser | null;
  onSignOut?: () => void;
}

/** SPEC §2 Header: 'Sign In', or the user's name opening My Account, Order History and Sign Out. */
export function AccountMenu({ user, onSignOut }: AccountMenuProps) {
  if (!user) {
    return (
      <Link to="/signin" className="top-bar__link">
        <UserIcon />
        Sign In
      </Link>
    );
  }
  return (
    <NavDropdown
      label={
        <>
          <UserIcon />
          <span className="visually-hidden">Account: </span>
          {user.name}
        </>
      }
      className="nav-dropdown--end nav-dropdown--account"
      buttonClassName="top-bar__link top-bar__toggle"
    >
      <AccountLinks onSignOut={onSignOut} />
    </NavDropdown>
  );
}

/**
 * The open account menu's links; a member of an approved trade account also gets Quick order (issue 39 §5: the
 * trade account is asked for when the menu first opens, then kept).
 */
function AccountLinks({ onSignOut }: { onSignOut?: (() => void) | undefined }) {
  const links = useIsTradeBuyer() ? [...ACCOUNT_LINKS, QUICK_ORDER] : ACCOUNT_LINKS;
  return (
    <ul className="nav-dropdown__list" role="list">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="nav-dropdown__link">
            {link.label}
          </Link>
        </li>
      ))}
      <li>
        <button type="button" className="nav-dropdown__link nav-dropdown__button" onClick={onSignOut}>
          Sign Out
        </button>
      </li>
    </ul>
  );
}

/**
 * The strip above the header: the member discount (the signup plan's percent, SPEC §1: members get 10% off),
 * the delivery offer as the store's settings make it (issue 34 §3: `freeDeliveryText`, the words every page uses)
 * and the account link.
 */
export function TopBar({
  user,
  onSignOut,
  memberDiscountPercent,
}: AccountMenuProps & { memberDiscountPercent?: number | undefined }) {
  const percent = memberDiscountPercent ?? SPEC_MEMBER_DISCOUNT_PERCENT;
  const delivery = useDeliverySettings();
  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        <p className="top-bar__offer">
          <TagIcon />
          {user ? (
            <span>{memberDiscountHeld(percent)}</span>
          ) : (
            <span>
              {memberDiscountOffer(percent)} —{' '}
              <Link to="/signup" className="top-bar__offer-link">
                sign up today
              </Link>
            </span>
          )}
        </p>
        {delivery && (
          <p className="top-bar__delivery">
            <TruckIcon />
            {freeDeliveryText(delivery)}
          </p>
        )}
        <AccountMenu user={user} onSignOut={onSignOut} />
      </div>
    </div>
  );
}
