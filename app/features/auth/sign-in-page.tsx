/**
 * /auth (spec §2, §4, §5, §8): email + password, then — if the user has a TOTP factor — the
 * two-factor screen. Also where guards send a signed-in aal1 user with a verified factor.
 */
import { Building2Icon, Loader2Icon, ShieldCheckIcon } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { COMPANY, TEXT, TWO_FACTOR_CODE_LENGTH } from "#core/constants.ts";
import { parseSignIn, sanitizeTotpInput, type SignInErrors } from "#core/sign-in.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { PageSpinner } from "#app/components/ui/spinner.tsx";
import { getSupabase, needsSecondFactor, useSession } from "#app/lib/session.tsx";
import { hasStoredSession } from "#app/lib/site-config.ts";
import { destinationAfterSignIn } from "./post-sign-in.ts";

/** The toast library loads when a toast is due: it is not needed to show the form. */
function toastLater(kind: "success" | "error", ...args: [string, { description?: string }?]) {
  void import("sonner").then(({ toast }) => toast[kind](...args));
}

type Step = "credentials" | "totp";

function messageOf(error: unknown): string {
  if (
    error &&
    typeof error === "object" &&
    "message" in error &&
    typeof error.message === "string" &&
    error.message !== ""
  ) {
    return error.message;
  }
  return TEXT.unexpectedError;
}

