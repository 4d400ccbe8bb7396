import { describe, expect, it } from 'vitest'
import { featureKind, toFormValues, toUpdate, type FeatureGroup } from './api'

const feature = (name: string, value: string, valueType: string, validator: string, extra: Record<string, number> = {}) => ({
  name,
  value,
  displayName: name,
  description: '',
  depth: 0,
  parentName: null,
  provider: { name: 'D', key: '' },
  valueType: { name: valueType, validator: { name: validator, ...extra } },
})

const groups: FeatureGroup[] = [
  {
    name: 'Kerf.Optimization',
    displayName: 'Optimisation',
    features: [
      feature('Kerf.Optimization', 'true', 'ToggleStringValueType', 'BOOLEAN'),
      feature('Kerf.Optimization.MaxPartsPerRun', '20000', 'FreeTextStringValueType', 'NUMERIC', { minValue: 1, maxValue: 1000000 }),
    ],
  },
  { name: 'Other', displayName: 'Other', features: [feature('Kerf.Note', 'hello', 'FreeTextStringValueType', 'STRING', { maxLength: 10 })] },
]

describe('features', () => {
  it('edit a switch, a number and a text', () => {
    expect(groups.flatMap((g) => g.features ?? []).map(featureKind)).toEqual(['bool', 'number', 'text'])
  })
  it('read the values as a form edits them', () => {
    expect(toFormValues(groups)).toEqual({ 'Kerf.Optimization': true, 'Kerf.Optimization.MaxPartsPerRun': 20000, 'Kerf.Note': 'hello' })
  })
  it('send every value as the server stores it', () => {
    expect(toUpdate(groups, { 'Kerf.Optimization': false, 'Kerf.Optimization.MaxPartsPerRun': 500.7, 'Kerf.Note': 'hi' })).toEqual({
      features: [
        { name: 'Kerf.Optimization', value: 'false' },
        { name: 'Kerf.Optimization.MaxPartsPerRun', value: '500' },
        { name: 'Kerf.Note', value: 'hi' },
      ],
    })
  })
})
