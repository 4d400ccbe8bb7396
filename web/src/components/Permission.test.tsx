// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { renderWithApp } from '../test/render'
import { Permission } from './Permission'
import { Permissions } from '../api/gen/permissions'

const create = Permissions['SalesOrder.Products.Create']
const remove = Permissions['SalesOrder.Products.Delete']

describe('Permission', () => {
  it('shows its content to a user who holds the permission', () => {
    renderWithApp(<Permission value={create}><button>Add product</button></Permission>, { granted: [create] })
    expect(screen.getByRole('button', { name: 'Add product' })).toBeTruthy()
  })

  it('hides its content from a user who does not, or shows the fallback', () => {
    renderWithApp(
      <>
        <Permission value={remove}><button>Delete</button></Permission>
        <Permission value={remove} fallback={<span>Read only</span>}><button>Delete too</button></Permission>
      </>,
      { granted: [create] },
    )
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.getByText('Read only')).toBeTruthy()
  })

  it('passes when the user holds any one of several names', () => {
    renderWithApp(<Permission value={[remove, create]}><button>Add or delete</button></Permission>, { granted: [create] })
    expect(screen.getByRole('button', { name: 'Add or delete' })).toBeTruthy()
  })

  it('denies with no name at all, and says so in the console', () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderWithApp(<Permission value={[]}><button>Anything</button></Permission>, { granted: [create] })
    expect(screen.queryByRole('button')).toBeNull()
    expect(err).toHaveBeenCalled()
    err.mockRestore()
  })
})
