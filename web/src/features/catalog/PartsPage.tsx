import { CatalogScreen } from './components/CatalogScreen'

/** parts/index: the parts (material) catalogue screen. */
export function PartsPage() {
  return <CatalogScreen module="matter" />
}
