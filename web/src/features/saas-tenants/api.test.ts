import { describe, expect, it } from 'vitest'
import { toBody, toFormValues } from './api'

describe('tenant dialog', () => {
  const values = { name: ' acme ', editionId: '', isActive: false, activationMessage: ' Paused ', adminEmailAddress: ' a@acme.test ', adminPassword: '1q2w3E*' }
  it('creates with the administrator, no edition when none is chosen', () => {
    expect(toBody(values, {})).toEqual({
      name: 'acme',
      editionId: null,
      isActive: false,
      activationMessage: 'Paused',
      adminEmailAddress: 'a@acme.test',
      adminPassword: '1q2w3E*',
    })
  })
  it('updates with the stamp read and without the administrator', () => {
    expect(toBody({ ...values, editionId: 'e1' }, { id: 't1', concurrencyStamp: 's1' })).toEqual({
      name: 'acme',
      editionId: 'e1',
      isActive: false,
      activationMessage: 'Paused',
      concurrencyStamp: 's1',
    })
  })
  it('starts a new tenant active', () => {
    expect(toFormValues({})).toEqual({ name: '', editionId: null, isActive: true, activationMessage: '' })
  })
})
