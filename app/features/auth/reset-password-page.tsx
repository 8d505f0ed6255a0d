/**
 * /auth/reset-password: the recovery link signs the user in (event PASSWORD_RECOVERY) and this
 * page sets the new password. Without a recovery session it explains how to get one.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRoundIcon, Loader2Icon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "#app/lib/toast.ts";
import { TEXT } from "#core/constants.ts";
import { newPasswordSchema, type NewPasswordInput } from "#core/schemas/auth.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { PageSpinner } from "#app/components/ui/spinner.tsx";
import { needsSecondFactor, useSession } from "#app/lib/session.tsx";
import { changePassword } from "#app/lib/account-api.ts";
import { destinationAfterSignIn } from "./post-sign-in.ts";

export default function ResetPasswordPage() {
  const { session, loading, aal, lastEvent, urlSession } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: "", confirm: "" },
  });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    let user;
    try {
      user = await changePassword(password);
    } catch (updateError) {
      setError((updateError instanceof Error && updateError.message) || TEXT.unexpectedError);
      return;
    }
    toast.success("Password updated", { description: "Use your new password next time you sign in." });
    navigate(await destinationAfterSignIn(user.id, null), { replace: true });
  });

  if (loading) return <PageSpinner />;

  const recovering = lastEvent === "PASSWORD_RECOVERY" || urlSession?.type === "recovery";

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader>
          <KeyRoundIcon className="size-8 text-primary" aria-hidden="true" />
          <h1 className="text-xl font-semibold leading-none tracking-tight">Set a new password</h1>
          <CardDescription>
            {session ? (
              <>For {session.user.email}.</>
            ) : (
              <>Open the link from your password-reset email to continue.</>
            )}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {!session ? (
            <>
              <Alert>
                This page needs the link from a password-reset email. Links expire; request a new one from the
                sign-in page.
              </Alert>
              <Button asChild>
                <Link to="/auth">Back to sign in</Link>
              </Button>
            </>
          ) : needsSecondFactor(aal) ? (
            <>
              <Alert>
                Your account uses two-factor authentication. Verify your code first, then set the new
                password.
              </Alert>
              <Button asChild>
                <Link to="/auth?redirectTo=%2Fauth%2Freset-password">Verify code</Link>
              </Button>
            </>
          ) : (
            <form
              onSubmit={onSubmit}
              noValidate
              className="flex flex-col gap-4"
              aria-label="Set a new password"
            >
              {!recovering && (
                <p className="text-sm text-muted-foreground">
                  You are signed in; you can change your password here.
                </p>
              )}
              <div className="flex flex-col gap-2">
                <Label htmlFor="new-password">New password</Label>
                <Input
                  id="new-password"
                  type="password"
                  autoComplete="new-password"
                  aria-invalid={!!form.formState.errors.password}
                  {...form.register("password")}
                />
                {form.formState.errors.password && (
                  <p className="text-sm text-destructive">{form.formState.errors.password.message}</p>
                )}
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor="confirm-password">Confirm the new password</Label>
                <Input
                  id="confirm-password"
                  type="password"
                  autoComplete="new-password"
                  aria-invalid={!!form.formState.errors.confirm}
                  {...form.register("confirm")}
                />
                {form.formState.errors.confirm && (
                  <p className="text-sm text-destructive">{form.formState.errors.confirm.message}</p>
                )}
              </div>
              {error && <Alert variant="destructive">{error}</Alert>}
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting && <Loader2Icon className="animate-spin" aria-hidden="true" />}
                Save the new password
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
