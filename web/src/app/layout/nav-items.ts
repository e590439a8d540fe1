import {
  Bell,
  Bug,
  ClipboardList,
  Database,
  FileText,
  Image,
  LayoutDashboard,
  Package,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '../../lib/paths';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** Sidebar entries in the spec's order (docs/product.md#overview). */
export const navItems: readonly NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: LayoutDashboard },
  { label: 'Common Notification', to: paths.notifications, icon: Bell },
  { label: 'Submitted Ads Directory', to: paths.adsDirectory, icon: FileText },
  { label: 'User Management', to: paths.users, icon: Users },
  { label: 'Package Management', to: paths.packages, icon: Package },
  { label: 'Data Extract', to: paths.dataExtract, icon: Database },
  { label: 'Banner Ads', to: paths.banners, icon: Image },
  { label: 'Bug Reports', to: paths.bugs, icon: Bug },
  { label: 'Duties and Responsibilities', to: paths.duties, icon: ClipboardList },
];
