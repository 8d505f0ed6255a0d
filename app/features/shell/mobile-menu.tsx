/** The module menu on narrow screens: the sidebar's navigation in a dialog from the left. */
import { COMPANY } from "#core/constants.ts";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#app/components/ui/dialog.tsx";
import { SidebarNav } from "./sidebar-nav.tsx";

export default function MobileMenu({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="left-0 top-0 h-dvh max-h-dvh max-w-72 translate-x-0 translate-y-0 overflow-y-auto rounded-none p-0">
        <div className="border-b px-6 py-4">
          <DialogTitle>{COMPANY.name}</DialogTitle>
          <DialogDescription>Back-office modules</DialogDescription>
        </div>
        <SidebarNav onNavigate={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
