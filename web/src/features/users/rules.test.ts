import { describe, expect, it } from 'vitest'
import type { OrgUnit, RoleDto, UserDto } from './api'
import { UNLOCK_VALUE, displayName, isLocked, lockValue, messagesByField, newUserValues, sameIds, toCreateBody, toUpdateBody, unitTree, userValues } from './rules'

const role = (name: string, isDefault = false): RoleDto => ({ id: name, name, isDefault, isPublic: true, isStatic: false })
const user = (over: Partial<UserDto> = {}): UserDto => ({
  id: 'u1',
  tenantId: null,
  userName: 'alice',
  name: 'Alice',
  surname: 'Liu',
  email: 'alice@kerf.local',
  emailConfirmed: false,
  phoneNumber: '13800000099',
  phoneNumberConfirmed: false,
  isActive: true,
  lockoutEnabled: true,
  lockoutEnd: null,
  twoFactorEnabled: false,
  accessFailedCount: 0,
  gender: 1,
  isStatic: false,
  concurrencyStamp: 'stamp-1',
  creationTime: '2026-01-01T00:00:00Z',
  lastModificationTime: null,
  roleNames: ['sales'],
  ...over,
})

describe('the user form', () => {
  it('a new user starts active, lockable, with the default roles ticked', () => {
    const v = newUserValues([role('admin'), role('sales', true), role('clerk', true)])
    expect(v.roleNames).toEqual(['sales', 'clerk'])
    expect(v.isActive).toBe(true)
    expect(v.lockoutEnabled).toBe(true)
  })

  it('create sends the trimmed fields, the password and the ticked roles', () => {
    const v = { ...newUserValues([]), userName: ' bob ', email: ' bob@kerf.local ', password: ' 1q2w3E* ', roleNames: ['sales'], gender: 2 as const }
    expect(toCreateBody(v)).toEqual({
      userName: 'bob',
      name: '',
      surname: '',
      email: 'bob@kerf.local',
      phoneNumber: '',
      password: ' 1q2w3E* ',
      gender: 2,
      isActive: true,
      lockoutEnabled: true,
      roleNames: ['sales'],
    })
  })

  it('update sends every field (a cleared one as ""), the roles ([] removes all) and the stamp read; never a password', () => {
    const v = { ...userValues(user(), []), surname: '', roleNames: [] }
    const body = toUpdateBody(v, 'stamp-1')
    expect(body).toMatchObject({ userName: 'alice', surname: '', roleNames: [], concurrencyStamp: 'stamp-1', gender: 1 })
    expect(body).not.toHaveProperty('password')
  })

  it('compares unit selections as sets', () => {
    expect(sameIds(['a', 'b'], ['b', 'a'])).toBe(true)
    expect(sameIds(['a'], ['a', 'b'])).toBe(false)
    expect(sameIds([], [])).toBe(true)
  })

  it('names a user by full name and user name', () => {
    expect(displayName(user())).toBe('Alice Liu (alice)')
    expect(displayName(user({ name: '', surname: ' ' }))).toBe('alice')
  })
})

describe('lockout', () => {
  const now = new Date('2026-05-01T12:00:00Z')
  it('a user is locked only while the end is in the future', () => {
    expect(isLocked(user({ lockoutEnd: '2026-05-01T12:00:01Z' }), now)).toBe(true)
    expect(isLocked(user({ lockoutEnd: '2026-05-01T12:00:00Z' }), now)).toBe(false)
    expect(isLocked(user({ lockoutEnd: null }), now)).toBe(false)
  })
  it('sends RFC 3339 UTC, and unlocks with a time surely past on the server', () => {
    expect(lockValue(new Date('2026-05-02T08:30:00.123Z'))).toBe('2026-05-02T08:30:00Z')
    expect(new Date(UNLOCK_VALUE).getTime()).toBeLessThan(Date.now() - 365 * 24 * 3600 * 1000)
  })
})

describe('server messages', () => {
  it('keeps every message of a field (a password may break several rules)', () => {
    const data = {
      error: {
        message: 'invalid',
        validationErrors: [
          { message: 'needs a digit', members: ['password'] },
          { message: 'needs an upper-case letter', members: ['password'] },
          { message: 'user name taken', members: ['userName'] },
        ],
      },
    }
    expect(messagesByField(data)).toEqual({ password: ['needs a digit', 'needs an upper-case letter'], userName: ['user name taken'] })
    expect(messagesByField(undefined)).toEqual({})
  })
})

describe('the unit tree', () => {
  it('puts units under their parents in code order; an orphan becomes a root', () => {
    const units: OrgUnit[] = [
      { id: 'c', parentId: 'a', code: '00001.00002', displayName: 'Production' },
      { id: 'a', parentId: null, code: '00001', displayName: 'HQ' },
      { id: 'b', parentId: 'a', code: '00001.00001', displayName: 'Sales' },
      { id: 'x', parentId: 'gone', code: '00009.00001', displayName: 'Orphan' },
    ]
    const tree = unitTree(units)
    expect(tree.map((n) => n.title)).toEqual(['HQ', 'Orphan'])
    expect(tree[0].children.map((n) => n.title)).toEqual(['Sales', 'Production'])
  })
})
