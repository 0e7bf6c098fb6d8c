import {
  FacebookFilled,
  InstagramOutlined,
  LinkedinFilled,
  LinkOutlined,
  TwitterOutlined,
  XOutlined,
  YoutubeFilled,
} from "@ant-design/icons";
import type { CSSProperties } from "react";
import { SOCIAL_PLATFORMS_WITH_ICON } from "../../../../shared/schemas/social";

/**
 * The admin's picture of a social platform: the same choice as the public footer (socialIconName in
 * src/client/public/components/Icon.tsx): six platforms have their own icon, anything else a link.
 */
const ICONS = {
  facebook: FacebookFilled,
  instagram: InstagramOutlined,
  youtube: YoutubeFilled,
  twitter: TwitterOutlined,
  x: XOutlined,
  linkedin: LinkedinFilled,
} as const;

export function hasOwnIcon(platform: string): boolean {
  return (SOCIAL_PLATFORMS_WITH_ICON as readonly string[]).includes(platform.trim().toLowerCase());
}

export function SocialIcon({ platform, style }: { platform: string; style?: CSSProperties }) {
  const key = platform.trim().toLowerCase();
  const Icon = hasOwnIcon(key) ? ICONS[key as keyof typeof ICONS] : LinkOutlined;
  return <Icon aria-hidden="true" style={style} />;
}

/** A round icon as the dark site footer draws it (teal-950 background, white glyph). */
export function FooterIcon({
  platform,
  size = 44,
  solid,
}: {
  platform: string;
  size?: number /** on a light page: a solid dark circle */;
  solid?: boolean;
}) {
  return (
    <span
      style={{
        display: "inline-flex",
        width: size,
        height: size,
        alignItems: "center",
        justifyContent: "center",
        borderRadius: "50%",
        background: solid ? FOOTER_BACKGROUND : "rgba(255,255,255,.1)",
        color: "#fff",
        fontSize: Math.round(size * 0.45),
        flex: "none",
      }}
    >
      <SocialIcon platform={platform} />
    </span>
  );
}

/** The footer's dark band around a footer icon. */
export const FOOTER_BACKGROUND = "#072e32";
