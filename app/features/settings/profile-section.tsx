/** Names and avatar (profiles; avatar files in the `avatars` bucket under `<user_id>/`). */
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2Icon, UploadIcon } from "lucide-react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useForm } from "react-hook-form";
import { toast } from "#app/lib/toast.ts";
import { AVATAR_TYPES, avatarProblem, profileFormSchema, type ProfileForm } from "#core/schemas/settings.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { useSession } from "#app/lib/session.tsx";
import { UserAvatar } from "#app/components/user-avatar.tsx";
import { replaceAvatar, saveProfileNames } from "./api/settings-api.ts";

export function ProfileSection() {
  const { user, profile, refresh } = useSession();
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { first_name: profile?.first_name ?? "", last_name: profile?.last_name ?? "" },
  });

  useEffect(() => {
    form.reset({ first_name: profile?.first_name ?? "", last_name: profile?.last_name ?? "" });
  }, [profile?.first_name, profile?.last_name, form]);

  if (!user) return null;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await saveProfileNames(user.id, values);
    } catch (error) {
      console.error("profile: update failed", error);
      toast.error("Failed to update profile", {
        description: error instanceof Error ? error.message : undefined,
      });
      return;
    }
    await refresh();
    toast.success("Profile updated");
  });

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    setUploading(true);
    try {
      await replaceAvatar(user.id, file, profile?.avatar_url);
      await refresh();
      toast.success("Profile photo updated");
    } catch (err) {
      console.error("profile: avatar upload failed", err);
      toast.error("Failed to upload the photo", {
        description: err instanceof Error ? err.message : undefined,
      });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>{user.email}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center gap-4">
          <UserAvatar profile={profile} email={user.email} className="size-16 text-lg" />
          <input
            ref={fileInput}
            type="file"
            accept={AVATAR_TYPES.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => void onFile(e)}
            data-testid="avatar-file"
          />
          <Button
            type="button"
            variant="outline"
            disabled={uploading}
            onClick={() => fileInput.current?.click()}
          >
            {uploading ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <UploadIcon aria-hidden="true" />
            )}
            Upload a photo
          </Button>
          <p className="w-full text-xs text-muted-foreground sm:w-auto">
            PNG, JPEG, WebP or GIF, up to 2 MB.
          </p>
        </div>
        <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label="Profile">
          <div className="flex flex-col gap-2">
            <Label htmlFor="first-name">First name</Label>
            <Input id="first-name" autoComplete="given-name" {...form.register("first_name")} />
            {form.formState.errors.first_name && (
              <p className="text-sm text-destructive">{form.formState.errors.first_name.message}</p>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="last-name">Last name</Label>
            <Input id="last-name" autoComplete="family-name" {...form.register("last_name")} />
            {form.formState.errors.last_name && (
              <p className="text-sm text-destructive">{form.formState.errors.last_name.message}</p>
            )}
          </div>
          <Button
            type="submit"
            className="self-start sm:col-span-2 sm:justify-self-start"
            disabled={form.formState.isSubmitting}
          >
            Save profile
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
