import { formatDateTime } from './format';

const pad = (n: number) => String(Math.trunc(n)).padStart(2, '0');

/** The browser's time zone, as the schedule forms name it: `Europe/Berlin`. */
export const localZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A `datetime-local` value (the browser's wall-clock time, without a zone) as an ISO date-time
 * with the offset that zone has at that moment: `2030-05-01T09:30:00+02:00`. The service keeps the
 * instant; the offset sent says which local time the editor meant.
 */
export function withLocalOffset(local: string): string {
  const date = new Date(local);
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const offset = `${sign}${pad(Math.abs(minutes) / 60)}:${pad(Math.abs(minutes) % 60)}`;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:00${offset}`;
}

/**
 * The browser's zone with the offset it has at a `datetime-local` value's moment, as the schedule
 * form names it: `Europe/Berlin, GMT+2` (summer time changes the offset, not the name).
 */
export function zoneAt(local: string): string {
  const date = new Date(local);
  const offset = Number.isNaN(date.getTime())
    ? undefined
    : new Intl.DateTimeFormat(undefined, { timeZoneName: 'shortOffset' })
        .formatToParts(date)
        .find((part) => part.type === 'timeZoneName')?.value;
  return offset ? `${localZone()}, ${offset}` : localZone();
}

/** An instant in the browser's zone, the zone named: `May 1, 2030, 09:30 (Europe/Berlin)`. */
export const formatLocalTime = (iso: string): string => `${formatDateTime(iso)} (${localZone()})`;
