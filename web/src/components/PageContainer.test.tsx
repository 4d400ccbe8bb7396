// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderWithApp } from '../test/render'
import { PageContainer } from './PageContainer'
import type { AppRoute } from '../app/buildRoutes'

const route = { path: '/catalog/products', title: 'menu.products', displayName: 'Products' } as AppRoute

describe('PageContainer', () => {
  it("titles the page with its route's name by default", () => {
    renderWithApp(<PageContainer>rows</PageContainer>, { path: '/catalog/products', shell: { find: (p) => (p === route.path ? route : undefined) } })
    expect(screen.getByRole('heading', { name: 'Products' })).toBeTruthy()
    expect(screen.getByText('rows')).toBeTruthy()
  })

  it('takes a title and actions of its own', () => {
    renderWithApp(<PageContainer title="Standard products" extra={<button>Add</button>}>table</PageContainer>)
    expect(screen.getByRole('heading', { name: 'Standard products' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy()
  })
})
