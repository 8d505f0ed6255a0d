/**
 * Exact money arithmetic in minor units (pesewas for GHS, cents for USD): amounts are parsed
 * from their decimal text into integers, multiplied exactly (BigInt), and rounded once, half
 * away from zero — the rule Postgres's round(numeric, 2) applies, so the browser, the worker
 * and the database reach the same pesewa (issue 14). Floating point never touches a sum.
 */

export type Decimal = string | number;

/** "12.5" → 1250n at scale 2; "0.025" → 250n at scale 4. Throws on more decimals than the scale allows. */
export function toScaled(value: Decimal, scale: number): bigint {
  const text = typeof value === "number" ? numberText(value) : value.trim();
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new RangeError(`Not a decimal amount: "${text}"`);
  const fraction = (m[3] ?? "").replace(/0+$/, "");
  if (fraction.length > scale) throw new RangeError(`"${text}" has more than ${scale} decimal places`);
  const digits = BigInt(m[2]! + fraction.padEnd(scale, "0"));
  return m[1] ? -digits : digits;
}

/**
 * Significant decimal digits every double keeps (DBL_DIG): a decimal of at most 15 significant
 * digits reads into a double no other such decimal reads into.
 */
const EXACT_DIGITS = 15;

/**
 * A JS number that came from JSON (PostgREST sends numeric columns as JSON numbers) as the
 * decimal text the JSON carried. String(n) is the shortest decimal that reads back as n; when the
 * JSON carried at most 15 significant digits, that decimal is the one it carried (9333333.32,
 * never the binary neighbour 9333333.3200000003 that toFixed shows). With more digits the
 * number may already have lost one, so it is refused rather than guessed.
 */
function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`Not a finite amount: ${n}`);
  const text = plainDecimal(String(n));
  const digits = text.replace(/^-/, "").replace(".", "").replace(/^0+/, "").replace(/0+$/, "");
  if (digits.length > EXACT_DIGITS)
    throw new RangeError(`${text} has more than ${EXACT_DIGITS} significant digits: read it as text`);
  return text;
}

/** "1e-7" → "0.0000001", "1.5e+21" → "1500000000000000000000"; plain text unchanged. */
function plainDecimal(text: string): string {
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const digits = m[2]! + (m[3] ?? "");
  const point = 1 + Number(m[4]); // position of the decimal point within `digits`
  const body =
    point <= 0
      ? `0.${"0".repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + "0".repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return m[1] + body;
}

/** Amount in minor units (2 decimals) as a safe integer. */
export function toMinor(value: Decimal): number {
  return Number(toScaled(value, 2));
}

/** n / d rounded half away from zero (Postgres round()). */
export function divRound(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError("divisor must be positive");
  const q = n / d;
  const r = n % d;
  const twice = 2n * (r < 0n ? -r : r);
  if (twice >= d) return q + (n < 0n ? -1n : 1n);
  return q;
}

/** Minor units as decimal text with two places: 123456 → "1234.56", -5 → "-0.05". */
export function minorToDecimal(minor: number | bigint): string {
  const n = BigInt(minor);
  const sign = n < 0n ? "-" : "";
  const abs = n < 0n ? -n : n;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/** Minor units as a number of major units (for display and zod number fields only). */
export function minorToMajor(minor: number): number {
  return Number(minorToDecimal(minor));
}

/** "GHS 1,234.56" — grouping by thousands, two decimals, the currency code first (as on GRA invoices). */
export function formatMinor(minor: number, currency: string): string {
  const text = minorToDecimal(Math.abs(minor));
  const [whole, cents] = text.split(".") as [string, string];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${minor < 0 ? "−" : ""}${currency} ${grouped}.${cents}`;
}

/** An amount in minor units at an exchange rate (4 decimals, as stored), rounded once: USD → GHS pesewas. */
export function minorAtRate(minor: number, rate: Decimal): number {
  return Number(divRound(BigInt(minor) * toScaled(rate, 4), 10_000n));
}
