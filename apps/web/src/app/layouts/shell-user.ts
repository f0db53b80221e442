/**
 * Who is signed in, as the shell needs it (SPEC §2 Header: a Sign In link, or the user's name with a
 * dropdown of My Account, Order History and Sign Out; Track Order only for signed-out visitors).
 */
import { useSession } from '@/stores/session-store';

export interface ShellUser {
  name: string;
}

export function useShellUser(): ShellUser | null {
  const session = useSession();
  return session ? { name: session.user.name } : null;
}
