// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithApp } from '../../test/render'
import { CatalogTree } from './CatalogTree'
import { ROOT_KEY, type CatalogNode } from './catalogTree'
import { EMPTY_GUID, type Catalog } from './types'

const dir = (id: string, name: string, parentId = EMPTY_GUID) =>
  ({ id, parentId, displayName: name, catalogName: name, moduleName: 'product', code: id, isEnable: true }) as Catalog

const catalogs = [dir('base', 'Base cabinets'), dir('corner', 'Corner units', 'base'), dir('wall', 'Wall cabinets')]
const names = () => screen.getAllByTestId('catalog-tree-node').map((n) => n.textContent?.trim())

describe('CatalogTree', () => {
  it('shows the fixed root entry on top, then the directories nested by parent', () => {
    renderWithApp(<CatalogTree catalogs={catalogs} selectedKey={ROOT_KEY} onSelect={() => undefined} />)
    expect(names()).toEqual(['All', 'Base cabinets', 'Corner units', 'Wall cabinets'])
    const selected = document.querySelector('.ant-tree-treenode-selected') as HTMLElement
    expect(selected.textContent).toContain('All')
  })

  it('selects the clicked directory', async () => {
    const onSelect = vi.fn<(n: CatalogNode) => void>()
    renderWithApp(<CatalogTree catalogs={catalogs} selectedKey={ROOT_KEY} onSelect={onSelect} />)
    await userEvent.click(screen.getByText('Corner units'))
    expect(onSelect).toHaveBeenCalledTimes(1)
    expect(onSelect.mock.calls[0][0]).toMatchObject({ id: 'corner', parentId: 'base', title: 'Corner units' })
  })

  it('narrows to the directories matching the search, keeping their parents and the root', async () => {
    renderWithApp(<CatalogTree catalogs={catalogs} selectedKey={null} onSelect={() => undefined} />)
    await userEvent.type(within(screen.getByTestId('catalog-tree-search')).getByRole('searchbox'), 'corner')
    expect(names()).toEqual(['All', 'Base cabinets', 'Corner units'])
  })

  it("shows each directory's actions, never the root's", () => {
    renderWithApp(
      <CatalogTree
        catalogs={catalogs}
        selectedKey={null}
        onSelect={() => undefined}
        renderActions={(n) => (n.isRoot ? null : <button>Edit {n.title}</button>)}
      />,
    )
    expect(screen.getAllByRole('button', { name: /^Edit / }).map((b) => b.textContent)).toEqual([
      'Edit Base cabinets',
      'Edit Corner units',
      'Edit Wall cabinets',
    ])
  })

  it('says when there is no directory, and offers a retry when loading failed', async () => {
    const { unmount } = renderWithApp(<CatalogTree catalogs={[]} selectedKey={ROOT_KEY} onSelect={() => undefined} />)
    expect(screen.getByText('No directories')).toBeTruthy()
    unmount()
    const onRetry = vi.fn()
    renderWithApp(<CatalogTree catalogs={undefined} error onRetry={onRetry} selectedKey={ROOT_KEY} onSelect={() => undefined} />)
    expect(screen.getByText('Failed to load')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalled()
  })
})
