import { displayName, initials } from "#core/profile-names.ts";
import type { Profile } from "#core/schemas/profile.ts";
import { Avatar, AvatarFallback, AvatarImage } from "#app/components/ui/avatar.tsx";
import { cn } from "#app/lib/utils.ts";

export function UserAvatar({
  profile,
  email,
  className,
}: {
  profile: Profile | null;
  email?: string | null;
  className?: string;
}) {
  return (
    <Avatar className={cn(className)}>
      {profile?.avatar_url && <AvatarImage src={profile.avatar_url} alt="" />}
      <AvatarFallback aria-label={displayName(profile, email)}>{initials(profile, email)}</AvatarFallback>
    </Avatar>
  );
}
