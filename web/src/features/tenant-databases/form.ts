/** A tenant's connection strings as GET answers them. */
export interface ConnectionStrings {
  default: string
  databases: { databaseName: string; connectionString: string }[]
  /** The tenant's rows live in its Default database: the Default can no longer change. */
  active: boolean
}

/** The body of PUT …/connection-strings. */
export interface UpdateConnectionStrings {
  default?: string
  databases?: { databaseName: string; connectionString: string }[]
}

/** What apply-database-migrations answers. */
export interface ApplyResult {
  movedRows: number
  movedTables: number
  active: boolean
}

/** The form's values: the Default and the named others (rows may be half filled while editing). */
export interface FormValues {
  default: string
  databases: { databaseName?: string; connectionString?: string }[]
}

/** The name the Default connection string has; named ones may not take it. */
export const DEFAULT_NAME = 'Default'

export function toForm(cs: ConnectionStrings | undefined): FormValues {
  return { default: cs?.default ?? '', databases: (cs?.databases ?? []).map((d) => ({ ...d })) }
}

/** The PUT body of the form: trimmed, rows left wholly empty dropped, an empty Default left out (removes it). */
export function toInput(v: FormValues): UpdateConnectionStrings {
  const databases = (v.databases ?? [])
    .map((d) => ({ databaseName: (d.databaseName ?? '').trim(), connectionString: (d.connectionString ?? '').trim() }))
    .filter((d) => d.databaseName !== '' || d.connectionString !== '')
  const def = (v.default ?? '').trim()
  return def ? { default: def, databases } : { databases }
}

/** Problems of the named rows the server would refuse too, as i18n keys by row: name missing, reserved or given twice. */
export function nameProblems(v: FormValues): Record<number, 'nameRequired' | 'nameReserved' | 'nameTwice'> {
  const out: Record<number, 'nameRequired' | 'nameReserved' | 'nameTwice'> = {}
  const seen = new Set<string>()
  ;(v.databases ?? []).forEach((d, i) => {
    const name = (d.databaseName ?? '').trim()
    const cs = (d.connectionString ?? '').trim()
    if (!name && !cs) return
    if (!name) out[i] = 'nameRequired'
    else if (name.toLowerCase() === DEFAULT_NAME.toLowerCase()) out[i] = 'nameReserved'
    else if (seen.has(name)) out[i] = 'nameTwice'
    seen.add(name)
  })
  return out
}

/** A server member ("default", "databases[1].connectionString") as the form's field path. */
export function fieldOf(member: string): (string | number)[] | undefined {
  if (member === 'default') return ['default']
  const m = /^databases\[(\d+)\]\.(databaseName|connectionString)$/.exec(member)
  return m ? ['databases', Number(m[1]), m[2]] : undefined
}
