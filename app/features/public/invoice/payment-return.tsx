/**
 * The visitor's return from the checkout (/invoice/{id}?reference=…): the edge worker verifies the
 * transaction with the provider and records it once; this shows the outcome and the receipt,
 * then the invoice reloads with its new balance. Loaded only on such a return.
 */
import { useEffect, useRef, useState } from "react";
import { PAYSTACK_VERIFY_PATH, receiptPdfPath } from "#core/payments/payment-endpoints.ts";

interface Outcome {
  status: "success" | "failed" | "abandoned" | "pending" | "error";
  message: string;
  receipt_number?: string | null;
  receipt_id?: string | null;
}

export default function PaymentReturn({
  reference,
  onSettled,
}: {
  reference: string;
  onSettled: () => void;
}) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => {
    let live = true;
    let tries = 0;
    async function check() {
      try {
        const res = await fetch(PAYSTACK_VERIFY_PATH, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ reference }),
        });
        const body = (await res.json().catch(() => ({}))) as Outcome & { message?: string };
        if (!live) return;
        if (!res.ok)
          return setOutcome({
            status: "error",
            message:
              body.message ??
              "We could not confirm this payment yet; it will show here once the payment service confirms it.",
          });
        setOutcome(body);
        if (body.status === "pending" && tries++ < 10) setTimeout(() => void check(), 3000);
        else settled.current();
      } catch {
        if (live)
          setOutcome({
            status: "error",
            message: "We could not reach the payment service; reload the page to check again.",
          });
      }
    }
    void check();
    return () => {
      live = false;
    };
  }, [reference]);
  const tone =
    outcome?.status === "success"
      ? "border-emerald-300 bg-emerald-50 text-emerald-950"
      : outcome && outcome.status !== "pending"
        ? "border-red-200 bg-red-50 text-red-900"
        : "border-stone-200 bg-stone-50";
  return (
    <section
      role="status"
      aria-live="polite"
      data-testid="payment-outcome"
      className={`mb-4 rounded-xl border p-4 print:hidden ${tone}`}
    >
      {!outcome ? (
        <p>Confirming your payment…</p>
      ) : (
        <>
          <p className="font-semibold">
            {outcome.status === "success"
              ? "Payment received"
              : outcome.status === "pending"
                ? "Payment in progress"
                : "Payment not completed"}
          </p>
          <p className="text-sm">{outcome.message}</p>
          {outcome.receipt_id && (
            <p className="mt-2 text-sm">
              Receipt {outcome.receipt_number}:{" "}
              <a className="font-semibold underline" href={receiptPdfPath(outcome.receipt_id)}>
                download the PDF
              </a>
            </p>
          )}
        </>
      )}
    </section>
  );
}
