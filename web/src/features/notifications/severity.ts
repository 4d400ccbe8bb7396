import type { Severity } from './api'

/** How a severity shows (spec 000 §3, §9): 0 success, 10 info, 20 warning, 30 and 40 error. */
export type SeverityKind = 'success' | 'info' | 'warning' | 'error'

export function severityKind(severity: number): SeverityKind {
  if (severity >= 30) return 'error'
  if (severity >= 20) return 'warning'
  if (severity >= 10) return 'info'
  return 'success'
}

/** The colour of each kind (antd's default palette). */
export const SEVERITY_COLOURS: Record<SeverityKind, string> = {
  success: '#52c41a',
  info: '#1677ff',
  warning: '#faad14',
  error: '#ff4d4f',
}

/** antd Tag preset colours of each kind. */
export const SEVERITY_TAGS: Record<SeverityKind, string> = {
  success: 'success',
  info: 'processing',
  warning: 'warning',
  error: 'error',
}

/** The severities the broadcast dialog offers. */
export const SEVERITIES: Severity[] = [0, 10, 20, 30, 40]

/** The text key of a severity: severity.0 … severity.40. */
export const severityKey = (s: number) => `severity.${SEVERITIES.includes(s as Severity) ? s : 10}`
