import { useEffect } from 'react';

/** The tab's title on a back-office page: 'Staff | Back office' (the shop's layout, which owns it there, is absent). */
export function useAdminTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Back office`;
  }, [title]);
}
