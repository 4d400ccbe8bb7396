import { describe, expect, it } from 'vitest'
import { limits } from '../../api/gen/limits'
import { DISPLAY_NAME_MAX } from './rules'

describe('unit form limits', () => {
  it('come from the server, the same for create and update', () => {
    expect(limits.OrgunitsCreateOrganizationUnitInput).toEqual(limits.OrgunitsUpdateOrganizationUnitInput)
    expect(DISPLAY_NAME_MAX).toBe(limits.OrgunitsUpdateOrganizationUnitInput.displayName.maxLength)
  })
})
