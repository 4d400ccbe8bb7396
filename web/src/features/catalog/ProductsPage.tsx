import { CatalogScreen } from './components/CatalogScreen'

/** products/index: the product catalogue screen. */
export function ProductsPage() {
  return <CatalogScreen module="product" />
}
