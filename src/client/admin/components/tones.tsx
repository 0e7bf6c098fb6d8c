import { Tag } from "antd";
import type { CSSProperties, ReactNode } from "react";

/**
 * The portal's tag palette and readable-text tokens, in one place. antd's preset tag colours put
 * light text on light backgrounds (about 3:1), below WCAG AA (4.5:1): these keep dark text.
 */
const TONES = {
  gold: { color: "#613400", background: "#fffbe6", borderColor: "#ffe58f" },
  cyan: { color: "#00474f", background: "#e6fffb", borderColor: "#87e8de" },
  green: { color: "#135200", background: "#f6ffed", borderColor: "#b7eb8f" },
  red: { color: "#a8071a", background: "#fff1f0", borderColor: "#ffa39e" },
  blue: { color: "#003eb3", background: "#e6f4ff", borderColor: "#91caff" },
  indigo: { color: "#10239e", background: "#f0f5ff", borderColor: "#adc6ff" },
  purple: { color: "#391085", background: "#f9f0ff", borderColor: "#d3adf7" },
  orange: { color: "#873800", background: "#fff7e6", borderColor: "#ffd591" },
  grey: { color: "rgba(0, 0, 0, 0.78)", background: "#fafafa", borderColor: "#d9d9d9" },
} satisfies Record<string, CSSProperties>;
export type Tone = keyof typeof TONES;

export function ToneTag({ tone, icon, strong, children }: { tone: Tone; icon?: ReactNode; strong?: boolean; children: ReactNode }) {
  return (
    <Tag icon={icon} style={{ ...TONES[tone], marginInlineEnd: 0, fontWeight: strong ? 600 : undefined }}>
      {children}
    </Tag>
  );
}

/**
 * antd's greys for secondary text and placeholders are below WCAG AA on white; the portal's theme
 * (AdminApp.tsx) uses these darker ones.
 */
export const READABLE_TOKENS = {
  colorTextSecondary: "rgba(0, 0, 0, 0.68)",
  colorTextTertiary: "rgba(0, 0, 0, 0.62)",
  colorTextDescription: "rgba(0, 0, 0, 0.62)",
  colorTextPlaceholder: "rgba(0, 0, 0, 0.55)",
};
