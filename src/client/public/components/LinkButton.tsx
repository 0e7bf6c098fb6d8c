import type { ReactNode } from "react";

/**
 * A link that acts as a button once the page's script runs: without JavaScript its address does the
 * job (the menu opens as the target of #site-drawer, and "#" closes it); with it, a click or Space calls
 * `onPress` instead.
 */
export function LinkButton({
  href,
  onPress,
  label,
  className = "icon-btn",
  children,
  ...aria
}: {
  href: string;
  onPress: () => void;
  label: string;
  className?: string;
  children: ReactNode;
  "aria-haspopup"?: "dialog";
  "aria-expanded"?: boolean;
  "aria-controls"?: string;
}) {
  return (
    // a link on purpose: without JavaScript its address does the job (see above); once the script runs it acts as a button
    // biome-ignore lint/a11y/useSemanticElements: see the lines above
    <a
      href={href}
      role="button"
      className={className}
      aria-label={label}
      {...aria}
      onClick={(event) => {
        event.preventDefault();
        onPress();
      }}
      onKeyDown={(event) => {
        if (event.key !== " ") return;
        event.preventDefault();
        onPress();
      }}
    >
      {children}
    </a>
  );
}
