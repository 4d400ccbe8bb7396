import { limits } from '../../api/gen/limits'

/**
 * Field limits of the unit form, read from the server's OpenAPI schema (the huma tags of its
 * inputs, generated into src/api/gen/limits.ts), never typed here. Create and update carry the
 * same limits (rules.test.ts holds them to it).
 */
export const unitLimits = limits.OrgunitsUpdateOrganizationUnitInput

/** The longest display name a unit may have. */
export const DISPLAY_NAME_MAX = unitLimits.displayName.maxLength
