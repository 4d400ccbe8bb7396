/**
 * Shapes of a plan's design as the viewer draws it (docs/decisions/0012-design-review.md),
 * aliases of the types generated from the server's OpenAPI document (src/api/gen/schema.d.ts).
 * The account and plan types are in src/components/home-design.
 */
import type { Schemas } from '../../api/types'

/** GET /api/app/home-design/plans/{planId}: a plan's design. */
export type Design = Schemas['HomedesignDesign']
export type Solution = Schemas['HomedesignSolution']
export type Cabinet = Schemas['HomedesignCabinet']
export type Panel = Schemas['HomedesignPanel']
export type Hardware = Schemas['HomedesignHardware']
