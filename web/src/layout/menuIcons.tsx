import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BlockOutlined,
  GoldOutlined,
  ShoppingOutlined,
  BarChartOutlined,
  BookOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileOutlined,
  FileTextOutlined,
  FolderOutlined,
  GlobalOutlined,
  HomeOutlined,
  LockOutlined,
  MenuOutlined,
  MessageOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SafetyOutlined,
  ScissorOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons'
import type { ReactNode } from 'react'

const icons: [RegExp, ReactNode][] = [
  [/dashboard|home/i, <DashboardOutlined />],
  [/user|people|account|profile/i, <UserOutlined />],
  [/role|team|organi[sz]ation|tenant|saas/i, <TeamOutlined />],
  [/setting|config|admin/i, <SettingOutlined />],
  [/\block\b|permission|security|identity/i, <LockOutlined />],
  [/audit|log/i, <AuditOutlined />],
  [/product|goods|standard/i, <ShopOutlined />],
  [/part|matter|material|component/i, <AppstoreOutlined />],
  [/catalog|tree|directory/i, <ApartmentOutlined />],
  [/order|sales|shopping/i, <ShoppingCartOutlined />],
  [/chart|report|statistic|kanban/i, <BarChartOutlined />],
  [/saw|cut|optimi[sz]/i, <ScissorOutlined />],
  [/warehouse|stock|store|offcut|inventory/i, <DatabaseOutlined />],
  [/file|document/i, <FileTextOutlined />],
  [/language|global|international/i, <GlobalOutlined />],
  [/message|chat|im\b/i, <MessageOutlined />],
  [/notif|bell/i, <NotificationOutlined />],
  [/server|api|gateway/i, <CloudServerOutlined />],
  [/dictionary|book/i, <BookOutlined />],
  [/menu|layout|container/i, <MenuOutlined />],
  [/safe|shield/i, <SafetyOutlined />],
  [/tool|form|workflow/i, <ToolOutlined />],
  [/page|list/i, <ProfileOutlined />],
  [/house/i, <HomeOutlined />],
]

/** Icon names the server's menus use, matched exactly first. */
const exact: Record<string, ReactNode> = {
  appstore: <AppstoreOutlined />,
  shopping: <ShoppingOutlined />,
  block: <BlockOutlined />,
  gold: <GoldOutlined />,
  menu: <MenuOutlined />,
  dashboard: <DashboardOutlined />,
  user: <UserOutlined />,
  team: <TeamOutlined />,
  setting: <SettingOutlined />,
  lock: <LockOutlined />,
}

/** An icon for a menu item's icon name (or its name); groups get a folder, pages a file. */
export function menuIcon(icon: string | null | undefined, name: string, isGroup: boolean): ReactNode {
  const key = (icon ?? '').trim().toLowerCase()
  if (exact[key]) return exact[key]
  for (const probe of [icon, name]) {
    if (!probe) continue
    const hit = icons.find(([re]) => re.test(probe))
    if (hit) return hit[1]
  }
  return isGroup ? <FolderOutlined /> : <FileOutlined />
}
