import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkPermission } from './permission'
import { grantedPermissions, GUEST_PERMISSION } from '../api/session'

describe('permission check', () => {
  const granted = ['AbpIdentity.Users', 'SalesOrder.Products']
  afterEach(() => vi.restoreAllMocks())

  it('passes with one held name', () => {
    expect(checkPermission(granted, 'AbpIdentity.Users')).toBe(true)
    expect(checkPermission(granted, ['AbpIdentity.Users'])).toBe(true)
  })
  it('needs an exact match for one name', () => {
    expect(checkPermission(granted, 'AbpIdentity')).toBe(false)
    expect(checkPermission(granted, 'abpidentity.users')).toBe(false)
  })
  it('passes when any of several names is held', () => {
    expect(checkPermission(granted, ['AbpIdentity.Roles', 'SalesOrder.Products'])).toBe(true)
    expect(checkPermission(new Set(granted), ['AbpIdentity.Roles', 'X'])).toBe(false)
  })
  it('denies and logs an error when no name is given', () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(checkPermission(granted, [])).toBe(false)
    expect(checkPermission(granted, '')).toBe(false)
    expect(err).toHaveBeenCalledTimes(2)
  })
  it('takes the true entries of grantedPolicies as the list', () => {
    expect(grantedPermissions({ auth: { grantedPolicies: { A: true, B: false, C: true } } } as never)).toEqual(['A', 'C'])
  })
  it('falls back to the guest permission without policies', () => {
    expect(grantedPermissions(undefined)).toEqual([GUEST_PERMISSION])
  })
})
