import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'

/** /redirect/{path}: goes on to /{path} (with the query), so the page mounts afresh (Refresh). */
export function RedirectPage() {
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    const target = pathname.replace(/^\/redirect/, '') || '/'
    navigate(target + search, { replace: true })
  }, [pathname, search, navigate])
  return null
}
