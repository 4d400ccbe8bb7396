/**
 * Shapes of the design platform's account and plans (docs/decisions/0012-design-review.md),
 * aliases of the types generated from the server's OpenAPI document (src/api/gen/schema.d.ts).
 */
import type { Schemas } from '../../api/types'

/** One plan of GET /api/app/home-design/plans (spec 001 §3: planId, designId, name, planPic). */
export type Plan = Schemas['HomedesignPlan']
/** GET /api/app/home-design/binding: the caller's account on the design platform. */
export type BindingInfo = Schemas['HomedesignBindingOutput']
