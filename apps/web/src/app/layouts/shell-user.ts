/**
 * Who is signed in, as the shell needs it (SPEC §2 Header: a Sign In link, or the user's name with a
 * dropdown of My Account, Order History and Sign Out; Track Order only for signed-out visitors).
 * Accounts arrive with a later issue: until then every visitor is signed out. That issue replaces the body
 * of `useShellUser` with the session, and passes its sign-out to the header.
 */
export interface ShellUser {
  name: string;
}

export function useShellUser(): ShellUser | null {
  return null;
}
