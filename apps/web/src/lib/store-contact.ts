import { openingHoursSummary, type OpeningHours } from '@store/shared/opening-hours';
import { useMemo } from 'react';
import { useStoreConfig } from '@/lib/api/get-store-config';
import { phoneHref } from '@/lib/phone-href';

/**
 * The store's contact details as the owner set them in the back office (issue 36 §5; SPEC §2 Footer: address,
 * phone, sales email and opening hours), from `/api/store-config`: the footer, the contact and returns pages and
 * the policy pages print them. A detail the store has not set is '' and left out.
 */
export interface StoreContact {
  /** One line, e.g. '12 Railway Terrace, Guildford NSW 2161'. */
  address: string;
  /** As printed, e.g. '(02) 5550 0123'. */
  phone: string;
  /** The phone as a tel: link ('tel:+61255500123'), '' without a phone. */
  phoneHref: string;
  email: string;
  hours: OpeningHours;
  /** The hours in one line: '8 AM to 6 PM AEST, Mon-Sun'. */
  hoursSummary: string;
}

/** The contact details, or null until the store config has answered. */
export function useStoreContact(): StoreContact | null {
  const data = useStoreConfig().data;
  return useMemo(() => {
    if (!data) return null;
    const { address, phone, email } = data.business_contact;
    return {
      address,
      phone,
      phoneHref: phoneHref(phone) ?? '',
      email,
      hours: data.opening_hours,
      hoursSummary: openingHoursSummary(data.opening_hours),
    };
  }, [data]);
}
