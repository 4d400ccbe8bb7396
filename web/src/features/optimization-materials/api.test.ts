import { describe, expect, it } from 'vitest'
import { newBoardRow, toBoardBody, toMaterialBody, toMaterialForm, type MaterialWithBoards } from './api'
import { boardLimits, defaultBoardCode, duplicateBoardRows, materialLimits } from './rules'
import { boardRequest } from './components/BoardsTab'

const AUDITED = { creatorId: null, isDeleted: false, lastModificationTime: null, lastModifierId: null, tenantId: null, creationTime: '2026-01-05T08:00:00Z', concurrencyStamp: 's' }

describe('material forms', () => {
  it('turn a material with boards into the form and back, an unlimited quantity left out', () => {
    const m: MaterialWithBoards = {
      ...AUDITED,
      id: 'm1',
      code: 'PB18-WW',
      name: '颗粒板18 暖白',
      thickness: 18,
      grain: false,
      color: '暖白',
      edgeAllowance: 1,
      isEnable: true,
      boards: [
        { ...AUDITED, id: 'b1', materialId: 'm1', materialCode: 'PB18-WW', materialName: '', thickness: 18, code: 'S', length: 2440, width: 1220, cost: 138, quantity: null, isOffcut: false, planNo: '', binCode: '' },
        { ...AUDITED, id: 'b2', materialId: 'm1', materialCode: 'PB18-WW', materialName: '', thickness: 18, code: 'OC', length: 800, width: 600, cost: 0, quantity: 0, isOffcut: true, planNo: 'OP1', binCode: 'A-1' },
      ],
    }
    const form = toMaterialForm(m)
    expect(form.boards.map((b) => b.id)).toEqual(['b1', 'b2'])
    const body = toMaterialBody({ ...form, code: ' PB18-WW ', boards: [...form.boards, { ...newBoardRow(), code: ' ', quantity: 40 }] })
    expect(body.code).toBe('PB18-WW')
    expect(body.boards).toEqual([
      { id: 'b1', code: 'S', length: 2440, width: 1220, cost: 138, isOffcut: false, planNo: '', binCode: '' },
      { id: 'b2', code: 'OC', length: 800, width: 600, cost: 0, quantity: 0, isOffcut: true, planNo: 'OP1', binCode: 'A-1' },
      { code: '', length: 2440, width: 1220, cost: 0, quantity: 40, isOffcut: false, planNo: '', binCode: '' },
    ])
    expect(toBoardBody({ length: 10, width: 5, quantity: null })).not.toHaveProperty('quantity')
  })

  it('start a new material at 18 mm, enabled, with an allowance of 1 mm and no boards', () => {
    expect(toMaterialForm({})).toMatchObject({ thickness: 18, edgeAllowance: 1, isEnable: true, grain: false, boards: [] })
  })

  it('find board codes repeated, the server default {length}x{width} included', () => {
    expect(defaultBoardCode(2440, 1220)).toBe('2440x1220')
    expect(duplicateBoardRows([{ code: 'A' }, { code: 'a' }, { length: 2440, width: 1220 }, { code: '2440X1220' }])).toEqual([1, 3])
  })

  it('read the limits the server states', () => {
    expect(materialLimits.code.maxLength).toBe(64)
    expect(boardLimits.length).toEqual({ maximum: 6000, exclusiveMinimum: 0 })
    expect(boardLimits.cost.minimum).toBe(0)
  })

  it('turn the boards search into the §7.11 query', () => {
    expect(boardRequest({ boardsMaterialCode: 'PB', lengthMin: 2000, widthMax: '1300', planNo: undefined })).toEqual({
      planNo: undefined,
      boardsMaterialCode: 'PB',
      boardsCode: undefined,
      lengthMin: 2000,
      lengthMax: undefined,
      widthMin: undefined,
      widthMax: 1300,
      binCode: undefined,
    })
  })
})
