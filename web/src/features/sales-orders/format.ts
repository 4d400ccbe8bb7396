import dayjs from 'dayjs'

/** How the lists show a day and a time. */
export const DAY = 'YYYY-MM-DD'
export const TIME = 'YYYY-MM-DD HH:mm'

/** An order's date as a day in the user's zone ('' for none). */
export function formatDay(v: string | null | undefined): string {
  if (!v) return ''
  const d = dayjs(v)
  return d.isValid() ? d.format(DAY) : ''
}

/** A time in the user's zone ('' for none). */
export function formatTime(v: string | null | undefined): string {
  if (!v) return ''
  const d = dayjs(v)
  return d.isValid() ? d.format(TIME) : ''
}

/** An amount with two decimals and thousands separators ('' for none). */
export function formatMoney(v: number | null | undefined): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return ''
  return v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
}

/** A size or count as it is, without trailing zeros ('' for none). */
export function formatNumber(v: number | null | undefined): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return ''
  return String(Number(v.toFixed(4)))
}
