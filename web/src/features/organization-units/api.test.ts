import { describe, expect, it } from 'vitest'
import { moveBody, updateBody, type OrganizationUnit } from './api'
import { EMPTY_ID } from './tree'

const AUDITED = { creationTime: '2026-01-05T08:00:00Z', creatorId: null, isDeleted: false, lastModificationTime: null, lastModifierId: null, tenantId: null }
const child: OrganizationUnit = { ...AUDITED, id: 'c', parentId: 'p', code: '00001.00001', displayName: '销售部', concurrencyStamp: 's1' }
const root: OrganizationUnit = { ...AUDITED, id: 'r', parentId: null, code: '00002', displayName: '仓库', concurrencyStamp: 's2' }

describe('PUT bodies of a unit', () => {
  it('a rename that keeps the parent sends no parentId (absent: the unit stays)', () => {
    expect(updateBody(child, ' 销售一部 ', 'p')).toEqual({ displayName: '销售一部', concurrencyStamp: 's1' })
    expect(updateBody(root, '仓库', null)).toEqual({ displayName: '仓库', concurrencyStamp: 's2' })
  })

  it('a new parent moves the unit; the root is the all-zero UUID (null would mean "stay")', () => {
    expect(updateBody(child, '销售部', 'x')).toEqual({ displayName: '销售部', parentId: 'x', concurrencyStamp: 's1' })
    expect(updateBody(child, '销售部', null)).toEqual({ displayName: '销售部', parentId: EMPTY_ID, concurrencyStamp: 's1' })
    expect(moveBody(child, null)).toEqual({ displayName: '销售部', parentId: EMPTY_ID, concurrencyStamp: 's1' })
    expect(moveBody(root, 'c')).toEqual({ displayName: '仓库', parentId: 'c', concurrencyStamp: 's2' })
  })
})
