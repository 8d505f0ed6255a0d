import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Below the back-office top bar (4rem), so a toast never covers its search, bell or menu. */
const BELOW_TOP_BAR = { top: "4.5rem" };

export function Toaster(props: ToasterProps) {
  // Plain (not richColors) toasts: their text keeps WCAG AA contrast.
  return (
    <Sonner position="top-right" offset={BELOW_TOP_BAR} mobileOffset={BELOW_TOP_BAR} closeButton {...props} />
  );
}

export default Toaster;
