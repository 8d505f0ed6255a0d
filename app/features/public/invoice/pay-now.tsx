/**
 * "Pay now" on a public invoice (loaded only when the visitor presses it): mobile money (MTN,
 * Telecel, AirtelTigo) or card through Paystack. The edge worker fixes the amount (the balance
 * due) and opens the checkout; the visitor comes back to the invoice, where the payment is
 * verified (payment-return.tsx). No schema library: two fields, checked by hand.
 */
import { useState } from "react";
import { PAYSTACK_INITIALIZE_PATH } from "#core/payments/payment-endpoints.ts";

type Channel = "mobile_money" | "card";

export default function PayNow({
  invoiceId,
  email,
  amountLabel,
  onCancel,
}: {
  invoiceId: string;
  email: string | null;
  amountLabel: string;
  onCancel: () => void;
}) {
  const [channel, setChannel] = useState<Channel>("mobile_money");
  const [address, setAddress] = useState(email ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start(e: React.FormEvent) {
    e.preventDefault();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address.trim()))
      return setError("Enter the e-mail address for your receipt.");
    setError(null);
    setBusy(true);
    try {
      const res = await fetch(PAYSTACK_INITIALIZE_PATH, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ invoice_id: invoiceId, channel, email: address.trim() }),
      });
      const body = (await res.json().catch(() => ({}))) as {
        authorization_url?: string;
        message?: string;
        errors?: Record<string, string>;
      };
      if (!res.ok || !body.authorization_url)
        throw new Error(
          body.message ??
            Object.values(body.errors ?? {})[0] ??
            "The payment could not start; please try again.",
        );
      window.location.assign(body.authorization_url);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void start(e)}
      aria-label="Pay online"
      className="mt-4 flex flex-col gap-4 rounded-xl border border-emerald-200 bg-white p-4"
    >
      <fieldset>
        <legend className="font-semibold">Pay {amountLabel} with</legend>
        <label className="mt-2 flex items-center gap-2">
          <input
            type="radio"
            name="channel"
            value="mobile_money"
            checked={channel === "mobile_money"}
            onChange={() => setChannel("mobile_money")}
          />
          Mobile money (MTN MoMo, Telecel Cash, AirtelTigo Money)
        </label>
        <label className="mt-1 flex items-center gap-2">
          <input
            type="radio"
            name="channel"
            value="card"
            checked={channel === "card"}
            onChange={() => setChannel("card")}
          />
          Card (Visa, Mastercard)
        </label>
      </fieldset>
      <label className="flex flex-col gap-1 text-sm font-medium">
        E-mail for your receipt
        <input
          type="email"
          autoComplete="email"
          required
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          className="rounded-lg border border-stone-300 px-3 py-2 font-normal"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "pay-error" : undefined}
        />
      </label>
      {error && (
        <p id="pay-error" role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-emerald-800 px-5 py-2.5 font-semibold text-white disabled:opacity-60"
        >
          {busy ? "Opening the secure checkout…" : `Continue to pay ${amountLabel}`}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-full border border-stone-300 px-5 py-2.5 font-semibold"
        >
          Cancel
        </button>
      </div>
      <p className="text-xs text-stone-600">
        Payments are processed by Paystack. We never see your card or wallet PIN.
      </p>
    </form>
  );
}
