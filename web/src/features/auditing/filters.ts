import type { Dayjs } from 'dayjs'
import type { PageRequest } from '../../components'

/**
 * The search bars of the audit and security logs, and how their values become the query of
 * the list call. Text filters lose every whitespace character (spec 002 §2.5, §5); a picked
 * day range covers its days from the first to the last millisecond in the user's time zone
 * and goes to the server as RFC 3339 UTC; an empty field is left out of the query.
 */

/** A picked day range; either end may be open. */
export type DayRange = [Dayjs | null, Dayjs | null] | null | undefined

/** The audit log's search bar. */
export interface AuditLogFilter {
  time?: DayRange
  userName?: string
  url?: string
  httpMethod?: string
  httpStatusCode?: number | null
  /** 'yes', 'no', or empty for both. */
  hasException?: 'yes' | 'no' | '' | null
  minExecutionDuration?: number | null
  maxExecutionDuration?: number | null
}

/** The security log's search bar. */
export interface SecurityLogFilter {
  time?: DayRange
  action?: string
  userName?: string
}

/** The query of GET /api/audit-logging/audit-logs. */
export interface AuditLogQuery extends Partial<PageRequest> {
  startTime?: string
  endTime?: string
  userName?: string
  url?: string
  httpMethod?: string
  httpStatusCode?: number
  hasException?: boolean
  minExecutionDuration?: number
  maxExecutionDuration?: number
  sorting?: string
}

/** The query of GET /api/identity/security-logs. */
export interface SecurityLogQuery extends Partial<PageRequest> {
  startTime?: string
  endTime?: string
  action?: string
  userName?: string
  sorting?: string
}

/** A text filter with every whitespace character removed; undefined when nothing is left. */
export function stripped(value: string | null | undefined): string | undefined {
  const s = (value ?? '').replace(/\s+/g, '')
  return s || undefined
}

/** A whole number ≥ 0, or undefined. */
function count(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined
}

/** The start and end of a picked day range as RFC 3339 UTC: the first day's start, the last day's end. */
export function timeRange(range: DayRange): { startTime?: string; endTime?: string } {
  const [from, to] = range ?? [null, null]
  return {
    startTime: from ? from.startOf('day').toDate().toISOString() : undefined,
    endTime: to ? to.endOf('day').toDate().toISOString() : undefined,
  }
}

/** Drops the keys whose value is undefined (so a query key does not change with empty fields). */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T
}

/** The audit log query of a search bar's values (without paging and sorting). */
export function toAuditLogQuery(f: AuditLogFilter): AuditLogQuery {
  let min = count(f.minExecutionDuration)
  let max = count(f.maxExecutionDuration)
  // A range typed the wrong way round means the same range.
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min]
  const status = count(f.httpStatusCode)
  return defined({
    ...timeRange(f.time),
    userName: stripped(f.userName),
    url: stripped(f.url),
    httpMethod: stripped(f.httpMethod)?.toUpperCase(),
    httpStatusCode: status && status >= 100 && status <= 599 ? status : undefined,
    hasException: f.hasException === 'yes' ? true : f.hasException === 'no' ? false : undefined,
    minExecutionDuration: min,
    maxExecutionDuration: max,
  })
}

/** The security log query of a search bar's values (without paging and sorting). */
export function toSecurityLogQuery(f: SecurityLogFilter): SecurityLogQuery {
  return defined({ ...timeRange(f.time), action: stripped(f.action), userName: stripped(f.userName) })
}

/** HTTP methods the audit log's search bar offers. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/** Status codes the audit log's search bar offers (what Kerf answers). */
export const HTTP_STATUS_CODES = [200, 201, 204, 400, 401, 403, 404, 409, 429, 500, 503] as const

/** Actions the security log records (internal/securitylog), for its action filter. */
export const SECURITY_ACTIONS = [
  'LoginSucceeded',
  'LoginFailed',
  'LoginInvalidUserName',
  'LoginInvalidUserNameOrPassword',
  'LoginLockedout',
  'LoginNotAllowed',
  'Logout',
  'RefreshToken',
  'RefreshTokenReused',
  'ImpersonateUser',
  'ImpersonateTenant',
  'BackToImpersonator',
  'ImpersonationDenied',
  'ChangePassword',
] as const

/** The antd colour of a status code: 2xx green, 3xx blue, 4xx orange, 5xx red. */
export function statusColor(code: number | null | undefined): string {
  if (!code) return 'default'
  if (code >= 500) return 'red'
  if (code >= 400) return 'orange'
  if (code >= 300) return 'blue'
  if (code >= 200) return 'green'
  return 'default'
}

/** The antd colour of an HTTP method tag. */
export function methodColor(method: string | null | undefined): string {
  switch ((method ?? '').toUpperCase()) {
    case 'GET':
      return 'blue'
    case 'POST':
      return 'green'
    case 'PUT':
    case 'PATCH':
      return 'gold'
    case 'DELETE':
      return 'red'
    default:
      return 'default'
  }
}
