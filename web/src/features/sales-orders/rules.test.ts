import { describe, expect, it } from 'vitest'
import { limits } from '../../api/gen/limits'
import { boundsOf, orderLimits, typeLimits } from './rules'

describe('form limits', () => {
  it('are the server\'s, the same for create and update', () => {
    expect(limits.SalesorderSalesOrderInput).toEqual(limits.SalesorderUpdateSalesOrderInput)
    expect(orderLimits.customerName.maxLength).toBeGreaterThan(0)
    expect(typeLimits.code.maxLength).toBeGreaterThan(0)
  })
  it('bound the amounts a user enters at 0 and below the server\'s maximum', () => {
    for (const k of ['discountTotal', 'logisticsPrice', 'payTotal', 'bill']) {
      expect(boundsOf(orderLimits, k).min).toBe(0)
      expect(boundsOf(orderLimits, k).max).toBeGreaterThan(1e9)
    }
  })
})
