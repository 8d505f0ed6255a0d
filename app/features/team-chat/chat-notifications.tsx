/**
 * Team chat notifications: a toast with the sender's name and the
 * message cut to 50 characters plus '...', for 6000 ms, with 'View Chat' → /admin/team. Shown
 * only when the user's push_team_messages is not false and the page is on the CRM host or a
 * preview host; never for one's own messages or for the channel that is open on screen.
 * Mounted by the back-office frame as the module's chrome while the user may open team chat
 * (notifications of other kinds are the top bar's bell).
 */
import { useNavigate } from "react-router";
import { toast } from "#app/lib/toast.ts";
import { CHAT_TOAST_DURATION_MS, DEFAULT_CHANNEL, TEAM_CHAT_PATH, TEXT } from "#core/constants.ts";
import { displayName } from "#core/schemas/profile.ts";
import { chatPreview, shouldNotifyChat } from "#core/team-chat.ts";
import { useHubFrames } from "#app/lib/realtime/index.ts";
import { useSession } from "#app/lib/session.tsx";
import { siteConfig } from "#app/lib/site-config.ts";
import { useUserSettings } from "#app/lib/user-settings-queries.ts";
import { getOpenChannel } from "./open-channel.ts";

/** Messages this tab has already shown a toast for. */
const notified = new Set<string>();

export default function ChatNotifications() {
  const navigate = useNavigate();
  const { user } = useSession();
  const settings = useUserSettings();

  useHubFrames(
    (frame) => {
      if (frame.type !== "team_message" || frame.event !== "INSERT") return;
      const m = frame.message;
      // Replayed frames may come twice (this piece mounted again): one toast per message.
      if (notified.has(m.id)) return;
      const show = shouldNotifyChat({
        pushTeamMessages: settings.data?.push_team_messages,
        hostKind: siteConfig.hostKind,
        senderId: m.user_id,
        currentUserId: user?.id ?? null,
        channelId: m.channel_id,
        openChannelId: getOpenChannel(),
      });
      if (!show) return;
      notified.add(m.id);
      toast(displayName(m.user_profile, "Team member"), {
        id: `chat-${m.id}`,
        description: chatPreview(m.message),
        duration: CHAT_TOAST_DURATION_MS,
        action: {
          label: TEXT.viewChat,
          onClick: () =>
            navigate(
              m.channel_id === DEFAULT_CHANNEL
                ? TEAM_CHAT_PATH
                : `${TEAM_CHAT_PATH}?channel=${encodeURIComponent(m.channel_id)}`,
            ),
        },
      });
    },
    // This piece loads lazily after the socket connects: a message that arrived meanwhile (up to
    // HUB_REPLAY_WINDOW_MS ago) still gets its toast.
    { replay: true },
  );

  return null;
}
