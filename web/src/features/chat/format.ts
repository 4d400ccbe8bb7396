import dayjs from 'dayjs'

/** When a last message was sent: the time today, the month and day this year, else the date. */
export function lastTime(iso: string | null | undefined, now = dayjs()): string {
  if (!iso) return ''
  const d = dayjs(iso)
  if (!d.isValid()) return ''
  if (d.isSame(now, 'day')) return d.format('HH:mm')
  if (d.isSame(now, 'year')) return d.format('MM-DD')
  return d.format('YYYY-MM-DD')
}

/** The first character of a name, for an avatar without a picture. */
export const initialOf = (name: string | null | undefined) => Array.from((name ?? '').trim())[0]?.toUpperCase() ?? '?'
