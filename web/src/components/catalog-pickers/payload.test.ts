import { describe, expect, it } from 'vitest'
import { cleanPayload } from './payload'

describe('cleanPayload', () => {
  it('drops empty-string and undefined fields', () => {
    expect(cleanPayload({ name: 'Door', code: '', erpCode: undefined, unit: 'pcs' })).toEqual({ name: 'Door', unit: 'pcs' })
  })

  it('keeps zero, false, null and whitespace', () => {
    expect(cleanPayload({ length: 0, isEnable: false, images: null, describe: ' ' })).toEqual({
      length: 0,
      isEnable: false,
      images: null,
      describe: ' ',
    })
  })
})
