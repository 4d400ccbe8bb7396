// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import dayjs from 'dayjs'
import { dayToApi, formField, toOrderBody, toOrderForm } from './orderForm'
import { orderSearchParams } from './OrderListPage'
import { dayOf, formatMoney } from './format'
import { order } from './testServer'

describe('the order form', () => {
  it('reads an order\'s days as the days they name, whatever the zone', () => {
    const f = toOrderForm(order(1, { paydate: '2026-03-09T00:00:00Z', finalPaymentTime: '2026-03-10T00:00:00+08:00' }))
    expect(f.paydate?.format('YYYY-MM-DD')).toBe('2026-03-09')
    expect(f.finalPaymentTime?.format('YYYY-MM-DD')).toBe('2026-03-10')
    expect(f.transferDate).toBeNull()
    expect(f.customerName).toBe('Customer 1')
    expect(f.discountTotal).toBe(50)
  })

  it('starts a new order today with the default type', () => {
    const f = toOrderForm({}, { orderTypeId: 'ot-std' })
    expect(f.orderTypeId).toBe('ot-std')
    expect(f.orderdate?.format('YYYY-MM-DD')).toBe(dayjs().format('YYYY-MM-DD'))
    expect(f.deliveryDate).toBeNull()
    expect(f.isUrgent).toBe(false)
  })

  it('sends trimmed texts, days as midnight UTC, empty amounts as 0 and never the derived amounts', () => {
    const f = toOrderForm(order(1))
    f.customerName = '  Li  '
    f.bill = null
    f.productTypeId = undefined
    const body = toOrderBody(f, 'stamp-1')
    expect(body).toMatchObject({ customerName: 'Li', bill: 0, productTypeId: null, orderdate: '2026-01-05T00:00:00Z', paydate: null, concurrencyStamp: 'stamp-1' })
    for (const k of ['totalPrice', 'totalSumPrice', 'differencePrice', 'status', 'salesOrderId']) expect(body).not.toHaveProperty(k)
    expect(dayToApi(dayjs('2026-12-31'))).toBe('2026-12-31T00:00:00Z')
    expect(dayToApi(null)).toBeNull()
  })

  it('places the server\'s members on the form\'s fields', () => {
    expect(formField('customerName')).toBe('customerName')
    expect(formField('body.CustomerName')).toBe('customerName')
    expect(formField('isship')).toBe('IsShip')
    expect(formField('totalPrice')).toBeNull()
  })
})

describe('the search bar of the order lists', () => {
  it('sends the keyword as Filter, the selects as they are and the order-date range as a day range', () => {
    expect(orderSearchParams({ filter: 'SO2026', Status: 10, OrderTypeId: 'ot-std', orderdate: ['2026-01-01', '2026-01-31'] })).toEqual({
      filter: 'SO2026',
      params: { Status: 10, OrderTypeId: 'ot-std', orderdateFrom: '2026-01-01', orderdateTo: '2026-01-31' },
    })
    expect(orderSearchParams({})).toEqual({ filter: undefined, params: {} })
  })
})

describe('formats', () => {
  it('show a day and an amount', () => {
    expect(dayOf('2026-01-05T00:00:00Z')).toBe('2026-01-05')
    expect(dayOf(null)).toBe('')
    expect(formatMoney(1234.5)).toBe('1,234.50')
    expect(formatMoney(-3)).toBe('-3.00')
  })
})
