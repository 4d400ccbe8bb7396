/** One validation failure in an ABP error body. */
export interface ValidationError {
  message: string
  members?: string[]
}

/** The ABP error body: `{error: {code, message, details, data, validationErrors}}`. */
export interface AbpErrorBody {
  error: {
    code?: string | null
    message?: string | null
    details?: string | null
    data?: Record<string, unknown> | null
    validationErrors?: ValidationError[] | null
  }
}

/** What a failed request looked like, as far as the user-facing message goes. */
export interface FailedRequest {
  /** HTTP status; undefined when no response came back. */
  status?: number
  statusText?: string
  /** Parsed JSON body, when there was one. */
  data?: unknown
  /** The request ran out of time. */
  timeout?: boolean
}

export interface ErrorMessage {
  title?: string
  message: string
}

type Translate = (key: string) => string

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null
}

function nonEmpty(v: unknown): v is string {
  return typeof v === 'string' && v.trim() !== ''
}

/**
 * The notification for a failed request (spec 002 §8):
 * - ABP error with details: title is the message, body the details; message only: body is the message
 *   (validation errors, when present, are listed after it);
 * - 400 with an OAuth body: error_description, else error;
 * - 401, 403, 404, 500: localised standard texts; 429: "operating too fast"; others: the status text;
 * - timeout: '连接超时!!!' titled '错误提示'.
 */
export function errorToMessage(req: FailedRequest, t: Translate): ErrorMessage {
  if (req.timeout) return { title: t('http.timeoutTitle'), message: t('http.timeout') }
  const data = req.data
  if (isObject(data) && isObject(data.error)) {
    const e = data.error as AbpErrorBody['error']
    if (nonEmpty(e.details) && nonEmpty(e.message)) return { title: e.message, message: e.details }
    if (nonEmpty(e.message)) {
      const extra = (e.validationErrors ?? []).map((v) => v.message).filter(nonEmpty)
      const list = extra.filter((m) => m !== e.message)
      return { message: list.length ? `${e.message} ${list.join(' ')}` : e.message }
    }
    if (nonEmpty(e.details)) return { message: e.details }
  }
  const status = req.status
  if (status === undefined) return { message: t('http.network') }
  if (status === 400 && isObject(data)) {
    if (nonEmpty(data.error_description)) return { message: data.error_description }
    if (nonEmpty(data.error)) return { message: data.error }
  }
  if (status === 429) {
    if (isObject(data) && nonEmpty(data.error_description)) return { message: data.error_description }
    return { message: t('http.429') }
  }
  if (status === 401 || status === 403 || status === 404 || status === 500) return { message: t(`http.${status}`) }
  return { message: nonEmpty(req.statusText) ? req.statusText : `${t('http.error')} (${status})` }
}

/** Field name → message, from an ABP validation error (for forms). */
export function validationErrorsByField(data: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (!isObject(data) || !isObject(data.error)) return out
  const list = (data.error as AbpErrorBody['error']).validationErrors ?? []
  for (const v of list) for (const m of v.members ?? []) if (!out[m]) out[m] = v.message
  return out
}
