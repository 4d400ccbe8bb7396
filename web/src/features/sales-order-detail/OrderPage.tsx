import { useParams } from 'react-router'
import { OrderScreen } from './components/OrderScreen'

/**
 * sales-orders/detail, the route /sales/orders/:id (a hidden menu entry under the order list).
 * The screen is keyed by the order: opening another order in the same kept-alive view leaves
 * the first one (its changes are saved) and starts afresh.
 */
export function OrderPage() {
  const { id } = useParams()
  if (!id) return null
  return <OrderScreen key={id} orderId={id} />
}
