/**
 * The store's opening hours (issue 36 §5): per weekday an opening and closing time, or closed, plus a free-text
 * note ("Closed on public holidays"). Edited in the back office (store settings `opening_hours`), shown on the
 * contact page, the footer and wherever the store's contact details are. Times are 'HH:MM', 24-hour, in the
 * store's own time (Sydney: the store is in NSW). No zod here (first-page safe: the footer reads it); the schema is
 * `openingHoursSchema` in store-settings.ts.
 */

/** The week as the store's hours list it, Monday first. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Short names, as the footer prints them. */
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

/** One day's hours: open from `open` to `close` ('HH:MM', close after open), or null when closed. */
export type DayHours = { open: string; close: string } | null;

export interface OpeningHours {
  days: Record<Weekday, DayHours>;
  /** Free text shown under the hours, e.g. 'Closed on public holidays'; '' for none. */
  note: string;
}

/** What the store said before hours were a setting: 8 AM to 6 PM every day (the migration's default). */
export const DEFAULT_OPENING_HOURS: OpeningHours = {
  days: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '08:00', close: '18:00' }])) as Record<
    Weekday,
    DayHours
  >,
  note: '',
};

/** The time zone the store's times are stated in, as printed after them. */
export const STORE_TIME_ZONE_LABEL = 'AEST';

/** '18:00' → '6 PM', '17:30' → '5:30 PM', '00:00' → '12 AM', '12:00' → '12 PM'. Unreadable text is returned as is. */
export function clockText(hhmm: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return hhmm;
  const hours = Number(match[1]);
  const minutes = match[2];
  const suffix = hours < 12 ? 'AM' : 'PM';
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return minutes === '00' ? `${h12} ${suffix}` : `${h12}:${minutes} ${suffix}`;
}

/** '8 AM to 6 PM' for one day's hours, 'Closed' for none. */
export function dayHoursText(hours: DayHours): string {
  return hours ? `${clockText(hours.open)} to ${clockText(hours.close)}` : 'Closed';
}

export interface OpeningHoursGroup {
  /** 'Mon-Fri', 'Sat', 'Sun'. */
  days: string;
  /** '8 AM to 6 PM' or 'Closed'. */
  hours: string;
}

/** Consecutive days with the same hours, grouped: [{ days: 'Mon-Fri', hours: '8 AM to 6 PM' }, { days: 'Sat', ... }]. */
export function openingHoursGroups(hours: OpeningHours): OpeningHoursGroup[] {
  const groups: { from: Weekday; to: Weekday; text: string }[] = [];
  for (const day of WEEKDAYS) {
    const text = dayHoursText(hours.days[day]);
    const last = groups.at(-1);
    if (last && last.text === text) last.to = day;
    else groups.push({ from: day, to: day, text });
  }
  return groups.map((g) => ({
    days: g.from === g.to ? WEEKDAY_NAMES[g.from] : `${WEEKDAY_NAMES[g.from]}-${WEEKDAY_NAMES[g.to]}`,
    hours: g.text,
  }));
}

/**
 * The hours in one line, as the footer and the policy pages print them: '8 AM to 6 PM AEST, Mon-Sun' (today's
 * wording for the default), '8 AM to 5 PM AEST, Mon-Fri; 9 AM to 1 PM AEST, Sat' (closed days left out), or
 * 'Closed' when the store opens on no day.
 */
export function openingHoursSummary(hours: OpeningHours): string {
  const open = openingHoursGroups(hours).filter((g) => g.hours !== 'Closed');
  if (open.length === 0) return 'Closed';
  return open.map((g) => `${g.hours} ${STORE_TIME_ZONE_LABEL}, ${g.days}`).join('; ');
}
