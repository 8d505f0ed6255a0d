/** Sidebar entries: every back-office module the role may open, in route-table order. */
import {
  BarChart3Icon,
  BellRingIcon,
  BookOpenIcon,
  BriefcaseIcon,
  Building2Icon,
  CalendarCheckIcon,
  CalendarDaysIcon,
  CalendarIcon,
  CheckSquareIcon,
  ClipboardListIcon,
  CreditCardIcon,
  FileTextIcon,
  FolderIcon,
  HandshakeIcon,
  InboxIcon,
  LayoutDashboardIcon,
  ListTodoIcon,
  MailIcon,
  MapIcon,
  MegaphoneIcon,
  MessagesSquareIcon,
  NetworkIcon,
  PenSquareIcon,
  ReceiptIcon,
  SearchIcon,
  SettingsIcon,
  Share2Icon,
  TargetIcon,
  UsersIcon,
  WalletIcon,
  type LucideIcon,
} from "lucide-react";
import { canAccess, ROUTES } from "#core/routes.ts";

const ICONS: Record<string, LucideIcon> = {
  "/dashboard": LayoutDashboardIcon,
  "/properties-admin": Building2Icon,
  "/business-contacts": UsersIcon,
  "/deals": HandshakeIcon,
  "/tasks": CheckSquareIcon,
  "/todos": ListTodoIcon,
  "/goals": TargetIcon,
  "/finances": WalletIcon,
  "/invoices-receipts": ReceiptIcon,
  "/payments": CreditCardIcon,
  "/files": FolderIcon,
  "/email-marketing": MailIcon,
  "/announcements": MegaphoneIcon,
  "/consultations": CalendarCheckIcon,
  "/booking-management": CalendarDaysIcon,
  "/contact-submissions": InboxIcon,
  "/events": CalendarIcon,
  "/property-requests": ClipboardListIcon,
  "/admin/blog": PenSquareIcon,
  "/admin/blog/strategy": BookOpenIcon,
  "/admin/team": MessagesSquareIcon,
  "/admin/sitemaps": MapIcon,
  "/social-debug": Share2Icon,
  "/property-hunt": SearchIcon,
  "/collaboration-management": NetworkIcon,
  "/settings": SettingsIcon,
  "/leads-hunt": BarChart3Icon,
};

export interface NavItem {
  path: string;
  title: string;
  icon: LucideIcon;
}

export function navItemsFor(role: string | null): NavItem[] {
  return ROUTES.filter((r) => ((r.layout === "dashboard" && r.nav) || r.path === "/leads-hunt") && canAccess(r.access, true, role)).map((r) => ({
    path: r.path,
    title: r.title,
    icon: ICONS[r.path] ?? (r.path.startsWith("/admin") ? BriefcaseIcon : r.path === "/announcements" ? BellRingIcon : FileTextIcon),
  }));
}
