// Test support of the design platform's dialogs (not part of the app): a stand-in server with a
// bound account and its plans.
import { mockApi, type ApiCall, type ApiHandler } from '../../test/render'
import type { BindingInfo, Plan } from './types'

export const plan = (i: number): Plan => ({
  planId: `p${i}`,
  designId: `d${i}`,
  name: `Plan ${i}`,
  planPic: `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>`,
})

export const PLANS: Plan[] = Array.from({ length: 10 }, (_, i) => plan(i + 1))

export const BOUND: BindingInfo = { bound: true, account: 'demo', provider: 'development' }
export const UNBOUND: BindingInfo = { bound: false, account: '', provider: 'development' }

export interface ServeOptions {
  binding?: BindingInfo
  plans?: Plan[]
  extra?: Record<string, ApiHandler>
}

/** Answers the binding and plans calls; the plans call filters by keyword as the server does. */
export function serveHomeDesign({ binding = BOUND, plans = PLANS, extra = {} }: ServeOptions = {}): ApiCall[] {
  return mockApi({
    'GET /api/app/home-design/binding': () => binding,
    'GET /api/app/home-design/plans': (c) => {
      const k = c.query.get('keyword') ?? ''
      const items = plans.filter((p) => p.name.includes(k))
      return { items, totalCount: items.length }
    },
    ...extra,
  })
}
