/**
 * Two-factor management: enrol a TOTP authenticator (QR code and secret, confirmed with a code),
 * list factors, and remove one after re-authenticating with a fresh code (aal2). Shared by the
 * staff's /settings and the partner portal's security page (both inside a query client).
 */
import { CopyIcon, Loader2Icon, ShieldCheckIcon, ShieldOffIcon, Trash2Icon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "#app/lib/toast.ts";
import { TEXT, TWO_FACTOR_CODE_LENGTH } from "#core/constants.ts";
import { sanitizeTotpInput } from "#core/sign-in.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { useFormatters } from "#app/lib/format.ts";
import {
  enrolTotp,
  refreshAuthSession,
  unenrolFactor,
  verifyTotp,
  type Enrolment,
  type FactorRow,
} from "../api/two-factor-api.ts";
import { useReloadFactors, useTotpFactors } from "../hooks/two-factor-queries.ts";

function messageOf(err: unknown): string {
  return err && typeof err === "object" && "message" in err && typeof err.message === "string" && err.message
    ? err.message
    : TEXT.unexpectedError;
}

function CodeInput({
  id,
  value,
  onChange,
  label,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  label: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={TWO_FACTOR_CODE_LENGTH}
        placeholder="000000"
        className="max-w-48 text-center font-mono text-lg tracking-[0.4em]"
        value={value}
        onChange={(e) => onChange(sanitizeTotpInput(e.target.value))}
      />
    </div>
  );
}

export function TwoFactorSection() {
  const fmt = useFormatters();
  const factors = useTotpFactors();
  const reload = useReloadFactors();

  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [enrolCode, setEnrolCode] = useState("");
  const [enrolError, setEnrolError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<FactorRow | null>(null);
  const [removeCode, setRemoveCode] = useState("");
  const [removeError, setRemoveError] = useState<string | null>(null);

  const startEnrolment = async () => {
    setBusy(true);
    setEnrolError(null);
    try {
      setEnrolment(await enrolTotp());
      setEnrolCode("");
    } catch (err) {
      console.error("2fa: enrol failed", err);
      toast.error("Could not start two-factor set-up", { description: messageOf(err) });
    } finally {
      setBusy(false);
    }
  };

  const confirmEnrolment = async (e: FormEvent) => {
    e.preventDefault();
    if (!enrolment) return;
    if (enrolCode.length !== TWO_FACTOR_CODE_LENGTH) {
      setEnrolError(TEXT.shortCode);
      return;
    }
    setBusy(true);
    setEnrolError(null);
    const error = await verifyTotp(enrolment.factorId, enrolCode);
    setBusy(false);
    if (error) {
      setEnrolError(messageOf(error));
      return;
    }
    setEnrolment(null);
    toast.success("Two-factor authentication is on", {
      description: "You will be asked for a code when you sign in.",
    });
    await reload();
  };

  const cancelEnrolment = async () => {
    if (!enrolment) return;
    const error = await unenrolFactor(enrolment.factorId);
    if (error) console.warn("2fa: unverified factor not removed", error);
    setEnrolment(null);
    await reload();
  };

  const removeFactor = async (factor: FactorRow, code: string) => {
    setBusy(true);
    setRemoveError(null);
    try {
      if (factor.status === "verified") {
        // Re-authenticate: a fresh challenge with a current code (the session becomes aal2 now).
        if (code.length !== TWO_FACTOR_CODE_LENGTH) {
          setRemoveError(TEXT.shortCode);
          return;
        }
        const refused = await verifyTotp(factor.id, code);
        if (refused) {
          setRemoveError(messageOf(refused));
          return;
        }
      }
      const error = await unenrolFactor(factor.id);
      if (error) {
        setRemoveError(messageOf(error));
        return;
      }
      await refreshAuthSession();
      setRemoving(null);
      toast.success("Authenticator removed");
      await reload();
    } catch (err) {
      console.error("2fa: removal failed", err);
      setRemoveError(TEXT.unexpectedError);
    } finally {
      setBusy(false);
    }
  };

  const list = factors.data ?? [];
  const verified = list.filter((f) => f.status === "verified");

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor authentication</CardTitle>
        <CardDescription>
          {verified.length > 0
            ? "On: signing in needs a code from your authenticator app."
            : "Off: add an authenticator app for a second sign-in step."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {factors.isPending ? (
          <Spinner label="Loading factors" />
        ) : factors.isError ? (
          <Alert variant="destructive">Could not load your authenticators: {messageOf(factors.error)}</Alert>
        ) : list.length > 0 ? (
          <ul className="divide-y rounded-md border" aria-label="Authenticators">
            {list.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="factor-row">
                {f.status === "verified" ? (
                  <ShieldCheckIcon className="size-5 text-primary" aria-hidden="true" />
                ) : (
                  <ShieldOffIcon className="size-5 text-muted-foreground" aria-hidden="true" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{f.friendly_name || "Authenticator app"}</p>
                  <p className="text-xs text-muted-foreground">
                    {f.status === "verified" ? "Verified" : "Not confirmed"} · added{" "}
                    {fmt.dateTime(f.created_at)}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    setRemoving(f);
                    setRemoveCode("");
                    setRemoveError(null);
                  }}
                  aria-label={`Remove ${f.friendly_name || "authenticator"}`}
                >
                  <Trash2Icon aria-hidden="true" /> Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : null}

        {enrolment ? (
          <form
            onSubmit={(e) => void confirmEnrolment(e)}
            className="flex flex-col gap-4 rounded-md border p-4"
            aria-label="Set up an authenticator"
          >
            <p className="text-sm">
              Scan this QR code with your authenticator app (Google Authenticator, Microsoft Authenticator,
              1Password…), then enter the 6-digit code it shows.
            </p>
            <img
              src={enrolment.qrCode}
              alt="QR code for your authenticator app"
              className="size-48 self-center rounded bg-white p-2 sm:self-start"
            />
            <div className="flex flex-col gap-1">
              <p className="text-sm text-muted-foreground">Can't scan? Enter this secret instead:</p>
              <div className="flex items-center gap-2">
                <code
                  className="break-all rounded bg-muted px-2 py-1 font-mono text-sm"
                  data-testid="totp-secret"
                >
                  {enrolment.secret}
                </code>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label="Copy the secret"
                  onClick={() =>
                    void navigator.clipboard
                      ?.writeText(enrolment.secret)
                      .then(() => toast.success("Secret copied"))
                  }
                >
                  <CopyIcon />
                </Button>
              </div>
            </div>
            <CodeInput id="enrol-code" label="Code from the app" value={enrolCode} onChange={setEnrolCode} />
            {enrolError && <Alert variant="destructive">{enrolError}</Alert>}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy || enrolCode.length !== TWO_FACTOR_CODE_LENGTH}>
                {busy && <Loader2Icon className="animate-spin" aria-hidden="true" />}
                Confirm and turn on
              </Button>
              <Button type="button" variant="outline" onClick={() => void cancelEnrolment()}>
                {TEXT.cancel}
              </Button>
            </div>
          </form>
        ) : (
          <Button
            className="self-start"
            onClick={() => void startEnrolment()}
            disabled={busy || factors.isPending}
          >
            {busy && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            {verified.length > 0 ? "Add another authenticator" : "Set up an authenticator app"}
          </Button>
        )}
      </CardContent>

      <Dialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <DialogContent>
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (removing) void removeFactor(removing, removeCode);
            }}
          >
            <DialogHeader>
              <DialogTitle>Remove this authenticator?</DialogTitle>
              <DialogDescription>
                {removing?.status === "verified"
                  ? "Confirm it is you: enter a current code from this authenticator. Without a second factor, your password alone will sign you in."
                  : "This set-up was never confirmed; removing it changes nothing else."}
              </DialogDescription>
            </DialogHeader>
            {removing?.status === "verified" && (
              <CodeInput id="remove-code" label="Current code" value={removeCode} onChange={setRemoveCode} />
            )}
            {removeError && <Alert variant="destructive">{removeError}</Alert>}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setRemoving(null)}>
                {TEXT.cancel}
              </Button>
              <Button
                type="submit"
                variant="destructive"
                disabled={
                  busy || (removing?.status === "verified" && removeCode.length !== TWO_FACTOR_CODE_LENGTH)
                }
              >
                {busy && <Loader2Icon className="animate-spin" aria-hidden="true" />}
                Remove authenticator
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
