/**
 * A list's one primary action ("New contact"): in the page header on a wide screen; on a phone it
 * floats at the bottom right, above the thumb, so it stays reachable however far the cards are
 * scrolled (styles.css places it and keeps the page's last card clear of it). Either a link
 * (`to`), a button (`onClick`; a dialog trigger's child), or with `asChild` the one element it
 * wraps (a label around a file input).
 */
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

type Props = ComponentProps<typeof Button> & {
  /** Where the action leads, for a link ("New contact" → the new-record page). */
  to?: string;
  icon?: ReactNode;
};

export function PrimaryAction({ to, icon, children, ...rest }: Props) {
  if (to !== undefined) {
    return (
      <Button asChild data-primary-action="" {...rest}>
        <Link to={to}>
          {icon}
          {children}
        </Link>
      </Button>
    );
  }
  // As a slot (`asChild`: a label around a file input) the child is the one element.
  return (
    <Button data-primary-action="" {...rest}>
      {icon ? (
        <>
          {icon}
          {children}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
