// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import dayjs from 'dayjs'
import { dayToApi, formField, toOrderBody, toOrderForm } from './orderForm'
import { orderSearchParams } from './OrderListPage'
import { formatDay, formatMoney } from './format'
import { order } from './testServer'

describe('the order form', () => {
  it('reads an order\'s dates as days in the user\'s zone', () => {
    const f = toOrderForm(order(1, { paydate: dayjs('2026-03-09').format(), finalPaymentTime: dayjs('2026-03-10 17:45').format() }))
    expect(f.paydate?.format('YYYY-MM-DD')).toBe('2026-03-09')
    expect(f.finalPaymentTime?.format('YYYY-MM-DD HH:mm')).toBe('2026-03-10 00:00')
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

  it('sends trimmed texts, days as their midnight, empty amounts as 0, leaves out what is unset and never the derived amounts', () => {
    const f = toOrderForm(order(1, { orderdate: dayjs('2026-01-05 09:30').format() }))
    f.customerName = '  Li  '
    f.bill = null
    f.productTypeId = undefined
    const body = toOrderBody(f, 'stamp-1')
    expect(body).toMatchObject({ customerName: 'Li', bill: 0, orderdate: dayjs('2026-01-05').format(), concurrencyStamp: 'stamp-1' })
    for (const k of ['productTypeId', 'paydate', 'totalPrice', 'totalSumPrice', 'differencePrice', 'status', 'salesOrderId']) expect(body).not.toHaveProperty(k)
    expect(dayjs(dayToApi(dayjs('2026-12-31 13:00'))).format('YYYY-MM-DD HH:mm')).toBe('2026-12-31 00:00')
    expect(dayToApi(null)).toBeUndefined()
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
    expect(formatDay(dayjs('2026-01-05 23:59').format())).toBe('2026-01-05')
    expect(formatDay(null)).toBe('')
    expect(formatMoney(1234.5)).toBe('1,234.50')
    expect(formatMoney(-3)).toBe('-3.00')
  })
})
