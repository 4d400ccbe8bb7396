// Test support of the design viewer (not part of the app): a stand-in server with one design.
import { mockApi, type ApiCall, type ApiHandler } from '../../test/render'
import type { Design } from './types'

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
  extra?: Record<string, ApiHandler>
}

/** Answers GET …/plans/p1 with DESIGN, and whatever `extra` adds. */
export function serveDesign({ extra = {} }: ServeOptions = {}): ApiCall[] {
  return mockApi({
    'GET /api/app/home-design/plans/p1': () => DESIGN,
    ...extra,
  })
}
