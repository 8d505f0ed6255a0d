import { Toaster as Sonner, type ToasterProps } from "sonner";

export function Toaster(props: ToasterProps) {
  // Plain (not richColors) toasts: their text keeps WCAG AA contrast.
  return <Sonner position="top-right" closeButton {...props} />;
}

export default Toaster;
