import { describe, expect, it } from 'vitest'
import { errorToMessage, validationErrorsByField } from './errors'

const t = (k: string) =>
  (({
    'http.timeout': '连接超时!!!',
    'http.timeoutTitle': '错误提示',
    'http.401': 'not authenticated',
    'http.403': 'not allowed',
    'http.404': 'not found',
    'http.500': 'server error',
    'http.429': 'operating too fast',
    'http.network': 'no answer',
    'http.error': 'error',
  }) as Record<string, string>)[k] ?? k

describe('error to message', () => {
  it('uses message as title and details as body when both are given', () => {
    expect(errorToMessage({ status: 403, data: { error: { message: 'Forbidden', details: 'You lack X' } } }, t)).toEqual({
      title: 'Forbidden',
      message: 'You lack X',
    })
  })
  it('uses the message as body when there are no details', () => {
    expect(errorToMessage({ status: 409, data: { error: { message: 'Stale data' } } }, t)).toEqual({ message: 'Stale data' })
  })
  it('lists validation errors after the message', () => {
    const m = errorToMessage(
      { status: 400, data: { error: { message: 'Invalid', validationErrors: [{ message: 'Name is required', members: ['name'] }] } } },
      t,
    )
    expect(m.message).toBe('Invalid Name is required')
  })
  it('uses error_description, then error, for a 400 OAuth answer', () => {
    expect(errorToMessage({ status: 400, data: { error: 'invalid_grant', error_description: '用户名或密码错误' } }, t)).toEqual({
      message: '用户名或密码错误',
    })
    expect(errorToMessage({ status: 400, data: { error: 'invalid_grant' } }, t)).toEqual({ message: 'invalid_grant' })
  })
  it('uses the localised standard texts for 401, 403, 404 and 500 without a body', () => {
    expect(errorToMessage({ status: 401 }, t).message).toBe('not authenticated')
    expect(errorToMessage({ status: 403 }, t).message).toBe('not allowed')
    expect(errorToMessage({ status: 404, data: '' }, t).message).toBe('not found')
    expect(errorToMessage({ status: 500 }, t).message).toBe('server error')
  })
  it('says operating too fast on 429', () => {
    expect(errorToMessage({ status: 429 }, t).message).toBe('operating too fast')
  })
  it('uses the status text for other statuses', () => {
    expect(errorToMessage({ status: 502, statusText: 'Bad Gateway' }, t).message).toBe('Bad Gateway')
  })
  it('shows 连接超时!!! titled 错误提示 on timeout', () => {
    expect(errorToMessage({ timeout: true }, t)).toEqual({ title: '错误提示', message: '连接超时!!!' })
  })
  it('maps validation errors to form fields', () => {
    expect(
      validationErrorsByField({ error: { validationErrors: [{ message: 'bad email', members: ['email'] }, { message: 'x', members: ['email'] }] } }),
    ).toEqual({ email: 'bad email' })
  })
})
