// Test support of the design platform pages (not part of the app): a stand-in server with a
// bound account, its plans and one design.
import { mockApi, type ApiCall, type ApiHandler } from '../../test/render'
import type { BindingInfo, Design, Plan } from './types'

export const plan = (i: number): Plan => ({
  planId: `p${i}`,
  designId: `d${i}`,
  name: `Plan ${i}`,
  planPic: `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>`,
})

export const PLANS: Plan[] = Array.from({ length: 10 }, (_, i) => plan(i + 1))

export const BOUND: BindingInfo = { bound: true, account: 'demo', provider: 'development' }
export const UNBOUND: BindingInfo = { bound: false, account: '', provider: 'development' }

const edges = (top: number, bottom: number, left: number, right: number) => ({
  top: { thickness: top },
  bottom: { thickness: bottom },
  left: { thickness: left },
  right: { thickness: right },
})

export const DESIGN: Design = {
  planId: 'p1',
  name: 'Kitchen',
  solutions: [
    {
      code: 'S1',
      name: 'Base cabinets',
      cabinets: [
        {
          name: 'Sink base',
          width: 800,
          height: 720,
          depth: 560,
          panels: [
            { name: 'Side', material: 'White oak', thickness: 18, length: 720, width: 560, grain: 'length', edges: edges(2, 1, 1, 1), holes: [], count: 2 },
            { name: 'Shelf', material: 'White oak', thickness: 18, length: 762, width: 540, grain: 'length', edges: edges(2, 0, 0, 0), holes: [], count: 1 },
            { name: 'Door', material: 'Walnut', thickness: 18, length: 716, width: 398, grain: 'length', edges: edges(2, 2, 2, 2), holes: [], count: 2 },
          ],
          hardware: [{ name: 'Hinge', code: 'H-35', count: 4 }],
        },
      ],
    },
    {
      code: 'S2',
      name: 'Wall cabinets',
      cabinets: [
        {
          name: 'Wall unit',
          width: 600,
          height: 700,
          depth: 320,
          panels: [
            { name: 'Drawer front', material: 'Maple', thickness: 18, length: 596, width: 170, grain: 'length', edges: edges(2, 2, 2, 2), holes: [], count: 1 },
          ],
          hardware: [{ name: 'Drawer slide', code: 'SL-450', count: 1 }],
        },
      ],
    },
  ],
}

export interface ServeOptions {
  binding?: BindingInfo
  plans?: Plan[]
  extra?: Record<string, ApiHandler>
}

/** Answers the design platform's calls; the plans call filters by keyword as the server does. */
export function serveHomeDesign({ binding = BOUND, plans = PLANS, extra = {} }: ServeOptions = {}): ApiCall[] {
  return mockApi({
    'GET /api/app/home-design/binding': () => binding,
    'GET /api/app/home-design/plans': (c) => {
      const k = c.query.get('keyword') ?? ''
      const items = plans.filter((p) => p.name.includes(k))
      return { items, totalCount: items.length }
    },
    'GET /api/app/home-design/plans/p1': () => DESIGN,
    ...extra,
  })
}
