import type { PublicUser } from '@store/shared/account';

export interface MemberPrefill {
  f_name: string;
  l_name: string;
  email: string;
  phone: string;
}

const EMPTY: MemberPrefill = { f_name: '', l_name: '', email: '', phone: '' };

/**
 * What the contact and return forms fill in for a signed-in member (issue 11), all of it editable. The
 * profile keeps one name, so its first word is the first name and the rest the last name.
 */
export function memberPrefill(user: PublicUser | null | undefined): MemberPrefill {
  if (!user) return EMPTY;
  const [first = '', ...rest] = user.name.trim().split(/\s+/);
  return { f_name: first, l_name: rest.join(' '), email: user.email, phone: user.phone };
}
