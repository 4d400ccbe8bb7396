import { describe, expect, it } from 'vitest'
import dayjs from 'dayjs'
import { methodColor, statusColor, stripped, timeRange, toAuditLogQuery, toSecurityLogQuery } from './filters'

describe('audit log search → query', () => {
  it('sends nothing for an empty bar', () => {
    expect(toAuditLogQuery({})).toEqual({})
    expect(toAuditLogQuery({ userName: '  ', url: '', httpMethod: undefined, httpStatusCode: null, hasException: '' })).toEqual({})
  })

  it('strips every whitespace character from text filters (spec 002 §5)', () => {
    expect(toAuditLogQuery({ userName: ' ad min ', url: ' /api/ catalog\t' })).toEqual({ userName: 'admin', url: '/api/catalog' })
    expect(stripped(' \n ')).toBeUndefined()
  })

  it('sends the method in capitals and the status as a number', () => {
    expect(toAuditLogQuery({ httpMethod: 'put', httpStatusCode: 404 })).toEqual({ httpMethod: 'PUT', httpStatusCode: 404 })
  })

  it('leaves out a status that is not an HTTP status', () => {
    expect(toAuditLogQuery({ httpStatusCode: 42 })).toEqual({})
    expect(toAuditLogQuery({ httpStatusCode: 600 })).toEqual({})
  })

  it('maps has-exception yes/no to true/false and "all" to nothing', () => {
    expect(toAuditLogQuery({ hasException: 'yes' })).toEqual({ hasException: true })
    expect(toAuditLogQuery({ hasException: 'no' })).toEqual({ hasException: false })
    expect(toAuditLogQuery({ hasException: null })).toEqual({})
  })

  it('sends durations as whole milliseconds, the smaller as the minimum', () => {
    expect(toAuditLogQuery({ minExecutionDuration: 10, maxExecutionDuration: 250 })).toEqual({ minExecutionDuration: 10, maxExecutionDuration: 250 })
    expect(toAuditLogQuery({ minExecutionDuration: 500, maxExecutionDuration: 20 })).toEqual({ minExecutionDuration: 20, maxExecutionDuration: 500 })
    expect(toAuditLogQuery({ minExecutionDuration: 0 })).toEqual({ minExecutionDuration: 0 })
    expect(toAuditLogQuery({ maxExecutionDuration: -5 })).toEqual({})
  })

  it('sends a day range from the first day’s start to the last day’s end, in UTC', () => {
    const from = dayjs('2025-03-01T15:20:00')
    const to = dayjs('2025-03-02T08:00:00')
    const q = toAuditLogQuery({ time: [from, to] })
    expect(q.startTime).toBe(dayjs('2025-03-01T00:00:00').toDate().toISOString())
    expect(q.endTime).toBe(dayjs('2025-03-02T23:59:59.999').toDate().toISOString())
    expect(q.startTime).toMatch(/Z$/)
  })

  it('leaves an open end of the range out', () => {
    const q = timeRange([dayjs('2025-03-01'), null])
    expect(q.startTime).toBeDefined()
    expect(q.endTime).toBeUndefined()
    expect(timeRange(null)).toEqual({ startTime: undefined, endTime: undefined })
  })
})

describe('security log search → query', () => {
  it('sends the action and user name stripped, and the day range', () => {
    const q = toSecurityLogQuery({ action: ' LoginSucceeded ', userName: 'ad min', time: [dayjs('2025-01-05'), dayjs('2025-01-05')] })
    expect(q.action).toBe('LoginSucceeded')
    expect(q.userName).toBe('admin')
    expect(new Date(q.endTime!).getTime() - new Date(q.startTime!).getTime()).toBe(24 * 3600 * 1000 - 1)
  })
  it('sends nothing for an empty bar', () => {
    expect(toSecurityLogQuery({ action: '', userName: ' ' })).toEqual({})
  })
})

describe('colours', () => {
  it('colours statuses by class', () => {
    expect([200, 204, 302, 400, 404, 500, 503, undefined].map(statusColor)).toEqual(['green', 'green', 'blue', 'orange', 'orange', 'red', 'red', 'default'])
  })
  it('colours methods', () => {
    expect(['GET', 'post', 'PUT', 'DELETE', 'OPTIONS'].map(methodColor)).toEqual(['blue', 'green', 'gold', 'red', 'default'])
  })
})
