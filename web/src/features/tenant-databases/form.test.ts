import { describe, expect, it } from 'vitest'
import { fieldOf, nameProblems, toForm, toInput } from './form'

describe('connection strings form', () => {
  it('reads the server answer into the form and back', () => {
    const v = toForm({ default: 'sqlite://tenants/a.db', databases: [{ databaseName: 'Reports', connectionString: 'sqlite://r.db' }], active: false })
    expect(v.default).toBe('sqlite://tenants/a.db')
    expect(toInput(v)).toEqual({ default: 'sqlite://tenants/a.db', databases: [{ databaseName: 'Reports', connectionString: 'sqlite://r.db' }] })
  })

  it('trims, drops empty rows and leaves an empty Default out', () => {
    expect(toInput({ default: '  ', databases: [{ databaseName: ' A ', connectionString: ' x ' }, {}, { databaseName: '', connectionString: '' }] })).toEqual({
      databases: [{ databaseName: 'A', connectionString: 'x' }],
    })
  })

  it('finds names missing, reserved or given twice', () => {
    expect(
      nameProblems({
        default: '',
        databases: [
          { databaseName: '', connectionString: 'x' },
          { databaseName: 'default', connectionString: 'x' },
          { databaseName: 'A', connectionString: 'x' },
          { databaseName: 'A', connectionString: 'y' },
          {},
        ],
      }),
    ).toEqual({ 0: 'nameRequired', 1: 'nameReserved', 3: 'nameTwice' })
  })

  it('maps the server members onto form fields', () => {
    expect(fieldOf('default')).toEqual(['default'])
    expect(fieldOf('databases[2].connectionString')).toEqual(['databases', 2, 'connectionString'])
    expect(fieldOf('other')).toBeUndefined()
  })
})