export default function SignInPage() {
  const { session, loading, aal, urlSession } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo");
  const [step, setStep] = useState<Step>("credentials");
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  /** While this page drives the flow, the "already signed in" redirect below stays quiet. */
  const driving = useRef(false);
  const codeInput = useRef<HTMLInputElement>(null);

  // Two fields: plain state checked by the shared rules in core/sign-in.ts (react-hook-form and
  // zod would add ~40 KB gzip to the sign-in page's initial JavaScript for no gain here).
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<SignInErrors>({});

  const finish = async (userId: string, description?: string) => {
    toastLater("success", TEXT.welcomeBack, description ? { description } : undefined);
    navigate(await destinationAfterSignIn(userId, redirectTo), { replace: true });
  };

  // Arriving signed in: at aal1 with a verified factor → the two-factor step; fully signed in → onwards.
  useEffect(() => {
    if (loading || driving.current || !session) return;
    if (needsSecondFactor(aal)) {
      setStep("totp");
      return;
    }
    void destinationAfterSignIn(session.user.id, redirectTo).then((to) => navigate(to, { replace: true }));
  }, [loading, session, aal, redirectTo, navigate]);

  useEffect(() => {
    if (step === "totp") codeInput.current?.focus();
  }, [step]);

  const onCredentials = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = parseSignIn({ email, password });
    if (!parsed.success) {
      setFieldErrors(parsed.errors);
      return;
    }
    setFieldErrors({});
    const values = parsed.data;
    setBusy(true);
    driving.current = true;
    try {
      const supabase = await getSupabase();
      const { data, error: signInError } = await supabase.auth.signInWithPassword(values);
      if (signInError || !data.user) {
        setError(messageOf(signInError));
        driving.current = false;
        return;
      }
      const { data: factors, error: factorsError } = await supabase.auth.mfa.listFactors();
      if (factorsError) throw factorsError;
      if (factors.totp.length > 0) {
        setStep("totp");
        return;
      }
      await finish(data.user.id);
    } catch (err) {
      console.error("sign-in failed", err);
      setError(TEXT.unexpectedError);
      driving.current = false;
    } finally {
      setBusy(false);
    }
  };

  const onVerify = async () => {
    setError(null);
    if (code.length !== TWO_FACTOR_CODE_LENGTH) {
      setError(TEXT.shortCode);
      return;
    }
    setBusy(true);
    driving.current = true;
    try {
      const supabase = await getSupabase();
      const { data: factors, error: factorsError } = await supabase.auth.mfa.listFactors();
      if (factorsError) throw factorsError;
      const factor = factors.totp[0];
      if (!factor) {
        setError(TEXT.noTotpFactor);
        return;
      }
      const { data, error: verifyError } = await supabase.auth.mfa.challengeAndVerify({
        factorId: factor.id,
        code,
      });
      if (verifyError) {
        setError(messageOf(verifyError));
        setCode("");
        codeInput.current?.focus();
        return;
      }
      await finish(data.user.id, TEXT.authenticated);
    } catch (err) {
      console.error("two-factor verification failed", err);
      setError(TEXT.unexpectedError);
    } finally {
      setBusy(false);
    }
  };

  const onCancel = async () => {
    driving.current = true;
    setBusy(true);
    try {
      const supabase = await getSupabase();
      const { error: signOutError } = await supabase.auth.signOut({ scope: "local" });
      if (signOutError) console.error("sign-out on cancel failed", signOutError);
    } finally {
      setCode("");
      setError(null);
      setEmail("");
      setPassword("");
      setFieldErrors({});
      setStep("credentials");
      setBusy(false);
      driving.current = false;
    }
  };

  const onCodeKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter with fewer than six digits explains itself (the disabled button would swallow it).
    if (e.key === "Enter") {
      e.preventDefault();
      void onVerify();
    }
  };

  // Nobody can be signed in without a session stored or in the URL: then the form shows at once
  // and supabase-js loads behind it (useSession attaches it, the handlers await it). With one,
  // wait for it: the page may go on to the two-factor step or redirect.
  const maybeSignedIn = session !== null || urlSession !== null || hasStoredSession();
  if (loading && maybeSignedIn && step === "credentials" && !driving.current) return <PageSpinner />;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <Link
            to="/"
            className="flex items-center gap-2 rounded text-lg font-semibold"
            aria-label={`${COMPANY.name} home`}
          >
            <Building2Icon className="size-6 text-primary" aria-hidden="true" />
            {COMPANY.name}
          </Link>
          <h1 className="text-3xl font-bold tracking-tight">{TEXT.signInTitle}</h1>
        </div>

        {step === "credentials" ? (
          <Card>
            <CardHeader>
              <CardTitle>{TEXT.signInHeading}</CardTitle>
              <CardDescription>{TEXT.signInSubheading}</CardDescription>
            </CardHeader>
            <CardContent>
              <form
                onSubmit={(e) => void onCredentials(e)}
                noValidate
                className="flex flex-col gap-4"
                aria-label="Sign in"
              >
                <div className="flex flex-col gap-2">
                  <Label htmlFor="email">Email</Label>
                  <Input
                    id="email"
                    type="email"
                    autoComplete="email"
                    required
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    aria-invalid={!!fieldErrors.email}
                    aria-describedby={fieldErrors.email ? "email-error" : undefined}
                  />
                  {fieldErrors.email && (
                    <p id="email-error" className="text-sm text-destructive">
                      {fieldErrors.email}
                    </p>
                  )}
                </div>
                <div className="flex flex-col gap-2">
                  <Label htmlFor="password">Password</Label>
                  <Input
                    id="password"
                    type="password"
                    autoComplete="current-password"
                    required
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    aria-invalid={!!fieldErrors.password}
                    aria-describedby={fieldErrors.password ? "password-error" : undefined}
                  />
                  {fieldErrors.password && (
                    <p id="password-error" className="text-sm text-destructive">
                      {fieldErrors.password}
                    </p>
                  )}
                </div>
                {error && (
                  <Alert variant="destructive" data-testid="auth-error">
                    {error}
                  </Alert>
                )}
                <Button type="submit" disabled={busy} className="w-full">
                  {busy && <Loader2Icon className="animate-spin" aria-hidden="true" />}
                  {TEXT.signInButton}
                </Button>
                <ForgotPassword email={email} />
              </form>
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <ShieldCheckIcon className="size-8 text-primary" aria-hidden="true" />
              <CardTitle>{TEXT.twoFactorHeading}</CardTitle>
              <CardDescription>{TEXT.twoFactorSubheading}</CardDescription>
            </CardHeader>
            <CardContent>
              <form
                className="flex flex-col gap-4"
                aria-label="Two-factor verification"
                onSubmit={(e) => {
                  e.preventDefault();
                  void onVerify();
                }}
              >
                <div className="flex flex-col gap-2">
                  <Label htmlFor="totp-code">Authentication code</Label>
                  <Input
                    id="totp-code"
                    ref={codeInput}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9]*"
                    maxLength={TWO_FACTOR_CODE_LENGTH}
                    placeholder="000000"
                    className="text-center font-mono text-2xl tracking-[0.5em]"
                    value={code}
                    aria-invalid={!!error}
                    aria-describedby={error ? "totp-error" : undefined}
                    onChange={(e) => setCode(sanitizeTotpInput(e.target.value))}
                    onPaste={(e) => {
                      e.preventDefault();
                      setCode(sanitizeTotpInput(e.clipboardData.getData("text")));
                    }}
                    onKeyDown={onCodeKeyDown}
                  />
                </div>
                {error && (
                  <Alert variant="destructive" id="totp-error" data-testid="auth-error">
                    {error}
                  </Alert>
                )}
                <Button
                  type="submit"
                  disabled={busy || code.length !== TWO_FACTOR_CODE_LENGTH}
                  className="w-full"
                >
                  {busy && <Loader2Icon className="animate-spin" aria-hidden="true" />}
                  {TEXT.verifyCode}
                </Button>
                <Button type="button" variant="outline" className="w-full" onClick={() => void onCancel()}>
                  {TEXT.cancel}
                </Button>
              </form>
            </CardContent>
          </Card>
        )}
      </div>
    </main>
  );
}

/** Sends a password-recovery mail whose link opens /auth/reset-password. */
function ForgotPassword({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const send = async () => {
    const address = email.trim();
    if (!address) {
      toastLater("error", "Enter your email address first");
      return;
    }
    setSending(true);
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.resetPasswordForEmail(address, {
        redirectTo: `${window.location.origin}/auth/reset-password`,
      });
      if (error) toastLater("error", error.message || TEXT.unexpectedError);
      else
        toastLater("success", "Check your inbox", {
          description: "If an account exists for this address, a reset link is on its way.",
        });
    } catch (err) {
      console.error("password-recovery request failed", err);
      toastLater("error", TEXT.unexpectedError);
    } finally {
      setSending(false);
    }
  };
  return (
    <Button
      type="button"
      variant="link"
      className="self-center"
      disabled={sending}
      onClick={() => void send()}
    >
      Forgot your password?
    </Button>
  );
}
