/**
 * Settings → Sessions: the user's own active sessions (device, last activity; public.my_sessions)
 * and "Sign out other devices" (GoTrue's logout with scope=others). An admin's forced sign-out of
 * a member is on the team screen.
 */
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import { useMySessions, useSignOutOtherDevices } from "./hooks/settings-queries.ts";

/** "Chrome on Android" from a user agent, enough to recognise one's own devices. */
function device(ua: string | null): string {
  if (!ua) return "Unknown device";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : /node|undici/i.test(ua)
            ? "An app or script"
            : "A browser";
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  return os ? `${browser} on ${os}` : browser;
}

export function SessionsSection() {
  const sessions = useMySessions();
  const others = useSignOutOtherDevices();
  const otherCount = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>
          Where you are signed in. Sign out the other devices if one is lost or not yours.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending && <p className="text-sm text-muted-foreground">Loading…</p>}
        {sessions.isError && <p className="text-sm text-destructive">Could not load your sessions.</p>}
        <ul className="divide-y" aria-label="Your sessions">
          {sessions.data?.map((s) => (
            <li key={s.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
              <span className="font-medium">
                {device(s.user_agent)}
                {s.current && <span className="ml-2 text-muted-foreground">(this device)</span>}
              </span>
              <span className="text-muted-foreground">Last active {formatDateTime(s.last_active_at)}</span>
            </li>
          ))}
        </ul>
        <div>
          <Button
            variant="outline"
            disabled={otherCount === 0 || others.isPending}
            onClick={() => others.mutate()}
          >
            Sign out other devices{otherCount ? ` (${otherCount})` : ""}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
